import { useSyncExternalStore } from 'react';
import { STORED_AT_HEADER } from '@/service-worker/contract';

/**
 * Whether the app is offline, for the shell's banner and the request layer: the browser says so (`navigator.onLine`
 * false), or the API's last answer failed at the network, or came from the service worker's cache of last answers
 * (it answers from there only when the network failed). A real answer from the server ends it.
 */
let networkDown = false;
/** When the oldest cached answer shown since the network went down was received (epoch ms). */
let oldestCached: number | undefined;
let snapshot = read();
const listeners = new Set<() => void>();

export interface OfflineState {
  offline: boolean;
  /** The browser itself reports no network (a write is refused then). */
  browserOffline: boolean;
  /** The oldest answer from the service worker's cache since the network went down (epoch ms). */
  cachedSince: number | undefined;
}

/** The browser reports no network now (read at each call: a write is refused then). */
export function browserOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

function read(): OfflineState {
  const browser = browserOffline();
  return { offline: browser || networkDown, browserOffline: browser, cachedSince: oldestCached };
}

function changed(): void {
  const next = read();
  if (
    next.offline === snapshot.offline &&
    next.browserOffline === snapshot.browserOffline &&
    next.cachedSince === snapshot.cachedSince
  )
    return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

/** An API request failed at the network (no answer at all). */
export function reportNetworkFailure(): void {
  networkDown = true;
  changed();
}

/**
 * An API answer arrived: from the server, or (with its `storedAt`) from the service worker's cache because the
 * network failed.
 */
export function reportAnswer(storedAt?: number): void {
  if (storedAt === undefined) {
    networkDown = false;
    oldestCached = undefined;
  } else {
    networkDown = true;
    oldestCached = Math.min(oldestCached ?? storedAt, storedAt);
  }
  changed();
}

/** When the service worker had received this answer, if it came from its cache (epoch ms). */
export function storedAtOf(response: Response): number | undefined {
  const stamp = Number(response.headers.get(STORED_AT_HEADER));
  return Number.isFinite(stamp) && stamp > 0 ? stamp : undefined;
}

/** The data of answers that came from the service worker's cache, with when they were received. */
const cachedData = new WeakMap<object, number>();

/** Marks data read from a cached answer, so its query's age is the answer's (query-client.ts). */
export function markCachedData(data: unknown, storedAt: number): void {
  if (typeof data === 'object' && data !== null) cachedData.set(data, storedAt);
}

/** When the answer this data came from was received, if it came from the service worker's cache. */
export function cachedDataAt(data: unknown): number | undefined {
  return typeof data === 'object' && data !== null ? cachedData.get(data) : undefined;
}

export function getOfflineState(): OfflineState {
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

globalThis.addEventListener?.('online', () => {
  // Back online: the next request tells whether the API answers again.
  networkDown = false;
  changed();
});
globalThis.addEventListener?.('offline', changed);

/** The offline state as React state. */
export function useOfflineState(): OfflineState {
  return useSyncExternalStore(subscribe, getOfflineState);
}

/** Forgets what was learnt about the network (tests). */
export function resetOfflineState(): void {
  networkDown = false;
  oldestCached = undefined;
  changed();
}
