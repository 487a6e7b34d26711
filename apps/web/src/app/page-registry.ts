import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyLoad } from '@/lib/lazy-load';

/**
 * Pages this build has, by "module/page" route path of the permission table (domain MODULES). A permitted page is
 * registered as a route only when it is listed here; a new page is one line.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'userCenter/userList': lazyLoad(() => import('@/features/users/pages/user-list-page')),
  'userCenter/operateRecord': lazyLoad(() => import('@/features/records/pages/operation-records-page')),
  'systemManage/roleList': lazyLoad(() => import('@/features/roles/pages/role-list-page')),
};
