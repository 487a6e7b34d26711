import { RESPONSE_CODES, type ResponseCode, type ValidationIssue } from '@voltfleet/domain/envelope';
import { currentLang, i18next } from './i18n';
import { notify } from './notice';
import { browserOffline, markCachedData, reportAnswer, reportNetworkFailure, storedAtOf } from './offline';

/** R9.1: requests give up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

type ErrorCode = ResponseCode | 'network' | 'offline';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Codes the caller handles itself (no global notice), or true for all of them. */
  quiet?: boolean | readonly ErrorCode[];
  /** false: a 401 is an ordinary error (login, password check) instead of "session over, go to login". */
  authRedirect?: boolean;
}

/** A failed request: the envelope's code and localised msg, plus field issues for validation errors. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly issues: readonly ValidationIssue[] = [],
    /** Whether the user was already told (a notice, or one identical to it, is on screen). */
    readonly handled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: (msg: string) => void = () => {};

/** Registers what a 401 does (clear the session, go to /login?from=…); set once by the app. */
export function setUnauthorizedHandler(handler: (msg: string) => void): void {
  onUnauthorized = handler;
}

interface Envelope {
  code: ResponseCode;
  msg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { code, msg } = value as Record<string, unknown>;
  return typeof code === 'string' && (RESPONSE_CODES as readonly string[]).includes(code) && typeof msg === 'string';
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** How long an early answer waits for the request that takes it. */
export const EARLY_KEEP_MS = 10_000;

/** GET answers asked for before the page that reads them has loaded, by URL (see askEarly). */
const early = new Map<string, { lang: string; response: Promise<Response>; arrived?: { data: unknown } }>();

const headersFor = (accept: string, lang: string): Record<string, string> => ({
  Accept: accept,
  'Accept-Language': lang,
});

/**
 * Sends a GET now, for a page whose code is still loading: a signed-in arrival on a detail page otherwise asks for
 * its first data only after the shell's chunk, the page's chunk and the first render. The page's own request for the
 * same URL in the same language takes this answer (once) instead of sending another; an answer nobody takes within
 * EARLY_KEEP_MS is dropped, so no page ever shows an old one.
 */
export function askEarly(path: string, lang: string): void {
  if (early.has(path)) return;
  const response = fetch(path, {
    headers: headersFor('application/json', lang),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  // A failure is the taker's to handle (it asks again); untaken, it is nobody's.
  response.catch(() => undefined);
  early.set(path, { lang, response });
  // Read whole and well before the page renders, its query can start with the data (takeArrivedEarly). A copy is
  // read: the taker of the response reads its own body.
  void response
    .then(async (answer) => {
      const payload: unknown = answer.ok ? await answer.clone().json() : undefined;
      const entry = early.get(path);
      if (entry?.response === response && isEnvelope(payload) && payload.code === 'ok')
        entry.arrived = { data: payload.data };
    })
    .catch(() => undefined);
  setTimeout(() => {
    if (early.get(path)?.response === response) early.delete(path);
  }, EARLY_KEEP_MS);
}

/** The early answer to a GET of `url` in `lang`, if one is waiting; each is taken once. */
function takeEarly(url: string, lang: string): Promise<Response> | undefined {
  const found = early.get(url);
  if (!found) return undefined;
  early.delete(url);
  return found.lang === lang ? found.response : undefined;
}

/**
 * The data of an early answer to `path` that has already arrived whole and well (200, code ok) in the UI's language,
 * taken now. A page's query starts with it and shows it in its first render, instead of one render later when its
 * own request takes the answer. Undefined when none has: the page's request then asks as usual.
 */
export function takeArrivedEarly(path: string): unknown {
  const found = early.get(path);
  if (!found?.arrived || found.lang !== currentLang()) return undefined;
  early.delete(path);
  return found.arrived.data;
}

/**
 * Query options for a page's first query that start it with its early answer when that has already arrived: the
 * figures then show in the page's first render. `path` must be the URL the query's own GET sends. Without an arrived
 * answer the query asks as usual. (Plain options, so this file loads no query library.)
 */
export const startWithEarly = <T>(path: string) => ({
  // React Query calls it once, when it creates the query.
  initialData: () => takeArrivedEarly(path) as T | undefined,
});

function isQuiet(quiet: RequestOptions['quiet'], code: ErrorCode): boolean {
  return quiet === true || (Array.isArray(quiet) && quiet.includes(code));
}

/**
 * A write while the browser reports no network is refused before anything is sent (issue 41): the user is told it
 * was not saved, instead of a request that fails later or never. Reads go out (the service worker may answer them
 * from its cache of last answers).
 */
function refuseOfflineWrite(method: string, options: RequestOptions): void {
  if (method === 'GET' || !browserOffline()) return;
  const text = i18next.t('http.offlineWrite');
  const quiet = isQuiet(options.quiet, 'offline');
  if (!quiet) notify('warning', text);
  throw new ApiError('offline', text, 0, [], !quiet);
}

/** Sends one request with the 30 s time-out; a network failure becomes ApiError('network') after its notice. */
async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  refuseOfflineWrite(method, options);
  const url = buildUrl(path, options.query);
  const headers = headersFor(accept, currentLang());
  if (method === 'GET' && accept === 'application/json') {
    const waiting = takeEarly(url, currentLang());
    // Failed early (the network, its time-out): this request asks again and handles what happens then.
    if (waiting) return waiting.catch(() => send(method, path, options, accept));
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  // A FormData body (file upload) sets its own multipart content type and boundary.
  const form = options.body instanceof FormData ? options.body : undefined;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: controller.signal,
    });
  } catch (cause) {
    // The caller gave up (unmounted, query cancelled): nothing to tell the user.
    if (options.signal?.aborted) throw cause;
    reportNetworkFailure();
    // Offline, the shell's banner says so already; a read that found nothing cached needs no notice of its own.
    const offline = browserOffline();
    const text = i18next.t(offline ? 'http.offline' : 'http.networkError');
    const quiet = isQuiet(options.quiet, 'network') || (offline && method === 'GET');
    if (!quiet) notify('info', text);
    throw new ApiError('network', text, 0, [], !quiet);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Sends one API request and returns the envelope's data; failures throw ApiError after R8.1–R8.3 handling. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  const storedAt = storedAtOf(response);
  reportAnswer(storedAt);
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok && isEnvelope(payload) && payload.code === 'ok') {
    // From the service worker's cache: the query shows the age of that answer, not of this moment.
    if (storedAt !== undefined) markCachedData(payload.data, storedAt);
    return payload.data as T;
  }
  return fail(response.status, payload, options);
}

/** GETs a file (a generated sheet) as a Blob; an error answer is an envelope, handled like any other request. */
export async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  const response = await send('GET', path, options, '*/*');
  reportAnswer(storedAtOf(response));
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.startsWith('application/json')) return response.blob();
  return fail(response.status, await response.json().catch(() => undefined), options);
}

function fail(status: number, payload: unknown, options: RequestOptions): never {
  const serverError = i18next.t('http.serverError');
  if (!isEnvelope(payload)) {
    // A proxy page or an empty body: the server is not answering properly.
    const quiet = isQuiet(options.quiet, 'error');
    if (!quiet) notify('warning', serverError);
    throw new ApiError('error', serverError, status, [], !quiet);
  }
  const { code, msg } = payload;
  const issues = code === 'validation' ? readIssues(payload.data) : [];
  if (code === 'unauthorized' && options.authRedirect !== false) {
    onUnauthorized(msg);
    throw new ApiError(code, msg, status, [], true);
  }
  if (isQuiet(options.quiet, code)) throw new ApiError(code, msg, status, issues);
  const text = code === 'error' || status >= 500 ? serverError : msg;
  notify('warning', text);
  throw new ApiError(code, text, status, issues, true);
}

function readIssues(data: unknown): ValidationIssue[] {
  const issues = (data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (i): i is ValidationIssue => typeof i?.path === 'string' && typeof (i as ValidationIssue).message === 'string',
  );
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
