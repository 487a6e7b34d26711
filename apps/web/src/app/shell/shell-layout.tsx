import { useMemo, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useRefreshMe } from '@/lib/use-refresh-me';
import { DemoSeedingBanner } from '@/features/demo';
import { UpgradeNotices } from '@/features/notices';
import { useMe } from '@/lib/session';
import { usePageTable } from '../page-table';
import { RouteBoundary } from '../route-boundary';
import { NOTICES_PATH, registeredRoutes } from '../routes';
import { ShellHeader } from './shell-header';
import { ShellMenu } from './shell-menu';
import { ShellQueries } from './shell-queries';

/**
 * Every page's code, loaded through this module (page-registry.ts uses these): code the pages share with the shell
 * (query library, tooltips, menus) then comes in the shell's own chunk, rather than as many small common chunks
 * beside it, because the bundler sees the pages as loaded from the shell.
 */
export const PAGE_LOADERS = {
  'plantCenter/plantStatistics': () => import('@/features/plant-stats/pages/plant-statistics-page'),
  'plantCenter/plantList': () => import('@/features/plants/pages/plant-list-page'),
  'plantCenter/plantList/:plantId': () => import('@/app/pages/plant-detail-route'),
  'plantCenter/plantConfig': () => import('@/app/pages/plant-config-route'),
  'deviceCenter/deviceList': () => import('@/features/devices/pages/device-list-page'),
  'deviceCenter/deviceStorage': () => import('@/features/device-storage/pages/device-storage-page'),
  'deviceCenter/commandIssue': () => import('@/app/pages/command-issue-route'),
  'deviceCenter/onlineDebug': () => import('@/app/pages/online-debug-route'),
  'alarmCenter/alarmSearch': () => import('@/features/alarms/pages/alarm-search-page'),
  'alarmCenter/alarmOverView': () => import('@/features/alarms/pages/alarm-overview-page'),
  'alarmCenter/alarmRules': () => import('@/features/notifications/pages/notification-rules-page'),
  'userCenter/contralRecord': () => import('@/features/commands/pages/control-records-page'),
  'deviceCenter/deviceList/:deviceId': () => import('@/features/devices/pages/device-detail-page'),
  'userCenter/userList': () => import('@/features/users/pages/user-list-page'),
  'userCenter/operateRecord': () => import('@/features/records/pages/operation-records-page'),
  'userCenter/myTemplate': () => import('@/features/reports/pages/my-template-page'),
  'userCenter/dataSelect': () => import('@/features/reports/pages/data-select-page'),
  'systemManage/roleList': () => import('@/features/roles/pages/role-list-page'),
  personalCenter: () => import('@/app/pages/personal-center-route'),
  notices: () => import('@/features/notices/pages/notices-page'),
  workOrders: () => import('@/features/workorders/pages/work-orders-page'),
  messages: () => import('@/app/pages/messages-route'),
} as const;

export type PageKey = keyof typeof PAGE_LOADERS;

function ShellFrame() {
  const me = useMe();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const { pages, details } = usePageTable();
  const routes = useMemo(() => registeredRoutes(me.permissions, pages, details), [me.permissions, pages, details]);
  // Keeps the persisted grant current, and notices an expired session on arrival.
  useRefreshMe();

  return (
    <Layout className="shell">
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={232} className="shell-sider">
        <div className="shell-brand">{collapsed ? 'V' : 'Voltfleet'}</div>
        <ShellMenu routes={routes} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <ShellHeader />
        </Layout.Header>
        <DemoSeedingBanner />
        <UpgradeNotices listPath={NOTICES_PATH} />
        <Layout.Content className="shell-content">
          <RouteBoundary resetKey={pathname}>
            <Outlet />
          </RouteBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The signed-in frame: side menu from the permission grant, header tools, and the routed page. */
export default function ShellLayout() {
  return (
    <ShellQueries>
      <ShellFrame />
    </ShellQueries>
  );
}
