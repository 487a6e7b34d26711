import type { ComponentType, LazyExoticComponent } from 'react';
import { deviceDetailPath, deviceRealtimePath } from '@/features/devices';
import { plantOverviewPath } from '@/features/plant-detail';
import { STATS_SUMMARY_PATH } from '@/features/plant-stats';
import { askEarly } from '@/lib/http';
import { withTexts } from '@/lib/i18n';
import { lazyLoad, preload } from '@/lib/lazy-load';
import { MESSAGES_PATH, NOTICES_PATH, PERSONAL_CENTER_PATH, WORK_ORDERS_PATH } from './routes';
import type { PageKey } from './shell/shell-layout';

/** The shell's code and the texts its frame reads: the shell route's loader (app-router.tsx). */
export const loadShell = withTexts(
  ['inbox', 'messages/permissions', 'plantList', 'shell', 'workOrders'],
  () => import('./shell/shell-layout'),
);

const pageLoaders: Partial<Record<PageKey, () => Promise<{ default: ComponentType }>>> = {};
/** A page's loader, one per page: preloadShellPage and the page's lazy component share it (lib/lazy-load.ts). */
const pageLoader = (key: PageKey) =>
  (pageLoaders[key] ??= () => import('./shell/shell-layout').then((shell) => shell.PAGE_LOADERS[key]()));

/** A page component, loaded with (and through) the shell's chunk. */
export const shellPage = (key: PageKey): LazyExoticComponent<ComponentType> => lazyLoad(pageLoader(key));

/**
 * Pages this build has, by "module/page" route path of the permission table (domain MODULES). A permitted page is
 * registered as a route only when it is listed here; a new page is one line here and one in PAGE_LOADERS.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'plantCenter/plantStatistics': shellPage('plantCenter/plantStatistics'),
  'plantCenter/plantList': shellPage('plantCenter/plantList'),
  'plantCenter/plantConfig': shellPage('plantCenter/plantConfig'),
  'plantCenter/plantPerformance': shellPage('plantCenter/plantPerformance'),
  'deviceCenter/deviceList': shellPage('deviceCenter/deviceList'),
  'deviceCenter/deviceStorage': shellPage('deviceCenter/deviceStorage'),
  'deviceCenter/commandIssue': shellPage('deviceCenter/commandIssue'),
  'deviceCenter/onlineDebug': shellPage('deviceCenter/onlineDebug'),
  'alarmCenter/alarmSearch': shellPage('alarmCenter/alarmSearch'),
  'alarmCenter/alarmOverView': shellPage('alarmCenter/alarmOverView'),
  'alarmCenter/alarmRules': shellPage('alarmCenter/alarmRules'),
  'userCenter/contralRecord': shellPage('userCenter/contralRecord'),
  'userCenter/userList': shellPage('userCenter/userList'),
  'userCenter/operateRecord': shellPage('userCenter/operateRecord'),
  'userCenter/myTemplate': shellPage('userCenter/myTemplate'),
  'userCenter/dataSelect': shellPage('userCenter/dataSelect'),
  'systemManage/roleList': shellPage('systemManage/roleList'),
};

/**
 * Detail pages below a registered page, by the parent's registry key: the child path (relative to the parent's) and
 * its component. A detail route is registered only together with its parent, so it needs the parent's permission.
 */
export const DETAIL_ROUTES: Readonly<Record<string, { path: string; page: LazyExoticComponent<ComponentType> }>> = {
  'plantCenter/plantList': { path: ':plantId', page: shellPage('plantCenter/plantList/:plantId') },
  'deviceCenter/deviceList': { path: ':deviceId', page: shellPage('deviceCenter/deviceList/:deviceId') },
};

/** Shell pages outside the permission table, by path. */
const FIXED_PAGES: Readonly<Record<string, PageKey>> = {
  [PERSONAL_CENTER_PATH]: 'personalCenter',
  [NOTICES_PATH]: 'notices',
  [WORK_ORDERS_PATH]: 'workOrders',
  [MESSAGES_PATH]: 'messages',
};

/**
 * The shell page a path shows ("/plantCenter/plantList/42" is the plant list's detail page), or undefined for any
 * other path. Says nothing of permissions: the routes decide what is shown.
 */
export function shellPageKeyOf(pathname: string): PageKey | undefined {
  const fixed = FIXED_PAGES[pathname];
  if (fixed) return fixed;
  const key = pathname.slice(1);
  if (Object.hasOwn(PAGE_REGISTRY, key)) return key as PageKey;
  const cut = key.lastIndexOf('/');
  const parent = key.slice(0, cut);
  const detail = Object.hasOwn(DETAIL_ROUTES, parent) ? DETAIL_ROUTES[parent] : undefined;
  return cut > 0 && detail && /^[^/]+$/.test(key.slice(cut + 1)) ? (`${parent}/${detail.path}` as PageKey) : undefined;
}

/**
 * Starts loading the shell's code and the page's at `pathname`, for a signed-in arrival (a reload, a bookmark, a
 * link in a message): otherwise the shell's chunk is asked for only at the first render, after the first language,
 * and the page's after the shell's. The code starts at once; every page's texts, which the shell also waits for, once
 * `i18nReady` says i18next has started. Resolves when all are in (or one failed): the shell and the page then render
 * at once, without suspending. Nothing is rendered here, and a failure is left to the lazy components, which load
 * the same chunks and report it.
 */
export async function preloadShellPage(pathname: string, i18nReady: Promise<unknown>): Promise<void> {
  const key = shellPageKeyOf(pathname);
  if (!key) return;
  const page = preload(pageLoader(key)).catch(() => undefined);
  await i18nReady;
  await Promise.all([page, preload(loadShell).catch(() => undefined)]);
}

/** The ids the detail pages accept (a database integer); any other is the page's 404, not a request. */
const isId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/**
 * The GETs a shell page sends first and waits for before it shows its figures, by page key; a detail page's get its
 * id (the path's last part). The same path functions build the pages' own requests, which take these answers.
 */
const FIRST_DATA: Partial<Record<PageKey, (id: number) => string[]>> = {
  'plantCenter/plantStatistics': () => [STATS_SUMMARY_PATH],
  'plantCenter/plantList/:plantId': (id) => (isId(id) ? [plantOverviewPath(id)] : []),
  'deviceCenter/deviceList/:deviceId': (id) => (isId(id) ? [deviceDetailPath(id), deviceRealtimePath(id)] : []),
};

/**
 * Asks for the first data of the shell page at `pathname` now, beside its code, for a signed-in arrival: the page
 * takes the answers when it renders instead of asking only then (see askEarly). `lang` is the language the first
 * render will be in; an answer in another is not taken.
 */
export function askFirstData(pathname: string, lang: string): void {
  const key = shellPageKeyOf(pathname);
  const paths = key && FIRST_DATA[key];
  if (!paths) return;
  const id = Number(pathname.slice(pathname.lastIndexOf('/') + 1));
  for (const path of paths(id)) askEarly(path, lang);
}
