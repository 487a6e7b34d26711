import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  ALARM_EXPORT_COLUMNS,
  ALARM_EXPORT_MAX_ROWS,
  ALARM_EXPORT_SHEET,
  ALARM_GROUP_LABELS,
  ALARM_SEVERITY_LABELS,
  ALARM_STATE_LABELS,
  ALARM_YES_NO,
  type AlarmExportColumn,
  type AlarmExportFormat,
  type AlarmFilter,
  type AlarmSort,
  type Lang,
} from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { neutraliseCell } from '../../platform/spreadsheet.js';
import { alarmsForExport, countAlarms, type AlarmRecord } from './alarm-search.repository.js';
import { entryOf, resolveFilter, toAlarmRow } from './alarm-search.service.js';
import { localTimeWithOffset } from './alarm-time.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type AlarmExportQuery = AlarmFilter & { format: AlarmExportFormat; sort: AlarmSort; order: 'asc' | 'desc' };

type Cell = string | number;

/**
 * One sheet row: times as the plant's wall clock with the UTC offset of that instant ("2026-03-03 23:30:00 +01:00",
 * UTC for a device in no plant), words in the caller's language. Every text cell is neutralised (a plant called
 * "=HYPERLINK(…)" stays text).
 */
function cellsOf(r: AlarmRecord, lang: Lang): Record<AlarmExportColumn, Cell> {
  const row = toAlarmRow(r, lang);
  const zone = row.timeZone;
  const time = (at: string | null) => (at === null ? '' : localTimeWithOffset(Date.parse(at), zone));
  return {
    raisedAt: time(row.raisedAt),
    recoveredAt: time(row.recoveredAt),
    lastSeenAt: time(row.lastSeenAt),
    timeZone: zone,
    severity: ALARM_SEVERITY_LABELS[row.severity][lang],
    state: ALARM_STATE_LABELS[row.state][lang],
    group: ALARM_GROUP_LABELS[row.group][lang],
    name: entryOf(row.code, row.deviceCode).name[lang],
    code: row.code,
    deviceCode: row.deviceCode ?? '',
    sn: row.sn,
    plant: row.plantName ?? '',
    flapping: ALARM_YES_NO[row.flapping ? 'yes' : 'no'][lang],
    acknowledgedAt: time(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy ?? '',
    ackNote: row.ackNote ?? '',
  };
}

const safeRow = (r: AlarmRecord, lang: Lang): Cell[] => {
  const cells = cellsOf(r, lang);
  return ALARM_EXPORT_COLUMNS.map((c) => neutraliseCell(cells[c.key]));
};

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: Cell): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with a byte-order mark (so spreadsheet programs read UTF-8), CRLF line ends, headers in `lang`. */
export function alarmsCsv(rows: readonly AlarmRecord[], lang: Lang): Buffer {
  const lines = [ALARM_EXPORT_COLUMNS.map((c) => csvField(neutraliseCell(c.names[lang]))).join(',')];
  for (const r of rows) lines.push(safeRow(r, lang).map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** An .xlsx workbook written as a stream (a large export never holds the whole sheet model in memory). */
export async function alarmsXlsx(rows: readonly AlarmRecord[], lang: Lang): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(ALARM_EXPORT_SHEET[lang]);
  sheet.columns = ALARM_EXPORT_COLUMNS.map((c) => ({
    header: c.names[lang],
    key: c.key,
    width: c.key === 'name' || c.key === 'ackNote' ? 36 : 24,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const r of rows) sheet.addRow(safeRow(r, lang)).commit();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/**
 * The filtered alarms of the caller's devices as a file, headers in `lang`, in the search's order. A selection of
 * more than `rowLimit` alarms is refused (narrow the filters) before any row is read.
 */
export async function exportAlarms(
  db: Queryable,
  caller: Caller,
  q: AlarmExportQuery,
  lang: Lang,
  rowLimit = ALARM_EXPORT_MAX_ROWS,
): Promise<Buffer> {
  const resolved = await resolveFilter(db, caller, q);
  let rows: AlarmRecord[] = [];
  if (resolved) {
    const total = await countAlarms(db, resolved.scope, resolved.conditions, rowLimit);
    if (total > rowLimit) throw invalid('filters', 'export.tooManyRows', { max: rowLimit });
    rows = await alarmsForExport(db, resolved.scope, resolved.conditions, q.sort, q.order, rowLimit);
  }
  return q.format === 'csv' ? alarmsCsv(rows, lang) : alarmsXlsx(rows, lang);
}
