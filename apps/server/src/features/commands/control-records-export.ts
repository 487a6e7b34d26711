import {
  COMMAND_CATEGORY_NAMES,
  COMMAND_STATUS_NAMES,
  CONTROL_EXPORT_COLUMNS,
  CONTROL_EXPORT_SHEET,
  RECORD_EXPORT_MAX_ROWS,
  type ControlExportColumn,
  type ControlExportQuery,
} from '@voltfleet/domain/records';
import { commandKindName, type Command } from '@voltfleet/domain/commands';
import { type Lang, translate } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import { invalid } from '../../platform/errors.js';
import { sheetFile, sheetTime, timeColumnHeader, type Sheet, type SheetCell } from '../../platform/spreadsheet.js';
import { countRecords, recordsForExport, type Scope } from './commands.repository.js';

/**
 * The control records as a sheet in `lang`: type, category and status in words, the parameters as sent (register
 * keys and values, as the device received them), times on the viewer's wall clock with their UTC offset, the zone in
 * the headers.
 */
export function controlSheet(commands: readonly Command[], lang: Lang, timeZone: string): Sheet {
  const rows = commands.map((c) => {
    const cells: Record<ControlExportColumn, SheetCell> = {
      time: sheetTime(c.createdAt, timeZone),
      user: c.username,
      ip: c.ip ?? '',
      kind: translate(commandKindName(c.kind), lang),
      category: translate(COMMAND_CATEGORY_NAMES[c.category], lang),
      device: c.deviceSn,
      plant: c.plantName ?? '',
      parameters: JSON.stringify(c.parameters),
      status: translate(COMMAND_STATUS_NAMES[c.status], lang),
      reason: c.reason ?? '',
      finished: sheetTime(c.finishedAt, timeZone),
    };
    return CONTROL_EXPORT_COLUMNS.map((col) => cells[col.key]);
  });
  return {
    name: translate(CONTROL_EXPORT_SHEET, lang),
    headers: CONTROL_EXPORT_COLUMNS.map((col) =>
      col.key === 'time' || col.key === 'finished'
        ? timeColumnHeader(translate(col.label, lang), timeZone)
        : translate(col.label, lang),
    ),
    widths: CONTROL_EXPORT_COLUMNS.map((col) => (col.key === 'parameters' || col.key === 'reason' ? 40 : 22)),
    rows,
  };
}

/**
 * The filtered control records in scope as a file, newest first; more than `rowLimit` is refused (narrow the
 * filters, the message says the cap) before any row is read.
 */
export async function exportControlRecords(
  db: Queryable,
  scope: Scope,
  q: ControlExportQuery,
  lang: Lang,
  rowLimit = RECORD_EXPORT_MAX_ROWS,
): Promise<Buffer> {
  const total = await countRecords(db, scope, q);
  if (total > rowLimit) throw invalid('filters', 'export.tooManyRows', { max: rowLimit });
  const sheet = controlSheet(await recordsForExport(db, scope, q, rowLimit), lang, q.timeZone);
  return sheetFile(sheet, q.format);
}
