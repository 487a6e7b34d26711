import { permittedRoutes, type ModuleDef, type PageDef } from '@voltfleet/domain/permissions';
import { WORK_ORDERS_PATH } from '@voltfleet/domain/workorders';

export interface AppRoute {
  module: ModuleDef;
  page: PageDef;
  /** "/userCenter/userList" */
  fullPath: string;
  /** "userCenter/userList", the page registry key */
  key: string;
  /** "/plantCenter/plantList/:plantId" when the page has a detail page (page-registry DETAIL_ROUTES). */
  detailPath?: string;
}

/** Routes outside the permission table that every signed-in user has. */
export const PERSONAL_CENTER_PATH = '/personalCenter';
/** Every published upgrade notice (reached from the help dialog and the upgrade notice dialog). */
export const NOTICES_PATH = '/notices';
/** Work orders (R2.12 shell entry): every signed-in user, within their scope (path owned by the domain's links). */
export { WORK_ORDERS_PATH };
/**
 * The user's own in-app messages (R2.19's "message management"), reached from the header's bell: every signed-in
 * user has one, so it sits outside the permission table (docs/decisions/0014).
 */
export const MESSAGES_PATH = '/messages';

/** The permitted pages that this build registers, in menu order. */
export function registeredRoutes(
  granted: readonly string[],
  registry: Readonly<Record<string, unknown>>,
  details: Readonly<Record<string, { path: string }>> = {},
): AppRoute[] {
  return permittedRoutes(new Set(granted))
    .map((route): AppRoute => {
      const key = route.fullPath.slice(1);
      const detail = details[key];
      return { ...route, key, ...(detail ? { detailPath: `${route.fullPath}/${detail.path}` } : {}) };
    })
    .filter((route) => route.key in registry);
}

/** Whether a path is the page itself or one of its detail pages ("/plantCenter/plantList/42"). */
export function routeOwnsPath(route: AppRoute, path: string): boolean {
  if (path === route.fullPath) return true;
  const rest = path.startsWith(`${route.fullPath}/`) ? path.slice(route.fullPath.length + 1) : '';
  return route.detailPath !== undefined && /^[^/]+$/.test(rest);
}

/** Where "/" leads: the first child of the first permitted module, or /403 when nothing is registered (R2.7, R2.8). */
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
  return (
    path === PERSONAL_CENTER_PATH ||
    path === NOTICES_PATH ||
    path === WORK_ORDERS_PATH ||
    path === MESSAGES_PATH ||
    // The big screens (outside the shell) say themselves what a user may see of them: a wall's address that asked
    // for a sign-in goes back to the wall, not to the home page.
    path === '/bigScreen' ||
    path.startsWith('/bigScreen/') ||
    routes.some((route) => routeOwnsPath(route, path))
  );
}
