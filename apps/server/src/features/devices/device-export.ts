import {
  ACTIVATION_STATUS_LABELS,
  DEVICE_EXPORT_COLUMNS,
  DEVICE_EXPORT_MAX_ROWS,
  DEVICE_EXPORT_SHEET,
  DEVICE_KIND_LABELS,
  RUNNING_STATUS_LABELS,
  type DeviceExportColumn,
} from '@voltfleet/domain/devices';
import { type DeviceListFilter } from '@voltfleet/domain/device-list';
import { type Lang, translate } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { sheetTime, sheetXlsx } from '../../platform/spreadsheet.js';
import { exportDevicesInScope, type DeviceExportRow } from './devices.repository.js';
import { filterOf, scopeOf } from './devices.service.js';

/**
 * One sheet row: times on the plant's wall clock with their UTC offset (UTC for a device in no plant; the zone in its
 * own column), labels in the caller's language.
 */
function cellsOf(row: DeviceExportRow, lang: Lang): Record<DeviceExportColumn, string> {
  const zone = row.time_zone ?? 'UTC';
  return {
    sn: row.sn,
    kind: translate(DEVICE_KIND_LABELS[row.kind], lang),
    model: row.model,
    plant: row.plant_name ?? '',
    status: translate(RUNNING_STATUS_LABELS[row.running_status], lang),
    activation: translate(ACTIVATION_STATUS_LABELS[row.activated ? 'activated' : 'awaiting'], lang),
    importTime: sheetTime(row.imported_at, zone),
    lastSeen: sheetTime(row.last_seen_at, zone),
    timeZone: zone,
  };
}

/**
 * The filtered device list in scope as an .xlsx workbook with headers in `lang`. Every cell is text, neutralised by
 * the sheet writer (a model or plant name like "=HYPERLINK(…)" stays text); a selection above `rowLimit` rows is refused.
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

  return sheetXlsx({
    name: translate(DEVICE_EXPORT_SHEET, lang),
    headers: DEVICE_EXPORT_COLUMNS.map((c) => translate(c.label, lang)),
    rows: rows.map((row) => {
      const cells = cellsOf(row, lang);
      return DEVICE_EXPORT_COLUMNS.map((c) => cells[c.key]);
    }),
  });
}
