import { act, screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOfflineState, reportAnswer, reportNetworkFailure } from '@/lib/offline';
import { offerUpdate, registerServiceWorker } from '@/lib/service-worker-registration';
import { SKIP_WAITING } from '@/service-worker/contract';
import { renderWithProviders } from '@/test/render';
import { TEXTS } from '@/test/texts';
import { formatAge } from './offline-age';
import { OfflineBanner } from './offline-banner';

const MINUTE = 60_000;

/** A page's query (its data is put in by the test). */
function PageData() {
  const { data } = useQuery({ queryKey: ['plants'], queryFn: () => new Promise<string>(() => {}) });
  return <div>{data}</div>;
}

function setBrowserOnline(onLine: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });
  window.dispatchEvent(new Event(onLine ? 'online' : 'offline'));
}

afterEach(() => {
  setBrowserOnline(true);
  resetOfflineState();
});

describe('OfflineBanner (issue 41)', () => {
  it('shows nothing online, and the banner with the data age when the browser goes offline', async () => {
    const { queryClient } = await renderWithProviders(
      <>
        <OfflineBanner />
        <PageData />
      </>,
    );
    act(() => queryClient.setQueryData(['plants'], 'Plant A', { updatedAt: Date.now() - 12 * MINUTE }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    act(() => setBrowserOnline(false));
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent(TEXTS.en.shell!.offline as string);
    expect(within(banner).getByTestId('offline-data-age')).toHaveTextContent('Data from 12 minutes ago.');

    act(() => setBrowserOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows when the API cannot be reached, in the UI language, until the server answers again', async () => {
    await renderWithProviders(<OfflineBanner />, { lang: 'de' });
    act(() => reportNetworkFailure());
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent(TEXTS.de.shell!.offline as string);
    // Nothing on screen came from anywhere: no age.
    expect(within(banner).queryByTestId('offline-data-age')).toBeNull();

    act(() => reportAnswer(Date.now() - 3 * 60 * MINUTE));
    expect(await within(banner).findByTestId('offline-data-age')).toHaveTextContent('Datenstand: vor 3 Stunden.');
    act(() => reportAnswer());
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('formatAge', () => {
  it('counts minutes, then hours, then days, in the language', () => {
    expect(formatAge(10_000, 'en')).toBe('1 minute ago');
    expect(formatAge(12 * MINUTE, 'en')).toBe('12 minutes ago');
    expect(formatAge(12 * MINUTE, 'cs')).toBe('před 12 minutami');
    expect(formatAge(12 * MINUTE, 'zh')).toBe('12分钟前');
    expect(formatAge(5 * 60 * MINUTE, 'en')).toBe('5 hours ago');
    expect(formatAge(3 * 24 * 60 * MINUTE, 'de')).toBe('vor 3 Tagen');
  });
});

describe('the new-version notice', () => {
  it('reloads into the waiting version only when the user asks', async () => {
    const { user } = await renderWithProviders(<div />);
    const worker = { postMessage: vi.fn() } as unknown as ServiceWorker;
    const container = new EventTarget() as ServiceWorkerContainer;
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    act(() => offerUpdate(worker, container));

    const notice = await screen.findByTestId('update-ready');
    expect(notice).toHaveTextContent(TEXTS.en.http!.updateReady as string);
    expect(worker.postMessage).not.toHaveBeenCalled();
    await user.click(within(notice).getByTestId('update-reload'));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    // The page reloads once the new version controls it, not before.
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

/** A service worker in `state`, as the registration reports it. */
function fakeWorker(state: ServiceWorkerState): ServiceWorker & { setState(next: ServiceWorkerState): void } {
  const worker = Object.assign(new EventTarget(), { state, postMessage: vi.fn() });
  return Object.assign(worker as unknown as ServiceWorker, {
    setState(next: ServiceWorkerState) {
      worker.state = next;
      worker.dispatchEvent(new Event('statechange'));
    },
  });
}

function fakeContainer(controlled: boolean, registration: Partial<ServiceWorkerRegistration>) {
  const reg = Object.assign(new EventTarget(), { update: vi.fn(() => Promise.resolve()), ...registration });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => Promise.resolve(reg)),
  });
  return { container: container as unknown as ServiceWorkerContainer, registration: reg };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app and offers a version that is already waiting', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    await renderWithProviders(<div />);
    const { container } = fakeContainer(true, { waiting: fakeWorker('installed'), installing: null });
    await act(() => registerServiceWorker(container));
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(await screen.findByTestId('update-ready')).toBeInTheDocument();
  });

  it('offers a new version once it has installed, but says nothing about the first one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    await renderWithProviders(<div />);
    const first = fakeWorker('installing');
    const fresh = fakeContainer(false, { waiting: null, installing: first });
    await act(() => registerServiceWorker(fresh.container));
    act(() => first.setState('installed'));
    expect(screen.queryByTestId('update-ready')).toBeNull();

    const next = fakeWorker('installing');
    const updated = fakeContainer(true, { waiting: null, installing: null });
    await act(() => registerServiceWorker(updated.container));
    act(() => {
      Object.assign(updated.registration, { installing: next });
      updated.registration.dispatchEvent(new Event('updatefound'));
    });
    expect(screen.queryByTestId('update-ready')).toBeNull();
    act(() => next.setState('installed'));
    expect(await screen.findByTestId('update-ready')).toBeInTheDocument();
  });
});
