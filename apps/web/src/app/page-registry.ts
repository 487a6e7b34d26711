import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyLoad } from '@/lib/lazy-load';
import type { PageKey } from './shell/shell-layout';

/** A page component, loaded with (and through) the shell's chunk. */
export const shellPage = (key: PageKey): LazyExoticComponent<ComponentType> =>
  lazyLoad(() => import('./shell/shell-layout').then((shell) => shell.PAGE_LOADERS[key]()));

/**
 * Pages this build has, by "module/page" route path of the permission table (domain MODULES). A permitted page is
 * registered as a route only when it is listed here; a new page is one line here and one in PAGE_LOADERS.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'plantCenter/plantStatistics': shellPage('plantCenter/plantStatistics'),
  'plantCenter/plantList': shellPage('plantCenter/plantList'),
  'plantCenter/plantConfig': shellPage('plantCenter/plantConfig'),
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
