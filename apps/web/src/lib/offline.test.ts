import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import { STORED_AT_HEADER } from '@/service-worker/contract';
import { TEXTS } from '@/test/texts';
import { ApiError, http } from './http';
import { i18next } from './i18n';
import { bindNoticeApi } from './notice';
import { cachedDataAt, getOfflineState, resetOfflineState } from './offline';
import { queryClient } from './query-client';

// Issue 41: offline, a write is refused before it is sent, with a localised notice; a read still goes out (the
// service worker may answer it from its cache), and what came from that cache keeps its own age.
const en = TEXTS.en;
let notices: ArgsProps[] = [];
const fetchMock = vi.fn<typeof fetch>();

const ok = (data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code: 'ok', msg: 'Success', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

function setOnline(onLine: boolean): void {
  vi.stubGlobal('navigator', { onLine });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});

beforeEach(() => {
  notices = [];
  bindNoticeApi({ open: (a: ArgsProps) => (notices.push(a), Promise.resolve(true)) } as unknown as MessageInstance);
  vi.stubGlobal('fetch', fetchMock);
  resetOfflineState();
});

afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  notices.forEach((n) => n.onClose?.());
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('writes while offline', () => {
  it.each([
    ['POST', () => http.post('/api/alarms/7/ack', { note: 'seen' })],
    ['PUT', () => http.put('/api/users/me', { name: 'Ann' })],
    ['DELETE', () => http.delete('/api/webhooks/3')],
  ])('refuses a %s before sending it, with the localised message', async (_method, write) => {
    setOnline(false);
    const error = await failure(write());
    expect(error.code).toBe('offline');
    expect(error.message).toBe(en.http!.offlineWrite);
    expect(error.handled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notices.map((n) => [n.type, n.content])).toEqual([['warning', en.http!.offlineWrite]]);
  });

  it('leaves the message to a caller that handles it (quiet), still sending nothing', async () => {
    setOnline(false);
    const error = await failure(http.post('/api/auth/logout', undefined, { quiet: ['offline'] }));
    expect(error).toMatchObject({ code: 'offline', handled: false, message: en.http!.offlineWrite });
    expect(notices).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends writes online', async () => {
    setOnline(true);
    fetchMock.mockResolvedValueOnce(ok({ id: 1 }));
    await expect(http.post('/api/webhooks', { url: 'https://example.test' })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still sends reads offline, and a read that finds no network adds no notice to the banner', async () => {
    setOnline(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(http.get('/api/plants'));
    expect(error.code).toBe('network');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notices).toHaveLength(0);
    expect(getOfflineState().offline).toBe(true);
  });
});

describe('the offline state', () => {
  it('is offline after a network failure, and online again at the next answer from the server', async () => {
    setOnline(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failure(http.get('/api/plants', { quiet: true }));
    expect(getOfflineState()).toMatchObject({ offline: true, browserOffline: false });
    fetchMock.mockResolvedValueOnce(ok([]));
    await http.get('/api/plants');
    expect(getOfflineState()).toMatchObject({ offline: false, cachedSince: undefined });
  });

  it("takes an answer from the service worker's cache as offline, with that answer's time", async () => {
    setOnline(true);
    const storedAt = Date.now() - 12 * 60_000;
    fetchMock.mockResolvedValueOnce(ok({ items: [1] }, { [STORED_AT_HEADER]: String(storedAt) }));
    const data = await http.get('/api/plants');
    expect(getOfflineState()).toMatchObject({ offline: true, cachedSince: storedAt });
    expect(cachedDataAt(data)).toBe(storedAt);
  });

  it("dates a query's data from the service worker's cache by the cached answer", async () => {
    setOnline(true);
    const storedAt = Date.now() - 12 * 60_000;
    fetchMock.mockResolvedValueOnce(ok({ items: [1] }, { [STORED_AT_HEADER]: String(storedAt) }));
    await queryClient.fetchQuery({ queryKey: ['plants'], queryFn: () => http.get('/api/plants') });
    expect(queryClient.getQueryState(['plants'])?.dataUpdatedAt).toBe(storedAt);
    fetchMock.mockResolvedValueOnce(ok({ items: [2] }));
    await queryClient.fetchQuery({ queryKey: ['plants'], queryFn: () => http.get('/api/plants'), staleTime: 0 });
    expect(queryClient.getQueryState(['plants'])?.dataUpdatedAt).toBeGreaterThan(storedAt);
    queryClient.clear();
  });
});
