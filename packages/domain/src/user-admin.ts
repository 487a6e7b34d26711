import { z } from 'zod';
import type { MessageKey } from './i18n/catalogue.js';
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

/** Columns of the exported user list with their headers, in sheet order. */
export const USER_EXPORT_COLUMNS = [
  { key: 'username', label: 'userExport.column.username' },
  { key: 'name', label: 'userExport.column.name' },
  { key: 'code', label: 'userExport.column.code' },
  { key: 'role', label: 'userExport.column.role' },
  { key: 'level', label: 'userExport.column.level' },
  { key: 'superior', label: 'userExport.column.superior' },
  { key: 'phone', label: 'userExport.column.phone' },
  { key: 'email', label: 'userExport.column.email' },
  { key: 'company', label: 'userExport.column.company' },
  { key: 'status', label: 'userExport.column.status' },
  { key: 'createdAt', label: 'userExport.column.createdAt' },
] as const satisfies readonly { key: string; label: MessageKey }[];
export type UserExportColumn = (typeof USER_EXPORT_COLUMNS)[number]['key'];

export const USER_EXPORT_SHEET: MessageKey = 'userExport.sheet';

export const USER_STATUS_LABELS = {
  enabled: 'userStatus.enabled',
  disabled: 'userStatus.disabled',
} as const satisfies Readonly<Record<'enabled' | 'disabled', MessageKey>>;

/** How the list and its export name an account's approval (only pending and refused ones are marked). */
export const USER_APPROVAL_LABELS = {
  pending: 'userStatus.pending',
  refused: 'userStatus.refused',
} as const satisfies Readonly<Record<'pending' | 'refused', MessageKey>>;
