import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushRegistration } from './browser-push';

/** A service worker as the page sees it: its state, and `statechange` when it moves on. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/**
 * A browser with Notification, PushManager and a service worker container whose `ready` resolves when the test says
 * (a first visit: only once the worker has precached the build) and whose registration is `registration`.
 */
function browserWith(registration: { installing?: FakeWorker; active?: FakeWorker } | undefined) {
  let activate: () => void = () => undefined;
  const active = { pushManager: {} };
  const ready = new Promise((resolve) => (activate = () => resolve(active)));
  vi.stubGlobal('window', { Notification: {}, PushManager: {} });
  vi.stubGlobal('navigator', {
    serviceWorker: { ready, getRegistration: () => Promise.resolve(registration) },
  });
  return { active, activate };
}

const settled = async (p: Promise<unknown>) => {
  const mark = Symbol('pending');
  const result = await Promise.race([p, new Promise((resolve) => setTimeout(() => resolve(mark), 30))]);
  return result === mark ? 'pending' : result;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

// The card asks at once; a first visit's worker is still installing then (precaching some 600 files took 8 s in
// Chromium on an idle machine, e2e/push.e2e.ts): the card said "unavailable" for good until a reload.
describe('pushRegistration', () => {
  it('is the registration once its worker is active, when that is in time', async () => {
    const browser = browserWith({ active: new FakeWorker('activated') });
    browser.activate();
    expect(await pushRegistration(10)).toBe(browser.active);
  });

  it('waits past the time for a worker still installing, until it is active', async () => {
    const worker = new FakeWorker('installing');
    const browser = browserWith({ installing: worker });
    const asked = pushRegistration(10);
    expect(await settled(asked)).toBe('pending');
    worker.moveTo('activated');
    browser.activate();
    expect(await asked).toBe(browser.active);
  });

  it('is null when the installing worker fails, or when there is no registration after the time', async () => {
    const worker = new FakeWorker('installing');
    browserWith({ installing: worker });
    const asked = pushRegistration(10);
    expect(await settled(asked)).toBe('pending');
    worker.moveTo('redundant');
    expect(await asked).toBeNull();

    browserWith(undefined);
    expect(await pushRegistration(10)).toBeNull();
  });
});
