import { ENERGY_KWH_KEYS } from '@voltfleet/domain/plants';
import { ROLLUP_HISTORY_FIELDS, fieldByKey, roundToField, type FieldKey } from '@voltfleet/domain/telemetry';
import {
  energyQuantityOf,
  isLongPeriodIndex,
  type Report,
  type ReportColumn,
  type ReportQuery,
  type ReportStep,
} from '@voltfleet/domain/reports';
import { localDay, localDayStart, utcOffsetLabel } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import {
  dayLabels,
  nextDay,
  rollupSlots,
  slotLabels,
  slotWindow,
  type RollupSlotRow,
  type SlotKind,
  type SlotWindow,
} from '../../platform/energy-slots.repository.js';
import { AppError, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { roundKwh } from '../plant-stats/index.js';
import { devicesInScope, type ReportDeviceRow } from './report-devices.repository.js';
import { readingSlots } from './report-readings.repository.js';
import { templateInScope } from './report-templates.repository.js';

const HOUR_MS = 3_600_000;

/** Whose scope a report reads in: the caller's, or an export's owner's when the job builds it. */
type Scope = Pick<Caller, 'id' | 'path'>;

interface Plan {
  step: ReportStep;
  kind: Exclude<SlotKind, 'years'>;
  window: SlotWindow;
  labels: string[];
}

/** The slots of a period: a day's 5-minute or hourly times, a month's or a range's days, a year's months. */
function planOf(q: ReportQuery, today: string): Plan {
  const date = q.date ?? today;
  if (q.period === 'day') {
    const kind = q.step === '5m' ? 'fiveMinutes' : 'hours';
    return { step: q.step, kind, window: slotWindow(kind, date), labels: slotLabels(kind, date) };
  }
  if (q.period === 'month')
    return { step: '1d', kind: 'days', window: slotWindow('days', date), labels: slotLabels('days', date) };
  if (q.period === 'year')
    return { step: '1mo', kind: 'months', window: slotWindow('months', date), labels: slotLabels('months', date) };
  const [start, end] = [q.start!, q.end!]; // the schema requires both for a range
  return { step: '1d', kind: 'days', window: { from: start, to: nextDay(end) }, labels: dayLabels(start, end) };
}

/** The devices and indices asked for: a template's (in scope), or the query's own. */
async function selection(db: Queryable, caller: Scope, q: ReportQuery) {
  const pattern = subtreePattern(caller);
  let deviceIds = q.deviceIds ?? [];
  let indices = q.indices ?? [];
  if (q.templateId !== undefined) {
    const template = await templateInScope(db, pattern, q.templateId);
    if (!template) throw new AppError('not_found', 'report.templateNotFound');
    deviceIds = template.device_ids;
    indices = template.indices as FieldKey[];
  }
  const found = await devicesInScope(db, pattern, caller.id, deviceIds);
  // A device outside the scope (or since deleted) is answered like a missing one.
  if (found.length !== deviceIds.length) throw new AppError('not_found', 'report.deviceNotFound');
  const byId = new Map(found.map((d) => [d.id, d]));
  return { devices: deviceIds.map((id) => byId.get(id)!), indices };
}

/**
 * The devices and indices a query reads, refused before anything is read when a device is out of scope or an index
 * cannot be shown over the period (measurements other than power exist only as readings, read for a single day).
 */
export async function checkReportQuery(db: Queryable, caller: Scope, q: ReportQuery) {
  const chosen = await selection(db, caller, q);
  if (q.period !== 'day') {
    const dayOnly = chosen.indices.find((i) => !isLongPeriodIndex(i));
    if (dayOnly) throw invalid('indices', 'report.dayOnlyIndex', { field: dayOnly });
  }
  return chosen;
}

/** Start and end instants of a plant-local slot label ('YYYY-MM-DD' or 'YYYY-MM'). */
function slotSpan(label: string, timeZone: string): [number, number] {
  if (label.length === 7) {
    const [y, m] = label.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return [localDayStart(`${label}-01`, timeZone)!, localDayStart(next, timeZone)!];
  }
  return [localDayStart(label, timeZone)!, localDayStart(nextDay(label), timeZone)!];
}

/** A column of energies (kWh per slot) with its total, rounded the way the plant statistics round them. */
function energyColumn(device: ReportDeviceRow, index: FieldKey, labels: string[], rows: RollupSlotRow[]) {
  const key = ENERGY_KWH_KEYS[energyQuantityOf(index)!];
  const byLabel = new Map(rows.filter((r) => r.id === device.id).map((r) => [r.label, r]));
  const values = labels.map((l) => {
    const row = byLabel.get(l);
    return row ? roundKwh(Number(row[key])) : null;
  });
  const total = roundKwh(values.reduce<number>((sum, v) => sum + (v ?? 0), 0));
  return { values, total };
}

/** Mean power over each slot from the rollups' energy; the running slot counts up to now. */
function powerFromRollups(
  device: ReportDeviceRow,
  index: FieldKey,
  labels: string[],
  rows: RollupSlotRow[],
  nowMs: number,
) {
  const sum = ROLLUP_HISTORY_FIELDS[index]!.sum;
  const byLabel = new Map(rows.filter((r) => r.id === device.id).map((r) => [r.label, r]));
  return labels.map((l) => {
    const row = byLabel.get(l);
    if (!row) return null;
    const [start, end] = slotSpan(l, device.time_zone);
    const ms = Math.min(end, nowMs) - start;
    if (ms <= 0) return null;
    const kwh = sum.reduce((acc, [q, sign]) => acc + sign * Number(row[ENERGY_KWH_KEYS[q]]), 0);
    return roundToField(index, (kwh * 1000 * HOUR_MS) / ms);
  });
}

/** The UTC offset of a zone over a window: one label, or the change across it ('UTC+2 → UTC+1'). */
function offsetOver(timeZone: string, window: SlotWindow): string {
  const from = localDayStart(window.from, timeZone)!;
  const to = localDayStart(window.to, timeZone)! - 1;
  const [a, b] = [utcOffsetLabel(timeZone, from), utcOffsetLabel(timeZone, to)];
  return a === b ? a : `${a} → ${b}`;
}

/**
 * Data selection: up to 4 devices × 8 indices over a plant-local period, each device on its own plant's calendar.
 * Energies are the rollups' sums per slot (the same reading of the same rows as the plant statistics, so a plant's
 * devices add up to its figures); power over longer periods is the rollups' mean; other measurements are read from
 * the readings of a single day.
 */
export async function buildReport(
  db: Queryable,
  caller: Scope,
  q: ReportQuery,
  nowMs = Date.now(),
  onProgress?: (pct: number) => Promise<void>,
): Promise<Report> {
  const { devices, indices } = await checkReportQuery(db, caller, q);
  const plan = planOf(q, localDay(nowMs, devices[0]?.time_zone ?? 'UTC'));
  const ids = devices.map((d) => d.id);
  const rollupIndices = indices.filter((i) => energyQuantityOf(i) || q.period !== 'day');
  const rollups = rollupIndices.length ? await rollupSlots(db, 'device', ids, plan.kind, plan.window, true) : [];
  const columns: ReportColumn[] = [];
  for (const device of devices) {
    const readingKeys = q.period === 'day' ? indices.filter((i) => !energyQuantityOf(i)) : [];
    const readings = await readingSlots(db, device.id, readingKeys, {
      fromMs: localDayStart(plan.window.from, device.time_zone)!,
      toMs: localDayStart(plan.window.to, device.time_zone)!,
      stepMs: plan.step === '5m' ? 300_000 : HOUR_MS,
      timeZone: device.time_zone,
    });
    const byLabel = new Map(readings.map((r) => [r.label, r]));
    for (const index of indices) {
      const field = fieldByKey(index);
      const base = { deviceId: device.id, index, unit: field.unit, decimals: field.decimals };
      if (energyQuantityOf(index)) {
        columns.push({ ...base, summed: true, ...energyColumn(device, index, plan.labels, rollups) });
      } else if (q.period !== 'day') {
        const values = powerFromRollups(device, index, plan.labels, rollups, nowMs);
        columns.push({ ...base, summed: false, values, total: null });
      } else {
        const values = plan.labels.map((l) => {
          const v = byLabel.get(l)?.[index];
          return v === null || v === undefined ? null : roundToField(index, Number(v));
        });
        columns.push({ ...base, summed: false, values, total: null });
      }
    }
    await onProgress?.(Math.round((99 * (columns.length / indices.length)) / devices.length));
  }
  return {
    period: q.period,
    step: plan.step,
    first: plan.window.from,
    last: lastDay(plan),
    labels: plan.labels,
    devices: devices.map((d) => ({
      id: d.id,
      sn: d.sn,
      plantName: d.plant_name,
      timeZone: d.time_zone,
      utcOffset: offsetOver(d.time_zone, plan.window),
    })),
    columns,
  };
}

/** The last day of a plan's window (its end is exclusive). */
function lastDay(plan: Plan): string {
  const [y, m, d] = plan.window.to.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
