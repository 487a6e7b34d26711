/**
 * API keys: credentials a user makes for programs (a service desk, an energy manager, the Home Assistant bridge).
 * A key carries a subset of its owner's function permissions and plants; what it may do is that subset intersected
 * with what the owner holds at the time of each call, so a permission or plant the owner loses leaves the key at once.
 */

/** Every key starts so: the server tells a key from a session token by it, and secret scanners can find leaked ones. */
export const API_KEY_PREFIX = 'vf_';
/** A key's last day is at most this many days after the day it is made: it lives at most a year. */
export const API_KEY_MAX_DAYS = 365;
/** Keys a user may hold at once that are neither revoked nor expired. */
export const API_KEYS_PER_USER = 20;
/** A key limited to chosen plants names at most this many. */
export const API_KEY_MAX_PLANTS = 200;
/** How many characters of a key its list shows, prefix included, so its owner can tell keys apart. */
export const API_KEY_SHOWN_CHARS = 10;

export const API_KEY_ACCESS = ['read', 'readWrite'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** True for an `Authorization: Bearer` value that is an API key rather than a session token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Methods a read-only key may use: those that change nothing. */
export function methodReads(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** The permissions a key may use now: those it was given that its owner still holds. */
export function keyPermissions(given: readonly string[], ownerHolds: readonly string[]): string[] {
  const held = new Set(ownerHolds);
  return given.filter((c) => held.has(c));
}
