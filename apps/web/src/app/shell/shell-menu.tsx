import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_GROUP_NAMES, PAGE_NAMES, moduleName } from '@voltfleet/domain/permissions';
import { buildMenuTree } from '../menu-tree';
import { routeOwnsPath, type AppRoute } from '../routes';
import { labelOf } from '@/lib/labels';

/** Modules as submenus, pages grouped by menu group, all names from the domain tables in the UI language. */
export function ShellMenu({ routes }: { routes: readonly AppRoute[] }) {
  useTranslation(); // re-renders on a language switch
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenuTree(routes), [routes]);

  const items: MenuProps['items'] = tree.map(({ module, groups }) => ({
    key: module.path,
    label: labelOf(moduleName(module.code)) ?? module.code,
    children: groups.map(({ group, routes: pages }) => ({
      type: 'group' as const,
      key: `${module.path}:${group}`,
      label: labelOf(MENU_GROUP_NAMES[group]) ?? group,
      children: pages.map(({ page, fullPath }) => ({
        key: fullPath,
        label: (
          <Link to={fullPath} data-testid={`menu-item-${page.path}`}>
            {labelOf(PAGE_NAMES[page.path]) ?? page.path}
          </Link>
        ),
      })),
    })),
  }));

  return (
    <Menu
      data-testid="menu"
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[routes.find((route) => routeOwnsPath(route, pathname))?.fullPath ?? pathname]}
      defaultOpenKeys={tree.map((m) => m.module.path)}
    />
  );
}
