import type { MenuGroup, ModuleDef } from '@voltfleet/domain/permissions';
import type { AppRoute } from './routes';

export interface MenuModule {
  module: ModuleDef;
  groups: { group: MenuGroup; routes: AppRoute[] }[];
}

/** Modules as submenus, their pages grouped by R2.4 menu group, both in permission-table order. */
export function buildMenuTree(routes: readonly AppRoute[]): MenuModule[] {
  const modules: MenuModule[] = [];
  for (const route of routes) {
    let entry = modules.find((m) => m.module.code === route.module.code);
    if (!entry) {
      entry = { module: route.module, groups: [] };
      modules.push(entry);
    }
    let group = entry.groups.find((g) => g.group === route.page.group);
    if (!group) {
      group = { group: route.page.group, routes: [] };
      entry.groups.push(group);
    }
    group.routes.push(route);
  }
  return modules;
}
