import { permittedRoutes, type ModuleDef, type PageDef } from '@voltfleet/domain';

export interface AppRoute {
  module: ModuleDef;
  page: PageDef;
  /** "/userCenter/userList" */
  fullPath: string;
  /** "userCenter/userList", the page registry key */
  key: string;
}

/** Routes outside the permission table that every signed-in user has. */
export const PERSONAL_CENTER_PATH = '/personalCenter';

/** The permitted pages that this build registers, in menu order. */
export function registeredRoutes(granted: readonly string[], registry: Readonly<Record<string, unknown>>): AppRoute[] {
  return permittedRoutes(new Set(granted))
    .map((route) => ({ ...route, key: route.fullPath.slice(1) }))
    .filter((route) => route.key in registry);
}

/** Where "/" leads: the first child of the first permitted module, or /403 when nothing is registered (SPEC §2). */
export function homePath(routes: readonly AppRoute[]): string {
  return routes[0]?.fullPath ?? '/403';
}

/**
 * Navigation state for /login after sign-out or an expired session: the login page clears the persisted state
 * itself. Clearing it earlier would let the session guard redirect first (navigations run as transitions).
 */
export const SESSION_ENDED = { sessionEnded: true } as const;

/** The login URL that brings the user back to `path` (path plus query) afterwards. */
export function loginUrl(path: string): string {
  return path === '/' || path.startsWith('/login') ? '/login' : `/login?from=${encodeURIComponent(path)}`;
}

/** Whether a `from` location (path plus query) is a page the user may open; only such paths are followed. */
export function isAllowedTarget(target: string | null, routes: readonly AppRoute[]): target is string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return false;
  const path = target.split(/[?#]/)[0] ?? '';
  return path === PERSONAL_CENTER_PATH || routes.some((route) => route.fullPath === path);
}
