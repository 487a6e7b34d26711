import { Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { LogoutOutlined, MenuOutlined, ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProjectListButton } from '@/features/plants';
import { lazyLoad, preload } from '@/lib/lazy-load';
import { WORK_ORDERS_PATH, type AppRoute } from '../routes';
import { useExit } from './shell-header';
import { ShellMenu } from './shell-menu';

// The drawer (antd Drawer) is not in the shell's chunk: it loads while a phone shows its first page.
const loadDrawer = () => import('./menu-drawer');
const MenuDrawer = lazyLoad(loadDrawer);

/**
 * A phone's menu: the header's menu button, opening the side menu as a drawer from the left, with the project list,
 * work orders and exit below it (docs/decisions/0043).
 */
export function PhoneMenu({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exit = useExit();
  // Drawn from the first opening on, so that closing it slides it out rather than removing it at once.
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  useEffect(() => {
    preload(loadDrawer).catch(() => undefined);
  }, []);
  const tools = (
    <>
      <ProjectListButton />
      <Button
        type="text"
        icon={<ToolOutlined />}
        data-testid="work-orders-button"
        onClick={() => navigate(WORK_ORDERS_PATH)}
      >
        {t('workOrders.title')}
      </Button>
      <Button type="text" icon={<LogoutOutlined />} data-testid="logout" onClick={() => void exit()}>
        {t('shell.logout')}
      </Button>
    </>
  );
  return (
    <>
      <Button
        type="text"
        className="shell-menu-button"
        icon={<MenuOutlined />}
        aria-label={t('shell.menu')}
        aria-expanded={state === 'open'}
        data-testid="menu-open"
        onClick={() => setState('open')}
      />
      {state !== 'never' && (
        <Suspense fallback={null}>
          <MenuDrawer open={state === 'open'} onClose={() => setState('closed')} tools={tools}>
            <ShellMenu routes={routes} />
          </MenuDrawer>
        </Suspense>
      )}
    </>
  );
}
