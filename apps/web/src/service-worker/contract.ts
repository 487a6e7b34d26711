/**
 * What the service worker (sw.ts) and the page agree on. Plain constants, so the page's first download carries no
 * service-worker code.
 */

/** Cache Storage name of the last GET /api/* answers (network-first; docs/pwa.md). Emptied at sign-out. */
export const API_CACHE = 'voltfleet-api-v1';

/**
 * Header the service worker adds to the copy of an answer it keeps: when it was received (epoch ms). An answer that
 * reaches the page carrying it came from that cache because the network failed.
 */
export const STORED_AT_HEADER = 'x-voltfleet-stored-at';

/** The message a page posts to a waiting service worker when the user chose to reload into the new version. */
export const SKIP_WAITING = 'voltfleet:skip-waiting';

/** Whether a GET of `pathname` may be answered from the API cache: no sign-in answers, no live channel. */
export function isCachedApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/') && pathname !== '/api/ws';
}
