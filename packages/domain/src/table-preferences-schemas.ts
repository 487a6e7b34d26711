// The schemas of table-preferences.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { TABLE_COLUMNS, type TableId, TABLE_IDS, hideableColumns } from './table-preferences.js';

/**
 * One list's choice: every column the user hid (an empty list shows them all). A list without a stored choice shows
 * its default, every column but its `defaultHidden`.
 */
const tableChoiceOf = <T extends TableId>(table: T) =>
  z.strictObject({
    table: z.literal(table),
    hidden: z
      .array(z.enum(hideableColumns(table), 'validation.invalidValue'), 'validation.invalidValue')
      .max(TABLE_COLUMNS[table].columns.length, 'validation.exceedsLimit')
      .refine((hidden) => new Set(hidden).size === hidden.length, 'validation.invalidValue'),
  });

/**
 * PUT /api/preferences/tables: the columns to hide in one list (all of them: the default's are sent too). Unknown lists, unknown or frozen columns, repeats and
 * anything else are refused with a localised 400.
 */
export const tableChoiceSchema = z.discriminatedUnion(
  'table',
  [
    tableChoiceOf('deviceList'),
    tableChoiceOf('plantList'),
    tableChoiceOf('alarmSearch'),
    tableChoiceOf('roleList'),
    tableChoiceOf('userList'),
    tableChoiceOf('operationRecords'),
    tableChoiceOf('controlRecords'),
  ],
  { error: 'validation.invalidValue' },
);

export type TableChoice = z.infer<typeof tableChoiceSchema>;

/**
 * GET /api/preferences/tables: the caller's stored choices, each the whole set of hidden columns (lists left at their
 * default are absent).
 */
export const tablePreferencesSchema = z.array(z.object({ table: z.enum(TABLE_IDS), hidden: z.array(z.string()) }));

export type TablePreferences = z.infer<typeof tablePreferencesSchema>;
