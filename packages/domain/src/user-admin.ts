import { z } from 'zod';
import type { Lang } from './languages.js';
import { timeZoneSchema } from './calendar-date.js';
import { userFilterSchema } from './users.js';

/**
 * The user list's actions beyond create and edit (issue 16): enable/disable, move within the caller's subtree, delete
 * with hand-over, export. The server validates with these schemas; the page's forms check with them.
 */

/** PUT /api/users/:id/superior: the new superior, the caller or someone below them (not below the user moved). */
export const userMoveSchema = z.strictObject({
  superiorId: z.number('validation.required').int().positive().max(2_147_483_647),
});
export type UserMove = z.infer<typeof userMoveSchema>;

/** What a deletion handed over to the deleting user (also the counts in its operation record). */
export const userDeleteResultSchema = z.object({
  plants: z.number().int(),
  devices: z.number().int(),
  subordinates: z.number().int(),
});
export type UserDeleteResult = z.infer<typeof userDeleteResultSchema>;

export const USER_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type UserExportFormat = (typeof USER_EXPORT_FORMATS)[number];

/** Most rows one user export may hold; a larger selection is refused with a message to narrow it. */
export const USER_EXPORT_MAX_ROWS = 20_000;

/** GET /api/users/export: the list's filters, the file format and the zone the times are written in (the browser's). */
export const userExportQuerySchema = userFilterSchema.extend({
  format: z.enum(USER_EXPORT_FORMATS, 'validation.invalidValue').default('xlsx'),
  timeZone: timeZoneSchema.default('UTC'),
});
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

type Names = Readonly<Record<Lang, string>>;

/** Columns of the exported user list with their headers, in sheet order. */
export const USER_EXPORT_COLUMNS = [
  { key: 'username', names: { zh: '用户名', en: 'Username', cs: 'Uživatelské jméno', de: 'Benutzername' } },
  { key: 'name', names: { zh: '姓名', en: 'Name', cs: 'Jméno', de: 'Name' } },
  { key: 'code', names: { zh: '用户编码', en: 'User code', cs: 'Kód uživatele', de: 'Benutzercode' } },
  { key: 'role', names: { zh: '角色', en: 'Role', cs: 'Role', de: 'Rolle' } },
  { key: 'level', names: { zh: '级别', en: 'Level', cs: 'Úroveň', de: 'Stufe' } },
  { key: 'superior', names: { zh: '上级用户', en: 'Superior', cs: 'Nadřízený', de: 'Vorgesetzter' } },
  { key: 'phone', names: { zh: '手机号', en: 'Phone', cs: 'Telefon', de: 'Telefon' } },
  { key: 'email', names: { zh: '邮箱', en: 'E-mail', cs: 'E-mail', de: 'E-Mail' } },
  { key: 'company', names: { zh: '公司', en: 'Company', cs: 'Společnost', de: 'Firma' } },
  { key: 'status', names: { zh: '状态', en: 'Status', cs: 'Stav', de: 'Status' } },
  { key: 'createdAt', names: { zh: '创建时间', en: 'Created', cs: 'Vytvořeno', de: 'Angelegt' } },
] as const satisfies readonly { key: string; names: Names }[];
export type UserExportColumn = (typeof USER_EXPORT_COLUMNS)[number]['key'];

export const USER_EXPORT_SHEET: Names = { zh: '用户列表', en: 'Users', cs: 'Uživatelé', de: 'Benutzer' };

export const USER_STATUS_LABELS: Readonly<Record<'enabled' | 'disabled', Names>> = {
  enabled: { zh: '启用', en: 'Enabled', cs: 'Povolen', de: 'Aktiviert' },
  disabled: { zh: '禁用', en: 'Disabled', cs: 'Zakázán', de: 'Deaktiviert' },
};
