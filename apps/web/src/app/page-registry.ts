import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazy-page';

/**
 * Pages this build has, by "module/page" route path of the permission table (domain MODULES). A permitted page is
 * registered as a route only when it is listed here; a new page is one line.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'userCenter/userList': lazyPage(() => import('@/features/users/pages/user-list-page')),
  'userCenter/operateRecord': lazyPage(() => import('@/features/records/pages/operation-records-page')),
  'systemManage/roleList': lazyPage(() => import('@/features/roles/pages/role-list-page')),
};
