/** Menu groups of R2.4; each child page belongs to one. */
export const MENU_GROUPS = [
  'plantOverview',
  'plantManagement',
  'deviceOverview',
  'deviceManagement',
  'deviceControl',
  'alarmManagement',
  'messageManagement',
  'userManagement',
  'recordManagement',
  'reportManagement',
  'roleManagement',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export type ModuleCode = 'A' | 'B' | 'C' | 'D' | 'E';

export interface PageDef {
  /** Route segment under the module, e.g. "plantStatistics". */
  path: string;
  /** Own permission code such as "A/A"; absent when the page needs only its module (R2.2). */
  code?: string;
  group: MenuGroup;
  /** Function permissions (page elements) belonging to this page, e.g. "add". */
  auths: readonly string[];
}

export interface ModuleDef {
  code: ModuleCode;
  path: string;
  pages: readonly PageDef[];
}

/**
 * R2.2 / R6.1 as data: modules, their child routes, page codes and the function permissions
 * (page elements) each page carries. Function codes are "<owner>:<action>" where owner is the
 * page code, or the module code for pages without their own permission.
 */
export const MODULES: readonly ModuleDef[] = [
  {
    code: 'A',
    path: 'plantCenter',
    pages: [
      { path: 'plantStatistics', code: 'A/A', group: 'plantOverview', auths: [] },
      { path: 'plantList', group: 'plantManagement', auths: ['plant.add', 'plant.edit', 'plant.delete'] },
      {
        path: 'plantConfig',
        code: 'A/D',
        group: 'plantManagement',
        auths: ['tariff.edit', 'saving.edit', 'script.edit'],
      },
      // Issue 42: plants and inverters ranked by performance. Module A alone opens it, as the plant list; last of the
      // module so that a user with module A alone still lands on the plant list (the menu groups it under overview).
      { path: 'plantPerformance', group: 'plantOverview', auths: [] },
    ],
  },
  {
    code: 'B',
    path: 'deviceCenter',
    pages: [
      { path: 'deviceList', code: 'B/A', group: 'deviceOverview', auths: ['device.export'] },
      {
        path: 'deviceStorage',
        code: 'B/D',
        group: 'deviceManagement',
        auths: ['device.stockIn', 'device.import', 'device.activate'],
      },
      {
        path: 'commandIssue',
        code: 'B/E',
        group: 'deviceControl',
        auths: ['command.issue', 'command.batch', 'firmware.upgrade', 'firmware.manage'],
      },
      { path: 'onlineDebug', code: 'B/E', group: 'deviceControl', auths: ['debug.raw'] },
    ],
  },
  {
    code: 'C',
    path: 'alarmCenter',
    pages: [
      { path: 'alarmSearch', code: 'C/A', group: 'alarmManagement', auths: ['alarm.export', 'alarm.ack'] },
      { path: 'alarmOverView', code: 'C/B', group: 'alarmManagement', auths: [] },
      { path: 'alarmRules', code: 'C/C', group: 'alarmManagement', auths: ['rule.add', 'rule.edit', 'rule.delete'] },
    ],
  },
  {
    code: 'D',
    path: 'userCenter',
    pages: [
      { path: 'userList', code: 'D/A', group: 'userManagement', auths: ['user.add', 'user.edit', 'user.delete'] },
      { path: 'contralRecord', code: 'D/C', group: 'recordManagement', auths: [] },
      { path: 'operateRecord', code: 'D/D', group: 'recordManagement', auths: [] },
      { path: 'myTemplate', code: 'D/E', group: 'reportManagement', auths: ['template.edit'] },
      { path: 'dataSelect', code: 'D/E', group: 'reportManagement', auths: [] },
    ],
  },
  {
    code: 'E',
    path: 'systemManage',
    pages: [
      {
        path: 'roleList',
        group: 'roleManagement',
        // notice.publish: publishing and withdrawing the upgrade notices every user sees after login (R2.12 shell).
        // R6.6 names no permission for it; it is platform-wide, so it sits under System Management, and the
        // System Management module has this one page, which owns module-level functions (E:…).
        auths: ['role.add', 'role.edit', 'role.delete', 'notice.publish'],
      },
    ],
  },
];

// The pure annotations let a bundler drop these derived lists where they are unused (the shell's menu reads MODULES
// only): an unannotated call at load time is kept.
export const MODULE_CODES: readonly ModuleCode[] = /*#__PURE__*/ MODULES.map((m) => m.code);

/** Every grantable code: modules, page codes and function codes, in table order, without repeats. */
export const ALL_PERMISSION_CODES: readonly string[] = /*#__PURE__*/ allPermissionCodes();

function allPermissionCodes(): string[] {
  return [
    ...new Set(
      MODULES.flatMap((m) => [
        m.code,
        ...m.pages.flatMap((p) => {
          const owner = p.code ?? m.code;
          return [...(p.code ? [p.code] : []), ...p.auths.map((a) => `${owner}:${a}`)];
        }),
      ]),
    ),
  ];
}

/** The node a code depends on: "A/A" → "A", "A/A:x" → "A/A", "A" → undefined. */
export function parentCode(code: string): string | undefined {
  const colon = code.indexOf(':');
  if (colon > 0) return code.slice(0, colon);
  const slash = code.indexOf('/');
  if (slash > 0) return code.slice(0, slash);
  return undefined;
}

/** Drops unknown codes and any code whose parent is not granted, so a grant is always a tree. */
export function normaliseGrant(codes: Iterable<string>): string[] {
  const wanted = new Set(codes);
  const known = ALL_PERMISSION_CODES.filter((c) => wanted.has(c));
  const kept = new Set<string>();
  for (const code of known) {
    const parent = parentCode(code);
    if (parent === undefined || kept.has(parent)) kept.add(code);
  }
  // A second pass keeps children whose parent appears later in table order (never, but cheap to be safe).
  return ALL_PERMISSION_CODES.filter((c) => kept.has(c));
}

/** Codes in `requested` that `held` does not contain: what a user may not grant. */
export function grantBeyond(held: Iterable<string>, requested: Iterable<string>): string[] {
  const own = new Set(held);
  return [...requested].filter((c) => !own.has(c));
}

/** Auth node of the permission tree (a function permission). */
export interface PermissionAuth {
  code: string;
  name: string;
  show: boolean;
  selected?: boolean | undefined;
}

/** Node of the permission tree of R3.4/R6.2. */
export interface PermissionNode {
  code: string;
  name: string;
  show: boolean;
  selected?: boolean | undefined;
  subModules: PermissionNode[];
  auths: PermissionAuth[];
}

/** R6.2: "a selected flag overrides show". */
export function nodeGranted(node: { show: boolean; selected?: boolean | undefined }): boolean {
  return node.selected ?? node.show;
}

/** Builds the permission tree for a grant; `nameOf` gives each code's display name. */
export function buildPermissionTree(granted: Iterable<string>, nameOf: (code: string) => string): PermissionNode[] {
  const has = new Set(granted);
  const auth = (owner: string, a: string): PermissionAuth => {
    const code = `${owner}:${a}`;
    return { code, name: nameOf(code), show: has.has(code), selected: has.has(code) };
  };
  return MODULES.map((m) => {
    const ownPages = m.pages.filter((p) => p.code);
    const pageCodes = [...new Set(ownPages.map((p) => p.code as string))];
    return {
      code: m.code,
      name: nameOf(m.code),
      show: has.has(m.code),
      selected: has.has(m.code),
      subModules: pageCodes.map((pc) => ({
        code: pc,
        name: nameOf(pc),
        show: has.has(pc),
        selected: has.has(pc),
        subModules: [],
        auths: [...new Set(m.pages.filter((p) => p.code === pc).flatMap((p) => p.auths))].map((a) => auth(pc, a)),
      })),
      auths: m.pages.filter((p) => !p.code).flatMap((p) => p.auths.map((a) => auth(m.code, a))),
    };
  });
}

/** Reads the granted codes back out of a permission tree (selected overrides show). */
/** Every code a tree marks as granted, as asked for (not normalised: a child without its parent stays). */
export function codesFromTree(tree: readonly PermissionNode[]): string[] {
  const out: string[] = [];
  const walk = (node: PermissionNode) => {
    if (nodeGranted(node)) out.push(node.code);
    node.auths.filter(nodeGranted).forEach((a) => out.push(a.code));
    node.subModules.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

export function grantFromTree(tree: readonly PermissionNode[]): string[] {
  return normaliseGrant(codesFromTree(tree));
}

/** Whether a grant lets a user open a page (module plus the page's own code when it has one). */
export function canOpenPage(granted: ReadonlySet<string>, module: ModuleDef, page: PageDef): boolean {
  return granted.has(module.code) && (page.code === undefined || granted.has(page.code));
}

/** Pages of the grant, in menu order, with their full route path. */
export function permittedRoutes(
  granted: ReadonlySet<string>,
): { module: ModuleDef; page: PageDef; fullPath: string }[] {
  return MODULES.flatMap((module) =>
    module.pages
      .filter((page) => canOpenPage(granted, module, page))
      .map((page) => ({ module, page, fullPath: `/${module.path}/${page.path}` })),
  );
}

/** Big-screen views a role may see (R6.4 "visible views"). */
export const VIEWS = ['bigScreen/map', 'bigScreen/charts', 'bigScreen/flowGraph'] as const;
export type View = (typeof VIEWS)[number];
