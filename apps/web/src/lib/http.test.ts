import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import {
  ApiError,
  EARLY_KEEP_MS,
  REQUEST_TIMEOUT_MS,
  askEarly,
  http,
  setUnauthorizedHandler,
  takeArrivedEarly,
} from './http';
import { i18next } from './i18n';
import { bindNoticeApi } from './notice';
import { TEXTS } from '@/test/texts';

const en = TEXTS.en;

let notices: ArgsProps[] = [];
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
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
});

afterEach(async () => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
  notices.forEach((n) => n.onClose?.());
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('http client (R8.1–R8.3)', () => {
  it('sends a FormData body as it is (multipart upload), JSON bodies as JSON', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { code: 'ok', msg: 'Success', data: null })));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'devices.xlsx');
    await http.post('/api/device-storage/import', form);
    await http.post('/api/device-storage', { sn: 'VF10K2400101' });
    const upload = fetchMock.mock.calls[0]![1]!;
    const json = fetchMock.mock.calls[1]![1]!;
    expect(upload.body).toBe(form);
    expect((upload.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(json.body).toBe('{"sn":"VF10K2400101"}');
    expect((json.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns data, sends the language and the cookie, and drops empty query values', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 'ok', msg: 'Success', data: { items: [1] } }));
    await expect(http.get('/api/users', { query: { keyword: '', page: 2, enabled: undefined } })).resolves.toEqual({
      items: [1],
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users?page=2');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('en');
    expect(notices).toHaveLength(0);
  });

  it('shows the server msg as a warning for other codes', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { code: 'conflict', msg: 'Users still hold this role', data: null }));
    const error = await failure(http.delete('/api/roles/3'));
    expect(error.code).toBe('conflict');
    expect(notices.map((n) => [n.type, n.content])).toEqual([['warning', 'Users still hold this role']]);
  });

  it('says "Server Error" for code error and HTTP 5xx', async () => {
    fetchMock.mockResolvedValueOnce(answer(500, { code: 'error', msg: 'boom', data: null }));
    expect((await failure(http.get('/api/x'))).code).toBe('error');
    expect(notices.map((n) => [n.type, n.content])).toEqual([['warning', 'Server Error']]);
  });

  it('leaves validation issues to the caller when asked to', async () => {
    const issues = [{ path: 'name', message: 'This field is required' }];
    fetchMock.mockResolvedValueOnce(answer(400, { code: 'validation', msg: 'Invalid', data: { issues } }));
    const error = await failure(http.post('/api/roles', {}, { quiet: ['validation'] }));
    expect(error.issues).toEqual(issues);
    expect(error.handled).toBe(false);
    expect(notices).toHaveLength(0);
  });

  it('hands a 401 to the session handler instead of a warning', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValueOnce(answer(401, { code: 'unauthorized', msg: 'Please login!', data: null }));
    await failure(http.get('/api/auth/me'));
    expect(handler).toHaveBeenCalledWith('Please login!');
    expect(notices).toHaveLength(0);
  });

  it('treats a 401 as an ordinary error when authRedirect is false (wrong password at login)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValueOnce(answer(401, { code: 'unauthorized', msg: 'Wrong password', data: null }));
    await failure(http.post('/api/auth/login', {}, { authRedirect: false }));
    expect(handler).not.toHaveBeenCalled();
    expect(notices.map((n) => n.content)).toEqual(['Wrong password']);
  });

  it('says "Please refresh and try again" when the network fails, once for parallel failures', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const errors = await Promise.all([failure(http.get('/a')), failure(http.get('/b')), failure(http.get('/c'))]);
    expect(errors.map((e) => e.code)).toEqual(['network', 'network', 'network']);
    expect(notices.map((n) => [n.type, n.content])).toEqual([['info', 'Please refresh and try again']]);
  });

  it('gives up after 30 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = failure(http.get('/api/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(notices).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe('network');
  });

  it('says nothing when the caller cancelled', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = http.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(DOMException);
    expect(notices).toHaveLength(0);
  });
});

describe('early answers (askEarly)', () => {
  const ok = (data: unknown) => answer(200, { code: 'ok', msg: 'Success', data });

  it('a page’s GET of the same URL in the same language takes the early answer instead of asking again', async () => {
    fetchMock.mockResolvedValueOnce(ok({ name: 'Roof' }));
    askEarly('/api/early/1', 'en');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/early/1');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'en' });
    await expect(http.get('/api/early/1')).resolves.toEqual({ name: 'Roof' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is taken once: the next GET asks the server', async () => {
    fetchMock.mockResolvedValueOnce(ok(1)).mockResolvedValueOnce(ok(2));
    askEarly('/api/early/2', 'en');
    askEarly('/api/early/2', 'en'); // asked twice before the page: still one request
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(http.get('/api/early/2')).resolves.toBe(1);
    await expect(http.get('/api/early/2')).resolves.toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another URL, another language, or a request other than a GET', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(ok('fresh')));
    askEarly('/api/early/3', 'de');
    await expect(http.get('/api/early/3')).resolves.toBe('fresh'); // the UI reads English
    askEarly('/api/early/4', 'en');
    await expect(http.get('/api/early/4', { query: { page: 2 } })).resolves.toBe('fresh');
    await expect(http.post('/api/early/4')).resolves.toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('is dropped when nobody takes it in time, so no page shows an old answer', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(ok('old')).mockResolvedValueOnce(ok('new'));
    askEarly('/api/early/5', 'en');
    await vi.advanceTimersByTimeAsync(EARLY_KEEP_MS);
    await expect(http.get('/api/early/5')).resolves.toBe('new');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('failed on the network: the taker asks again, and says nothing when that works', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok('second'));
    askEarly('/api/early/6', 'en');
    await expect(http.get('/api/early/6')).resolves.toBe('second');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(notices).toHaveLength(0);
  });

  /** Lets the early answer's body be read (fetch and the JSON parse settle on later turns). */
  const arrival = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('arrived whole and well, its data is taken once; nothing is asked again', async () => {
    fetchMock.mockResolvedValueOnce(ok({ name: 'Roof' }));
    askEarly('/api/early/8', 'en');
    await arrival();
    expect(takeArrivedEarly('/api/early/8')).toEqual({ name: 'Roof' });
    expect(takeArrivedEarly('/api/early/8')).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('not arrived yet: nothing is taken, and the page’s GET still takes the answer', async () => {
    let deliver: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));
    askEarly('/api/early/9', 'en');
    expect(takeArrivedEarly('/api/early/9')).toBeUndefined();
    const pending = http.get('/api/early/9');
    deliver(ok('late'));
    await expect(pending).resolves.toBe('late');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a refusal or another language is never taken as data: the page’s request handles the answer', async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { code: 'not_found', msg: 'No such plant', data: null }));
    askEarly('/api/early/10', 'en');
    await arrival();
    expect(takeArrivedEarly('/api/early/10')).toBeUndefined();
    expect((await failure(http.get('/api/early/10', { quiet: ['not_found'] }))).code).toBe('not_found');
    fetchMock.mockResolvedValueOnce(ok('Střecha'));
    askEarly('/api/early/11', 'cs');
    await arrival();
    expect(takeArrivedEarly('/api/early/11')).toBeUndefined(); // the UI reads English
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early "session over" is handled like any other: the taker goes to the login', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    fetchMock.mockResolvedValueOnce(answer(401, { code: 'unauthorized', msg: 'Please log in again', data: null }));
    askEarly('/api/early/7', 'en');
    expect((await failure(http.get('/api/early/7'))).code).toBe('unauthorized');
    expect(unauthorized).toHaveBeenCalledWith('Please log in again');
  });
});
