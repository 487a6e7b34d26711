import ExcelJS from 'exceljs';
import {
  ACTIVATION_STATUS_LABELS,
  DEVICE_EXPORT_COLUMNS,
  DEVICE_EXPORT_MAX_ROWS,
  DEVICE_EXPORT_SHEET,
  DEVICE_KIND_LABELS,
  RUNNING_STATUS_LABELS,
  type DeviceExportColumn,
  type DeviceListFilter,
  type Lang,
} from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { neutraliseCell } from '../../platform/spreadsheet.js';
import { exportDevicesInScope, type DeviceExportRow } from './devices.repository.js';
import { filterOf, scopeOf } from './devices.service.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD HH:mm:ss' in a zone (the sv-SE locale writes ISO-like dates). */
function localTime(date: Date | null, timeZone: string): string {
  if (!date) return '';
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f.format(date);
}

/** One sheet row: times in the plant's zone (UTC for a device in no plant), labels in the caller's language. */
function cellsOf(row: DeviceExportRow, lang: Lang): Record<DeviceExportColumn, string> {
  const zone = row.time_zone ?? 'UTC';
  return {
    sn: row.sn,
    kind: DEVICE_KIND_LABELS[row.kind][lang],
    model: row.model,
    plant: row.plant_name ?? '',
    status: RUNNING_STATUS_LABELS[row.running_status][lang],
    activation: ACTIVATION_STATUS_LABELS[row.activated ? 'activated' : 'awaiting'][lang],
    importTime: localTime(row.imported_at, zone),
    lastSeen: localTime(row.last_seen_at, zone),
    timeZone: zone,
  };
}

/**
 * The filtered device list in scope as an .xlsx workbook with headers in `lang`. Every cell is text and neutralised
 * (a model or plant name like "=HYPERLINK(…)" stays text); a selection above `rowLimit` rows is refused.
 */
export async function exportDevicesXlsx(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  filter: DeviceListFilter,
  lang: Lang,
  rowLimit = DEVICE_EXPORT_MAX_ROWS,
): Promise<Buffer> {
  const { rows, total } = await exportDevicesInScope(db, scopeOf(caller, offlineSeconds), filterOf(filter), {
    sort: filter.sort,
    order: filter.order,
    limit: rowLimit,
  });
  if (total > rowLimit) throw invalid('filters', 'export.tooManyRows', { max: rowLimit });

  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(DEVICE_EXPORT_SHEET[lang]);
  sheet.columns = DEVICE_EXPORT_COLUMNS.map((c) => ({ header: c.names[lang], key: c.key, width: 22 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const cells = cellsOf(row, lang);
    sheet.addRow(Object.fromEntries(DEVICE_EXPORT_COLUMNS.map((c) => [c.key, neutraliseCell(cells[c.key])])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
