import { translate } from '@voltfleet/domain/i18n';
import { ALL_PERMISSION_CODES, BUILTIN_ROLE_TEXTS, VIEWS, normaliseGrant } from '@voltfleet/domain/permissions';

const ALL = [...ALL_PERMISSION_CODES];
const without = (prefixes: string[]) =>
  ALL.filter((c) => !prefixes.some((p) => c === p || c.startsWith(`${p}:`) || c.startsWith(`${p}/`)));

/**
 * The four built-in roles of R1.1/R6.6: operator, dealer, engineering (installer), personal (owner). Their words
 * are the domain's catalogue keys (BUILTIN_ROLE_TEXTS); the rows keep the English ones, and the role API shows
 * the caller's language.
 */
const english = (key: keyof typeof BUILTIN_ROLE_TEXTS) => ({
  name: translate(BUILTIN_ROLE_TEXTS[key].name, 'en'),
  description: translate(BUILTIN_ROLE_TEXTS[key].description, 'en'),
});

export const BUILTIN_ROLES = [
  {
    key: 'operator',
    ...english('operator'),
    permissions: ALL,
    views: [...VIEWS],
  },
  {
    key: 'dealer',
    ...english('dealer'),
    // E:notice.publish stays with the operator: an upgrade notice reaches every user of the platform, not only a
    // dealer's own branch, so only whoever runs the platform may publish or withdraw one.
    permissions: normaliseGrant(
      ALL.filter((c) => !['B/E:command.batch', 'B/E:firmware.manage', 'B/E:debug.raw', 'E:notice.publish'].includes(c)),
    ),
    views: [...VIEWS],
  },
  {
    key: 'engineering',
    ...english('engineering'),
    // What installers do for their customers (issue 36): create, edit and disable the owners below them (D/A),
    // set the alarm rules that tell them of their plants' faults (C/C, scoped to their subtree like everything), and
    // work orders (open to every role). Kept by dealers and the operator: deleting a user (which hands everything the
    // user owns to someone else), batch commands, firmware packages, raw debugging and roles (E). docs/roles.md.
    permissions: normaliseGrant(
      without(['E', 'D/A:user.delete', 'B/E:command.batch', 'B/E:firmware.manage', 'B/E:debug.raw']),
    ),
    views: ['bigScreen/map', 'bigScreen/flowGraph'],
  },
  {
    key: 'personal',
    ...english('personal'),
    permissions: normaliseGrant(['A', 'A/A', 'B', 'B/A', 'C', 'C/A', 'C/B', 'D', 'D/E', 'D/E:template.edit']),
    views: ['bigScreen/flowGraph'],
  },
] as const;

export type BuiltinRoleKey = (typeof BUILTIN_ROLES)[number]['key'];
