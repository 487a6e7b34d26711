import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushSubscription } from '@voltfleet/domain/alarms';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import PushCard from './push-card';

const OTHER: PushSubscription = {
  id: 3,
  label: 'Firefox · Android',
  endpoint: 'https://push.example/other',
  createdAt: '2026-03-01T08:00:00.000Z',
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
};
const MINE: PushSubscription = { ...OTHER, id: 7, label: 'Chrome · Linux', endpoint: 'https://push.example/mine' };
const PUBLIC_KEY = 'B'.repeat(87);

/** The browser APIs jsdom lacks: Notification and a service worker registration with a push manager. */
function fakeBrowserPush(permission: NotificationPermission) {
  let subscribed: string | null = null;
  const subscription = () => ({
    endpoint: MINE.endpoint,
    getKey: (name: string) => new Uint8Array(name === 'p256dh' ? 65 : 16).fill(7).buffer,
    unsubscribe: vi.fn(() => {
      subscribed = null;
      return Promise.resolve(true);
    }),
  });
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(subscribed ? subscription() : null)),
    subscribe: vi.fn((options: { applicationServerKey: Uint8Array }) => {
      subscribed = MINE.endpoint;
      expect(options.applicationServerKey.length).toBe(65);
      return Promise.resolve(subscription());
    }),
  };
  vi.stubGlobal('Notification', { requestPermission: vi.fn(() => Promise.resolve(permission)) });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return pushManager;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push notifications card', { timeout: 60_000 }, () => {
  it('enables push on this browser with the server key and lists it; tests and removes a browser', async () => {
    const pushManager = fakeBrowserPush('granted');
    let list = [OTHER];
    const api = fakeApi({
      'GET /api/push/subscriptions': () => ok(list),
      'GET /api/push/public-key': ok({ publicKey: PUBLIC_KEY }),
      'POST /api/push/subscriptions': () => {
        list = [OTHER, MINE];
        return ok(MINE);
      },
      'POST /api/push/subscriptions/3/test': ok({ outcome: 'sent', detail: '' }),
      'DELETE /api/push/subscriptions/3': () => {
        list = [MINE];
        return ok(null);
      },
    });
    await renderWithProviders(<PushCard />, { me: testMe([]) });
    await userEvent.click(await screen.findByTestId('push-enable'));
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1));
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const body = api.callsTo('POST /api/push/subscriptions')[0]!.body as { endpoint: string; keys: object };
    expect(body.endpoint).toBe(MINE.endpoint);
    expect(body.keys).toEqual({
      p256dh: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      auth: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const mine = await screen.findByTestId('push-item-7');
    expect(within(mine).getByText('This browser')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('push-enable')).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId('push-test-3'));
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions/3/test')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('push-remove-3'));
    await userEvent.click(await screen.findByTestId('push-remove-ok'));
    await waitFor(() => expect(screen.queryByTestId('push-item-3')).not.toBeInTheDocument());
  });

  it('says push is unavailable without a service worker, and never asks for permission', async () => {
    vi.stubGlobal('Notification', { requestPermission: vi.fn() });
    fakeApi({ 'GET /api/push/subscriptions': ok([]) });
    await renderWithProviders(<PushCard />, { me: testMe([]) });
    expect(await screen.findByTestId('push-unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('push-enable')).not.toBeInTheDocument();
  });

  it('says so when the browser blocks notifications', async () => {
    const pushManager = fakeBrowserPush('denied');
    fakeApi({ 'GET /api/push/subscriptions': ok([]), 'GET /api/push/public-key': ok({ publicKey: PUBLIC_KEY }) });
    await renderWithProviders(<PushCard />, { me: testMe([]) });
    await userEvent.click(await screen.findByTestId('push-enable'));
    expect(await screen.findByTestId('push-denied')).toBeInTheDocument();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});
