import { useMemo, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useRefreshMe } from '@/lib/use-refresh-me';
import { DemoSeedingBanner } from '@/features/demo';
import { UpgradeNotices } from '@/features/notices';
import { withTexts } from '@/lib/i18n';
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
 * beside it, because the bundler sees the pages as loaded from the shell. Each page's text namespaces load with its
 * code (beyond the shell's, which it may read too): texts-coverage.test.ts checks the lists.
 */
export const PAGE_LOADERS = {
  'plantCenter/plantStatistics': withTexts(
    ['plantStats'],
    () => import('@/features/plant-stats/pages/plant-statistics-page'),
  ),
  'plantCenter/plantList': withTexts(
    [
      'activeAlarms',
      'columns',
      'messages/alarms',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/mail',
      'messages/notificationRules',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'table',
    ],
    () => import('@/features/plants/pages/plant-list-page'),
  ),
  'plantCenter/plantList/:plantId': withTexts(
    ['activeAlarms', 'columns', 'energyFlow', 'plantStats', 'table', 'weather'],
    () => import('@/app/pages/plant-detail-route'),
  ),
  'plantCenter/plantConfig': withTexts(
    [
      'messages/commands',
      'messages/core',
      'messages/plants',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'plantConfig',
      'plantScript',
    ],
    () => import('@/app/pages/plant-config-route'),
  ),
  'deviceCenter/deviceList': withTexts(
    ['activeAlarms', 'columns', 'deviceDetail', 'devices', 'table'],
    () => import('@/features/devices/pages/device-list-page'),
  ),
  'deviceCenter/deviceStorage': withTexts(
    [
      'columns',
      'deviceStorage',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'table',
    ],
    () => import('@/features/device-storage/pages/device-storage-page'),
  ),
  'deviceCenter/commandIssue': withTexts(
    [
      'columns',
      'commandIssuePage',
      'commandPicker',
      'commands',
      'deviceDetail',
      'devices',
      'firmware',
      'messages/commands',
      'messages/core',
      'messages/firmware',
      'messages/hostileInput',
      'messages/plants',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'plantConfig',
      'table',
      'tariffCommand',
    ],
    () => import('@/app/pages/command-issue-route'),
  ),
  'deviceCenter/onlineDebug': withTexts(
    ['columns', 'commandPicker', 'commands', 'onlineDebug', 'table'],
    () => import('@/app/pages/online-debug-route'),
  ),
  'alarmCenter/alarmSearch': withTexts(
    ['alarms', 'columns', 'table'],
    () => import('@/features/alarms/pages/alarm-search-page'),
  ),
  'alarmCenter/alarmOverView': withTexts(['alarms'], () => import('@/features/alarms/pages/alarm-overview-page')),
  'alarmCenter/alarmRules': withTexts(
    [
      'columns',
      'messages/alarms',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/mail',
      'messages/notificationRules',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'notificationRules',
      'table',
    ],
    () => import('@/features/notifications/pages/notification-rules-page'),
  ),
  'userCenter/contralRecord': withTexts(
    [
      'columns',
      'commands',
      'messages/commands',
      'messages/hostileInput',
      'messages/plants',
      'messages/records',
      'messages/telemetry',
      'messages/validation',
      'records',
      'table',
    ],
    () => import('@/features/commands/pages/control-records-page'),
  ),
  'deviceCenter/deviceList/:deviceId': withTexts(
    [
      'activeAlarms',
      'columns',
      'deviceDetail',
      'devices',
      'messages/alarms',
      'messages/hostileInput',
      'messages/mail',
      'messages/notificationRules',
      'messages/reports',
      'messages/storage',
      'messages/telemetry',
      'messages/validation',
      'table',
    ],
    () => import('@/features/devices/pages/device-detail-page'),
  ),
  'userCenter/userList': withTexts(
    [
      'columns',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'register',
      'table',
      'userAdmin',
      'users',
    ],
    () => import('@/features/users/pages/user-list-page'),
  ),
  'userCenter/operateRecord': withTexts(
    [
      'columns',
      'commands',
      'deviceStorage',
      'devices',
      'firmware',
      'messages/commands',
      'messages/hostileInput',
      'messages/plants',
      'messages/records',
      'messages/reports',
      'messages/storage',
      'messages/telemetry',
      'messages/validation',
      'notices',
      'notificationRules',
      'plantConfig',
      'plantScript',
      'profile',
      'records',
      'reports',
      'roles',
      'table',
      'users',
    ],
    () => import('@/features/records/pages/operation-records-page'),
  ),
  'userCenter/myTemplate': withTexts(
    [
      'columns',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/reports',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'reports',
      'table',
    ],
    () => import('@/features/reports/pages/my-template-page'),
  ),
  'userCenter/dataSelect': withTexts(
    [
      'columns',
      'messages/hostileInput',
      'messages/reports',
      'messages/storage',
      'messages/telemetry',
      'messages/validation',
      'reports',
      'table',
    ],
    () => import('@/features/reports/pages/data-select-page'),
  ),
  'systemManage/roleList': withTexts(
    [
      'columns',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'roles',
      'table',
    ],
    () => import('@/features/roles/pages/role-list-page'),
  ),
  personalCenter: withTexts(
    [
      'bigScreen',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'profile',
      'userAdmin',
      'users',
    ],
    () => import('@/app/pages/personal-center-route'),
  ),
  notices: withTexts(
    ['messages/hostileInput', 'messages/notices', 'messages/telemetry', 'messages/validation', 'notices', 'table'],
    () => import('@/features/notices/pages/notices-page'),
  ),
  workOrders: withTexts(
    [
      'columns',
      'messages/alarms',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/mail',
      'messages/notices',
      'messages/notificationRules',
      'messages/registration',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'table',
    ],
    () => import('@/features/workorders/pages/work-orders-page'),
  ),
  messages: withTexts(['commands', 'table'], () => import('@/app/pages/messages-route')),
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
