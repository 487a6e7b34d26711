import { ENERGY_COUNTERS, ENERGY_QUANTITIES, roundToField } from '@voltfleet/domain/telemetry';
import {
  ENERGY_EXPORT_WORDS,
  energyExportFileName,
  energyExportHeadings,
  previousMonth,
  type EnergyExportQuery,
} from '@voltfleet/domain/reports';
import { ENERGY_KWH_KEYS } from '@voltfleet/domain/plants';
import { localDay } from '@voltfleet/domain/time';
import { type Lang, translate, translator } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { rollupSlots, slotLabels, slotWindow, type RollupSlotRow } from '../../platform/energy-slots.repository.js';
import { AppError } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { sheetFile, type Sheet, type SheetCell } from '../../platform/spreadsheet.js';
import { devicesInScope, type ReportDeviceRow } from './report-devices.repository.js';

export interface EnergyExportFile {
  file: Buffer;
  fileName: string;
  /** The exported devices' serial numbers, for the operation record. */
  serials: string[];
}

/** The period a query reads, resolved at the first device's plant: a month ('2026-11') or a year ('2026'). */
function periodOf(q: EnergyExportQuery, device: ReportDeviceRow, nowMs: number): string {
  const today = localDay(nowMs, device.time_zone);
  return q.period === 'month' ? (q.month ?? previousMonth(today)) : (q.year ?? today.slice(0, 4));
}

/**
 * One row per device and slot: the device's serial and plant, the plant-local day or month, and each energy of that
 * slot rounded as its daily counter is (the device history shows the same figure). A slot without a rollup has empty
 * cells: nothing was measured, and a 0 would claim it was.
 */
function rowsOf(devices: readonly ReportDeviceRow[], labels: readonly string[], rollups: readonly RollupSlotRow[]) {
  const byKey = new Map(rollups.map((r) => [`${r.id}/${r.label}`, r]));
  const rows: SheetCell[][] = [];
  for (const device of devices)
    for (const label of labels) {
      const slot = byKey.get(`${device.id}/${label}`);
      rows.push([
        device.sn,
        device.plant_name ?? '',
        label,
        ...ENERGY_QUANTITIES.map((q) =>
          slot ? roundToField(ENERGY_COUNTERS[q].today, Number(slot[ENERGY_KWH_KEYS[q]])) : '',
        ),
      ]);
    }
  return rows;
}

/**
 * The energies of up to 100 devices in the caller's scope over a plant-local month (daily rows) or year (monthly
 * rows), from the daily and monthly rollups, as an .xlsx or CSV file with headings in `lang`. A device out of scope is
 * answered like a missing one (404), before anything is read.
 */
export async function exportEnergy(
  db: Queryable,
  caller: Pick<Caller, 'id' | 'path'>,
  q: EnergyExportQuery,
  lang: Lang,
  nowMs = Date.now(),
): Promise<EnergyExportFile> {
  const found = await devicesInScope(db, subtreePattern(caller), caller.id, q.deviceIds);
  if (found.length !== q.deviceIds.length) throw new AppError('not_found', 'report.deviceNotFound');
  const devices = [...found].sort(
    (a, b) => (a.plant_name ?? '').localeCompare(b.plant_name ?? '') || a.sn.localeCompare(b.sn),
  );
  const period = periodOf(q, devices[0]!, nowMs);
  const kind = q.period === 'month' ? 'days' : 'months';
  const anchor = q.period === 'month' ? `${period}-01` : `${period}-01-01`;
  const labels = slotLabels(kind, anchor);
  const rollups = await rollupSlots(db, 'device', q.deviceIds, kind, slotWindow(kind, anchor), true);
  const sheet: Sheet = {
    name: `${translate(ENERGY_EXPORT_WORDS.sheet, lang)} ${period}`,
    headers: energyExportHeadings(q.period, translator(lang)),
    widths: [18, 24, 20, ...ENERGY_QUANTITIES.map(() => 26)],
    rows: rowsOf(devices, labels, rollups),
  };
  const file = await sheetFile(sheet, q.format);
  return { file, fileName: energyExportFileName(period, q.format), serials: devices.map((d) => d.sn) };
}
