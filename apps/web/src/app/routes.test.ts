import { describe, expect, it } from 'vitest';
import { MODULES } from '@voltfleet/domain/permissions';
import { buildMenuTree } from './menu-tree';
import { DETAIL_ROUTES, PAGE_REGISTRY } from './page-registry';
import { homePath, isAllowedTarget, loginUrl, registeredRoutes, routeOwnsPath } from './routes';

const registry = PAGE_REGISTRY;
const everything = ['A', 'A/A', 'A/D', 'B', 'B/A', 'C', 'C/A', 'D', 'D/A', 'D/C', 'D/D', 'E', 'E:role.add'];

describe('page registry', () => {
  it('only lists pages of the permission table', () => {
    const known = new Set(MODULES.flatMap((m) => m.pages.map((p) => `${m.path}/${p.path}`)));
    expect(Object.keys(registry).filter((key) => !known.has(key))).toEqual([]);
  });
});

describe('registeredRoutes', () => {
  it('keeps permitted pages that this build has, in table order', () => {
    expect(registeredRoutes(everything, registry).map((r) => r.fullPath)).toEqual([
      '/plantCenter/plantStatistics',
      '/plantCenter/plantList',
      '/plantCenter/plantConfig',
      '/plantCenter/plantPerformance',
      '/deviceCenter/deviceList',
      '/alarmCenter/alarmSearch',
      '/userCenter/userList',
      '/userCenter/contralRecord',
      '/userCenter/operateRecord',
      '/systemManage/roleList',
    ]);
  });

  it('needs the module as well as the page code', () => {
    expect(registeredRoutes(['D/A', 'D/D'], registry)).toEqual([]);
    expect(registeredRoutes(['D', 'D/D'], registry).map((r) => r.key)).toEqual(['userCenter/operateRecord']);
  });

  it('opens a page without its own code with the module alone (role list needs only E)', () => {
    expect(registeredRoutes(['E'], registry).map((r) => r.key)).toEqual(['systemManage/roleList']);
  });
});

describe('homePath', () => {
  it('is the first child of the first permitted module', () => {
    expect(homePath(registeredRoutes(['A', 'B', 'B/A'], registry))).toBe('/plantCenter/plantList');
    expect(homePath(registeredRoutes(['A', 'A/A', 'B', 'B/A'], registry))).toBe('/plantCenter/plantStatistics');
    expect(homePath(registeredRoutes(['D', 'D/D', 'E'], registry))).toBe('/userCenter/operateRecord');
    expect(homePath(registeredRoutes(['B', 'B/A', 'D', 'D/A'], registry))).toBe('/deviceCenter/deviceList');
  });

  it('is /403 when only modules without registered pages are permitted', () => {
    expect(homePath(registeredRoutes(['B', 'C'], registry))).toBe('/403');
    expect(homePath(registeredRoutes(['B', 'C', 'C/C'], registry))).toBe('/alarmCenter/alarmRules');
    expect(homePath(registeredRoutes(['B', 'C', 'C/A', 'C/B'], registry))).toBe('/alarmCenter/alarmSearch');
    expect(homePath(registeredRoutes(['C', 'C/B'], registry))).toBe('/alarmCenter/alarmOverView');
    expect(homePath([])).toBe('/403');
  });
});

describe('isAllowedTarget', () => {
  const routes = registeredRoutes(['D', 'D/A', 'E'], registry);
  it.each([
    ['/userCenter/userList?page=2', true],
    ['/systemManage/roleList', true],
    ['/personalCenter', true],
    // the upgrade notices, open to every signed-in user
    ['/notices', true],
    // work orders, a shell entry of every signed-in user
    ['/workOrders?open=3', true],
    // a big screen, outside the shell, which answers for itself
    ['/bigScreen/flowGraph?plant=4', true],
    ['/bigScreenX', false],
    ['/userCenter/operateRecord', false],
    ['/nowhere', false],
    ['//evil.example/userCenter/userList', false],
    ['https://evil.example/', false],
    [null, false],
  ] as const)('%s → %s', (target, expected) => {
    expect(isAllowedTarget(target, routes)).toBe(expected);
  });
});

describe('detail routes', () => {
  const details = { 'plantCenter/plantList': { path: ':plantId' } };

  it('come with their parent page only, and so need its permission', () => {
    const withList = registeredRoutes(['A', 'B', 'B/A'], registry, details);
    expect(withList.find((r) => r.key === 'plantCenter/plantList')?.detailPath).toBe('/plantCenter/plantList/:plantId');
    expect(withList.filter((r) => r.detailPath).map((r) => r.key)).toEqual(['plantCenter/plantList']);
    expect(registeredRoutes(['B', 'B/A'], registry, details).some((r) => r.detailPath)).toBe(false);
  });

  it('are allowed login targets exactly when the parent is registered', () => {
    const routes = registeredRoutes(['A', 'B', 'B/A'], registry, details);
    expect(isAllowedTarget('/plantCenter/plantList/42?tab=trend', routes)).toBe(true);
    expect(isAllowedTarget('/plantCenter/plantList/42/more', routes)).toBe(false);
    expect(isAllowedTarget('/deviceCenter/deviceList/42', routes)).toBe(false);
    expect(isAllowedTarget('/plantCenter/plantList/42', registeredRoutes(['B', 'B/A'], registry, details))).toBe(false);
  });

  it('select their parent in the menu', () => {
    const list = registeredRoutes(['A'], registry, details)[0]!;
    expect(routeOwnsPath(list, '/plantCenter/plantList/7')).toBe(true);
    expect(routeOwnsPath(list, '/plantCenter/plantList')).toBe(true);
    expect(routeOwnsPath(list, '/plantCenter/plantList/')).toBe(false);
    expect(routeOwnsPath(list, '/plantCenter/plantListing')).toBe(false);
  });

  it('match the registry of this build', () => {
    expect(Object.keys(DETAIL_ROUTES).every((key) => key in registry)).toBe(true);
  });
});

describe('buildMenuTree', () => {
  it('groups pages by module, then by menu group', () => {
    const tree = buildMenuTree(registeredRoutes(everything, registry));
    expect(tree.map((m) => [m.module.path, m.groups.map((g) => [g.group, g.routes.map((r) => r.page.path)])])).toEqual([
      [
        'plantCenter',
        [
          ['plantOverview', ['plantStatistics', 'plantPerformance']],
          ['plantManagement', ['plantList', 'plantConfig']],
        ],
      ],
      ['deviceCenter', [['deviceOverview', ['deviceList']]]],
      ['alarmCenter', [['alarmManagement', ['alarmSearch']]]],
      [
        'userCenter',
        [
          ['userManagement', ['userList']],
          ['recordManagement', ['contralRecord', 'operateRecord']],
        ],
      ],
      ['systemManage', [['roleManagement', ['roleList']]]],
    ]);
  });
});

describe('loginUrl', () => {
  it.each([
    ['/systemManage/roleList?x=1', '/login?from=%2FsystemManage%2FroleList%3Fx%3D1'],
    ['/', '/login'],
    ['/login?from=%2Fa', '/login'],
  ])('%s → %s', (path, expected) => {
    expect(loginUrl(path)).toBe(expected);
  });
});
