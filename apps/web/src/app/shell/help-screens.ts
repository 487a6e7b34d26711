import { MODULES } from '@voltfleet/domain/permissions';

/**
 * Every screen with its own help, in index order. Each has `help.screens.<screen>.title` and one text per HELP_PARTS
 * entry in every locale; help-screens.test.ts fails for a routed page that maps to none of them.
 */
export const HELP_SCREENS = [
  'plantStatistics',
  'plantList',
  'plantDetail',
  'plantConfig',
  'plantPerformance',
  'deviceList',
  'deviceDetail',
  'deviceStorage',
  'commandIssue',
  'onlineDebug',
  'alarmSearch',
  'alarmOverView',
  'alarmRules',
  'messages',
  'workOrders',
  'userList',
  'contralRecord',
  'operateRecord',
  'myTemplate',
  'dataSelect',
  'roleList',
  'personalCenter',
  'notices',
  'forbidden',
] as const;
export type HelpScreen = (typeof HELP_SCREENS)[number];

/** The paragraphs of a screen's help: what it shows, what its controls do, the rules, what permissions change. */
export const HELP_PARTS = ['shows', 'controls', 'rules', 'access'] as const;

/** Screens whose help carries the fault catalogue with its handling texts. */
export const ALARM_HELP_SCREENS: ReadonlySet<HelpScreen> = new Set(['alarmSearch', 'alarmOverView', 'alarmRules']);

const isHelpScreen = (name: string): name is HelpScreen => (HELP_SCREENS as readonly string[]).includes(name);

// Pages of the permission table by their full path; a page of the message-management group gets the messages help
// whatever its route is called.
const MODULE_PAGES = new Map(
  MODULES.flatMap((module) =>
    module.pages.map((page) => [
      `/${module.path}/${page.path}`,
      page.group === 'messageManagement' ? 'messages' : page.path,
    ]),
  ),
);

// Detail pages (page-registry DETAIL_ROUTES) below their list page.
const DETAIL_SCREENS: Readonly<Record<string, HelpScreen>> = {
  '/plantCenter/plantList': 'plantDetail',
  '/deviceCenter/deviceList': 'deviceDetail',
};

// Shell pages outside the permission table. Messages (/messages) and work orders (/workOrders) match by name, so the
// help needs no import of the route table (see help-drawer.tsx) and follows a renamed or nested route.
const SHELL_SCREENS: readonly [RegExp, HelpScreen][] = [
  [/^\/personalCenter$/, 'personalCenter'],
  [/^\/notices$/, 'notices'],
  [/^\/403$/, 'forbidden'],
  [/(^|\/)work-?orders?(\/|$)/i, 'workOrders'],
  [/(^|\/)(messages?|messageManage(ment)?)(\/|$)/i, 'messages'],
];

/** The help screen of a location's path, or undefined for a path without its own help (unknown pages). */
export function helpScreenFor(pathname: string): HelpScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = MODULE_PAGES.get(path);
  if (page !== undefined) return isHelpScreen(page) ? page : undefined;
  const parent = path.slice(0, path.lastIndexOf('/'));
  const detail = DETAIL_SCREENS[parent];
  if (detail) return detail;
  return SHELL_SCREENS.find(([pattern]) => pattern.test(path))?.[1];
}
