import { useSyncExternalStore } from 'react';
import { normaliseLang, type Lang } from '@voltfleet/domain/i18n';
import { type Me } from '@voltfleet/domain/auth';
import { type User } from '@voltfleet/domain/users';
import { API_CACHE } from '@/service-worker/contract';
import { storage } from './storage';

/** localStorage key of the persisted state (R9.14): the signed-in user's `Me` and the language. */
export const STATE_KEY = 'voltfleet.state';

export interface PersistedState {
  me: Me;
  lang: Lang;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Whether a stored value has the shape of `Me` in what the app reads from it before the server answers. A plain
 * check rather than the domain's zod schema, which would put zod into every page's first download; the shell
 * replaces the stored `Me` with the server's own right after arrival.
 */
export function isStoredMe(value: unknown): value is Me {
  if (!isObject(value) || !isObject(value.user) || !isObject(value.role)) return false;
  const { user, role } = value;
  return (
    typeof user.id === 'number' &&
    typeof user.username === 'string' &&
    typeof user.name === 'string' &&
    typeof user.level === 'number' &&
    typeof role.id === 'number' &&
    typeof role.name === 'string' &&
    isStringArray(role.views) &&
    isStringArray(value.permissions) &&
    Array.isArray(value.modules)
  );
}

const listeners = new Set<() => void>();
let state: PersistedState | null = read();

function read(): PersistedState | null {
  const raw = storage.get(STATE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { me?: unknown; lang?: unknown };
    if (!isStoredMe(value.me)) return null;
    return { me: value.me, lang: normaliseLang(typeof value.lang === 'string' ? value.lang : undefined) ?? 'en' };
  } catch {
    return null;
  }
}

function commit(next: PersistedState | null): void {
  state = next;
  if (next) storage.set(STATE_KEY, JSON.stringify(next));
  else storage.remove(STATE_KEY);
  listeners.forEach((listener) => listener());
}

/** The persisted state, or null when nobody is signed in. */
export function getSession(): PersistedState | null {
  return state;
}

export function saveSession(me: Me, lang: Lang): void {
  commit({ me, lang });
}

/** Replaces the user part after a profile change. */
export function updateSessionUser(user: User): void {
  if (state) commit({ ...state, me: { ...state.me, user } });
}

export function setSessionLang(lang: Lang): void {
  if (state && state.lang !== lang) commit({ ...state, lang });
}

export function clearSession(): void {
  if (state !== null || storage.get(STATE_KEY) !== null) commit(null);
  // The service worker's copies of this user's answers (docs/pwa.md) go with the session: the next user of this
  // browser never sees them offline.
  void globalThis.caches?.delete(API_CACHE).catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes what this tab may show.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== STATE_KEY && event.key !== null) return;
  state = read();
  listeners.forEach((listener) => listener());
});

/** The persisted state as React state. */
export function useSession(): PersistedState | null {
  return useSyncExternalStore(subscribe, getSession);
}

/** The signed-in user's `Me`; only for components rendered behind the session guard. */
export function useMe(): Me {
  const session = useSession();
  if (!session) throw new Error('useMe() needs a signed-in session');
  return session.me;
}
