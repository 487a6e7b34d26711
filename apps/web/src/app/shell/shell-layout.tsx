import { useMemo, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useRefreshMe } from '@/features/auth/api/use-refresh-me';
import { useMe } from '@/lib/session';
import { PAGE_REGISTRY } from '../page-registry';
import { RouteBoundary } from '../route-boundary';
import { registeredRoutes } from '../routes';
import { ShellHeader } from './shell-header';
import { ShellMenu } from './shell-menu';
import { ShellQueries } from './shell-queries';

function ShellFrame() {
  const me = useMe();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const routes = useMemo(() => registeredRoutes(me.permissions, PAGE_REGISTRY), [me.permissions]);
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
