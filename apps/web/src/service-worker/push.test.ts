import { describe, expect, it, vi } from 'vitest';
import { notificationTarget, openNotificationPage, readPushPayload, type WindowTab } from './push';

// The Web Push payload the server sends (issue 41): { title, body, url, tag? } as JSON.
describe('readPushPayload', () => {
  it('reads the agreed payload, with or without a tag', () => {
    expect(
      readPushPayload('{"title":"Alarm","body":"Plant A: grid lost","url":"/alarms?id=4","tag":"alarm-4"}'),
    ).toEqual({ title: 'Alarm', body: 'Plant A: grid lost', url: '/alarms?id=4', tag: 'alarm-4' });
    expect(readPushPayload('{"title":"T","body":"","url":"/"}')).toEqual({ title: 'T', body: '', url: '/' });
  });

  it('shows nothing for anything else', () => {
    for (const text of [
      undefined,
      '',
      'not json',
      'null',
      '[]',
      '{"title":"T","body":"B"}',
      '{"title":"","body":"B","url":"/"}',
      '{"title":"T","body":"B","url":"/","tag":4}',
    ]) {
      expect(readPushPayload(text), String(text)).toBeUndefined();
    }
  });
});

describe('notificationTarget', () => {
  const origin = 'https://fleet.example.test';
  it('resolves a path of the app against its origin', () => {
    expect(notificationTarget('/alarms?id=4', origin)).toBe(`${origin}/alarms?id=4`);
    expect(notificationTarget(`${origin}/workOrders`, origin)).toBe(`${origin}/workOrders`);
    expect(notificationTarget('', origin)).toBe(`${origin}/`);
  });

  it('opens the page of a link written for another address of the portal here (PUBLIC_URL may differ)', () => {
    expect(notificationTarget('http://localhost:8080/alarmCenter/alarmSearch?alarm=9', origin)).toBe(
      `${origin}/alarmCenter/alarmSearch?alarm=9`,
    );
    expect(notificationTarget('https://elsewhere.test/workOrders?open=3#c', origin)).toBe(
      `${origin}/workOrders?open=3#c`,
    );
    expect(notificationTarget('//elsewhere.test/x', origin)).toBe(`${origin}/x`);
  });

  it('never leaves the origin, and opens the start page for what is not a web link', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.test', 'http://[bad'])
      expect(notificationTarget(url, origin), url).toBe(`${origin}/`);
  });
});

// The notificationclick handler's work (sw.ts): a click on a notification cannot be made in a test browser (no
// DevTools command or Playwright call clicks one; e2e/push.e2e.ts opens the page it leads to), so it runs here on
// a fake of the service worker's `clients`: the window it focuses or opens.
describe('openNotificationPage', () => {
  const origin = 'https://fleet.example.test';
  const alarm = `${origin}/alarmCenter/alarmSearch?alarm=4`;
  const tab = (url: string): WindowTab & { focus: ReturnType<typeof vi.fn> } => ({
    url,
    focus: vi.fn(() => Promise.resolve(undefined)),
  });
  const windows = (tabs: WindowTab[]) => ({
    matchAll: vi.fn(() => Promise.resolve(tabs)),
    openWindow: vi.fn(() => Promise.resolve(null)),
  });

  it('focuses a window already at the page, among every window of the app (controlled or not)', async () => {
    const there = tab(alarm);
    const other = tab(`${origin}/workOrders`);
    const clients = windows([other, there]);
    expect(await openNotificationPage({ url: alarm }, clients, origin)).toBe(alarm);
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(there.focus).toHaveBeenCalledTimes(1);
    expect(other.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window at the page when none is there', async () => {
    const other = tab(`${origin}/alarmCenter/alarmSearch?alarm=5`);
    const clients = windows([other]);
    await openNotificationPage({ url: `${origin}/workOrders?open=9` }, clients, origin);
    expect(clients.openWindow).toHaveBeenCalledWith(`${origin}/workOrders?open=9`);
    expect(other.focus).not.toHaveBeenCalled();
  });

  it('opens the start page for data without a web link', async () => {
    for (const data of [null, undefined, 'text', {}, { url: 4 }, { url: 'javascript:alert(1)' }]) {
      const clients = windows([]);
      expect(await openNotificationPage(data, clients, origin), JSON.stringify(data)).toBe(`${origin}/`);
      expect(clients.openWindow).toHaveBeenCalledWith(`${origin}/`);
    }
  });
});
