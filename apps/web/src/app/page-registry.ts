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
  'deviceCenter/deviceList': shellPage('deviceCenter/deviceList'),
  'userCenter/userList': shellPage('userCenter/userList'),
  'userCenter/operateRecord': shellPage('userCenter/operateRecord'),
  'systemManage/roleList': shellPage('systemManage/roleList'),
};
