import { useMemo, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useRefreshMe } from '@/lib/use-refresh-me';
import { DemoSeedingBanner } from '@/features/demo';
import { UpgradeNotices } from '@/features/notices';
import { useMe } from '@/lib/session';
import { usePhone } from '@/lib/use-phone';
import { usePageTable } from '../page-table';
import { RouteBoundary } from '../route-boundary';
import { NOTICES_PATH, registeredRoutes } from '../routes';
import { ShellHeader } from './shell-header';
import { ShellMenu } from './shell-menu';
import { OfflineBanner } from './offline-banner';
import { PhoneMenu } from './phone-menu';
import { ShellQueries } from './shell-queries';

// Every page's loader with its texts (shell-pages.ts), reached through this module: page-registry.ts loads a page
// through the shell's chunk.
export { PAGE_LOADERS, type PageKey } from './shell-pages';

function ShellFrame() {
  const me = useMe();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const phone = usePhone();
  const { pages, details } = usePageTable();
  const routes = useMemo(() => registeredRoutes(me.permissions, pages, details), [me.permissions, pages, details]);
  // Keeps the persisted grant current, and notices an expired session on arrival.
  useRefreshMe();

  return (
    <Layout className="shell">
      {/* Narrower than a tablet (a phone), the menu is a drawer behind the header's menu button (decision 0043). */}
      {!phone && (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="md"
          onBreakpoint={setCollapsed}
          width={232}
          className="shell-sider"
        >
          <div className="shell-brand">{collapsed ? 'V' : 'Voltfleet'}</div>
          <ShellMenu routes={routes} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="shell-header">
          <ShellHeader phoneMenu={phone ? <PhoneMenu routes={routes} /> : undefined} />
        </Layout.Header>
        <OfflineBanner />
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
