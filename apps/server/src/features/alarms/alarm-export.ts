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
} from '@voltfleet/domain/alarms';
import { type Lang, translate } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { sheetFile, sheetTime, type Sheet, type SheetCell } from '../../platform/spreadsheet.js';
import { alarmsForExport, countAlarms, type AlarmRecord } from './alarm-search.repository.js';
import { alarmText, entryOf, resolveFilter, toAlarmRow } from './alarm-search.service.js';

export type AlarmExportQuery = AlarmFilter & { format: AlarmExportFormat; sort: AlarmSort; order: 'asc' | 'desc' };

/**
 * One sheet row: times as the plant's wall clock with the UTC offset of that instant ("2026-03-03 23:30:00 UTC+1",
 * UTC for a device in no plant), words in the caller's language. The sheet writer neutralises every text cell (a
 * plant called "=HYPERLINK(…)" stays text).
 */
function cellsOf(r: AlarmRecord, lang: Lang): Record<AlarmExportColumn, SheetCell> {
  const row = toAlarmRow(r, lang);
  const zone = row.timeZone;
  const time = (at: string | null) => sheetTime(at, zone);
  return {
    raisedAt: time(row.raisedAt),
    recoveredAt: time(row.recoveredAt),
    lastSeenAt: time(row.lastSeenAt),
    timeZone: zone,
    severity: translate(ALARM_SEVERITY_LABELS[row.severity], lang),
    state: translate(ALARM_STATE_LABELS[row.state], lang),
    group: translate(ALARM_GROUP_LABELS[row.group], lang),
    name: alarmText(entryOf(row.code, row.deviceCode), 'name', lang),
    code: row.code,
    deviceCode: row.deviceCode ?? '',
    sn: row.sn,
    plant: row.plantName ?? '',
    flapping: translate(ALARM_YES_NO[row.flapping ? 'yes' : 'no'], lang),
    acknowledgedAt: time(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy ?? '',
    ackNote: row.ackNote ?? '',
  };
}

/** The alarms as a sheet with headers in `lang` (the zone of each row's times in its own column). */
const alarmSheet = (rows: readonly AlarmRecord[], lang: Lang): Sheet => ({
  name: translate(ALARM_EXPORT_SHEET, lang),
  headers: ALARM_EXPORT_COLUMNS.map((c) => translate(c.label, lang)),
  widths: ALARM_EXPORT_COLUMNS.map((c) => (c.key === 'name' || c.key === 'ackNote' ? 36 : 24)),
  rows: rows.map((r) => {
    const cells = cellsOf(r, lang);
    return ALARM_EXPORT_COLUMNS.map((c) => cells[c.key]);
  }),
});

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
  return sheetFile(alarmSheet(rows, lang), q.format);
}
