import {
  HISTORY_STEP_MS,
  ROLLUP_HISTORY_FIELDS,
  fieldByKey,
  planHistory,
  roundToField,
  type DeviceHistory,
  type DeviceHistoryQuery,
  type FieldKey,
  type HistoryPlan,
  type HistorySeries,
  type HistoryStep,
} from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { deviceRecord } from './device-detail.service.js';
import { VALUES_STEP_MS, onValuesGrid } from '../telemetry/index.js';
import { energyDays, energyHours, readingBins, valueBinsOf, type HistoryRow } from './device-history.repository.js';

type Sums = Record<string, NonNullable<(typeof ROLLUP_HISTORY_FIELDS)[FieldKey]>['sum']>;

function series(
  key: FieldKey,
  step: HistoryStep,
  rows: readonly HistoryRow[],
  scale: (v: number, t: number) => number,
) {
  const field = fieldByKey(key);
  const points: [number, number][] = [];
  for (const row of rows) {
    const v = row[key];
    if (v !== null && v !== undefined) points.push([row.t, roundToField(key, scale(v, row.t))]);
  }
  return { key, unit: field.unit, decimals: field.decimals, step, points } satisfies HistorySeries;
}

/**
 * Raw readings binned by the plan's step. Five-minute bins on the UTC 5-minute grid (a day in any real time zone) come
 * from the 5-minute values table where it covers them, the same figures read from 288 rows instead of every reading.
 */
async function fromReadings(db: Queryable, deviceId: number, plan: HistoryPlan): Promise<HistorySeries[]> {
  const stepMs = HISTORY_STEP_MS[plan.rawStep];
  const window = { deviceId, fromMs: plan.fromMs, toMs: plan.toMs };
  const onGrid = stepMs === VALUES_STEP_MS && onValuesGrid(plan.fromMs, plan.toMs);
  const rows = onGrid ? await valueBinsOf(db, window, plan.fields) : await readingBins(db, window, plan.fields, stepMs);
  return plan.fields.map((key) => series(key, plan.rawStep, rows, (v) => v));
}

/**
 * Long windows from the energy rollups only: power as the hourly energy over the hour's length (the running hour
 * counts up to now), daily counters as the day's energy.
 */
async function fromRollups(
  db: Queryable,
  deviceId: number,
  plan: HistoryPlan,
  timeZone: string,
  nowMs: number,
): Promise<HistorySeries[]> {
  const hourly: Sums = {};
  const daily: Sums = {};
  for (const key of plan.fields) {
    const rollup = ROLLUP_HISTORY_FIELDS[key]!;
    (rollup.step === '1h' ? hourly : daily)[key] = rollup.sum;
  }
  const window = { deviceId, fromMs: plan.fromMs, toMs: plan.toMs };
  const [hours, days] = await Promise.all([
    Object.keys(hourly).length ? energyHours(db, window, hourly) : [],
    Object.keys(daily).length ? energyDays(db, { ...window, timeZone }, daily) : [],
  ]);
  const hourMs = HISTORY_STEP_MS['1h'];
  const averageW = (kwh: number, t: number) =>
    (kwh * 1000 * hourMs) / Math.min(hourMs, Math.max(HISTORY_STEP_MS['5m'], nowMs - t));
  return plan.fields.map((key) =>
    key in hourly ? series(key, '1h', hours, averageW) : series(key, '1d', days, (v) => v),
  );
}

/**
 * The history curve of a device in scope: at most 8 fields over a plant-local range. Up to 7 days read raw readings
 * (binned to 5/15/30 minutes), longer ranges read only the energy rollups. Times are UTC epoch ms with the plant's
 * zone beside them.
 */
export async function getDeviceHistory(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  id: number,
  query: DeviceHistoryQuery,
  nowMs = Date.now(),
): Promise<DeviceHistory> {
  const device = await deviceRecord(db, caller, offlineSeconds, id);
  const timeZone = device.time_zone ?? 'UTC';
  const result = planHistory(query, nowMs, timeZone);
  if (!result.ok) throw invalid(result.path, result.key, result.params);
  const { plan } = result;
  const data = plan.rollups
    ? await fromRollups(db, device.id, plan, timeZone, nowMs)
    : await fromReadings(db, device.id, plan);
  return {
    timeZone,
    from: new Date(plan.fromMs).toISOString(),
    to: new Date(plan.toMs).toISOString(),
    source: plan.rollups ? 'rollups' : 'readings',
    series: data,
  };
}

/** True when no series has a single point (the page then says "No history data available for the device"). */
export const isEmptyHistory = (h: DeviceHistory) => h.series.every((s) => s.points.length === 0);
