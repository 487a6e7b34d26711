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

/** Whether a `from` location (path plus query) is a page the user may open; only such paths are followed. */
export function isAllowedTarget(target: string | null, routes: readonly AppRoute[]): target is string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return false;
  const path = target.split(/[?#]/)[0] ?? '';
  return path === PERSONAL_CENTER_PATH || routes.some((route) => route.fullPath === path);
}
