import {
  OPERATION_CATEGORIES,
  OPERATION_CATEGORY_NAMES,
  OPERATION_EXPORT_COLUMNS,
  OPERATION_EXPORT_SHEET,
  RECORD_EXPORT_MAX_ROWS,
  RECORD_RESULT_NAMES,
  recordHeadline,
  recordObjectNoun,
  type OperationCategory,
  type OperationExportColumn,
  type OperationExportQuery,
  type OperationRecord,
} from '@voltfleet/domain/records';
import { type Lang, translate, translateOr, translator } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import { invalid } from '../../platform/errors.js';
import { sheetFile, sheetTime, timeColumnHeader, type Sheet, type SheetCell } from '../../platform/spreadsheet.js';
import { countOperationRecords, operationRecordsForExport } from './records.repository.js';

const isCategory = (c: string): c is OperationCategory => (OPERATION_CATEGORIES as readonly string[]).includes(c);

/**
 * The records as a sheet in `lang`, read like the list (the domain's recordHeadline): the action as a sentence naming
 * its object (by the name the reader may see, else by its number; several devices as "10 devices" with their serial
 * numbers), the object's kind and name, the outcome with why a refused request was refused, and the record as stored (technical
 * details, JSON). Times are the viewer's wall clock with their UTC offset, the zone in the time column's header.
 */
export function operationSheet(records: readonly OperationRecord[], lang: Lang, timeZone: string): Sheet {
  const t = translator(lang);
  const rows = records.map((r) => {
    const headline = recordHeadline(r, lang, t);
    const { action, objectType, objectId, params, changes } = r;
    const cells: Record<OperationExportColumn, SheetCell> = {
      time: sheetTime(r.createdAt, timeZone),
      user: r.username ?? '',
      ip: r.ip,
      action: headline.action,
      category: isCategory(r.category) ? translate(OPERATION_CATEGORY_NAMES[r.category], lang) : r.category,
      objectType: translateOr(recordObjectNoun(r.objectType), lang, r.objectType),
      // A file lists what "10 devices" stands for.
      object: headline.devices.length > 0 ? `${headline.name}: ${headline.devices.join(', ')}` : headline.name,
      objectId: r.objectId ?? '',
      result: [translate(RECORD_RESULT_NAMES[r.ok ? 'ok' : 'failed'], lang), headline.refusal]
        .filter(Boolean)
        .join(' · '),
      details: JSON.stringify({ action, objectType, objectId, params, changes }),
    };
    return OPERATION_EXPORT_COLUMNS.map((c) => cells[c.key]);
  });
  return {
    name: translate(OPERATION_EXPORT_SHEET, lang),
    headers: OPERATION_EXPORT_COLUMNS.map((c) =>
      c.key === 'time' ? timeColumnHeader(translate(c.label, lang), timeZone) : translate(c.label, lang),
    ),
    widths: OPERATION_EXPORT_COLUMNS.map((c) => (c.key === 'action' || c.key === 'details' ? 48 : 22)),
    rows,
  };
}

/**
 * The filtered records of the caller's subtree as a file, newest first. A selection of more than `rowLimit` records
 * is refused (narrow the filters, the message says the cap) before any row is read.
 */
export async function exportOperationRecords(
  db: Queryable,
  reader: { pattern: string; callerId: number },
  q: OperationExportQuery,
  lang: Lang,
  rowLimit = RECORD_EXPORT_MAX_ROWS,
): Promise<Buffer> {
  const total = await countOperationRecords(db, reader, q);
  if (total > rowLimit) throw invalid('filters', 'export.tooManyRows', { max: rowLimit });
  const sheet = operationSheet(await operationRecordsForExport(db, reader, q, rowLimit), lang, q.timeZone);
  return sheetFile(sheet, q.format);
}
