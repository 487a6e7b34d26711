import { KIOSK_HEADER } from '@voltfleet/domain/big-screen';
import { currentLang } from '@/lib/i18n';

/** Who the screen reads for: the signed-in session (its cookie) or a kiosk link's token. */
export type BigScreenAccess = { kind: 'session' } | { kind: 'kiosk'; token: string };

/** A refused or failed big-screen request: the status decides what the screen says (401: link or session over). */
export class BigScreenError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BigScreenError';
  }
}

/** R9.1's 30 s, as lib/http.ts. */
const TIMEOUT_MS = 30_000;

/**
 * GETs a big-screen endpoint and answers the envelope's data. Not lib/http.ts: a wall screen has nobody to read a
 * notice or to sign in, so nothing here pops a message or redirects to /login; the screen shows the state itself.
 * A kiosk token goes in its header (never a cookie, never the address).
 */
export async function bigScreenGet<T>(
  path: string,
  access: BigScreenAccess,
  query: Record<string, string | number | undefined> = {},
  signal?: AbortSignal,
): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLang() };
  if (access.kind === 'kiosk') headers[KIOSK_HEADER] = access.token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  const search = params.toString();
  let response: Response;
  try {
    response = await fetch(search ? `${path}?${search}` : path, {
      headers,
      credentials: access.kind === 'session' ? 'same-origin' : 'omit',
      signal: controller.signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new BigScreenError(0, 'network', 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  const body = (await response.json().catch(() => undefined)) as
    { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  if (response.ok && body?.code === 'ok') return body.data as T;
  throw new BigScreenError(
    response.status,
    typeof body?.code === 'string' ? body.code : 'error',
    typeof body?.msg === 'string' ? body.msg : '',
  );
}

/** Whether a failure means the link (or the session) no longer opens this screen. */
export const isAccessEnded = (error: unknown): boolean => error instanceof BigScreenError && error.status === 401;
