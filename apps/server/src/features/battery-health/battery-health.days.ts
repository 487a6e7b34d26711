import { localDay, localDayStart, shiftDay } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import { VALUES_STEP_MS, fiveMinuteBins } from '../telemetry/index.js';
import {
  dueBatteryDays,
  healthDays,
  storeBatteryDays,
  type BatteryDayFigures,
  type BatteryDayRow,
} from './battery-health.repository.js';

/*
 * A battery's daily health from its inverter's readings. A day is read through the reader the device history's
 * 5-minute curve uses (telemetry's fiveMinuteBins): the 5-minute values table where it covers the day, the raw
 * readings elsewhere, and a compacted day's arrays decoded by telemetry (decision 0038). So every day of the history
 * has its figures, whether its readings are raw, compacted, or in the table, and they are the figures the history
 * shows: the day's last state of health is its last 5-minute bin's, and the widest cell spread is the widest of the
 * bins' (each bin's average highest cell voltage less its average lowest), as the 5-minute values gave them before.
 */

const FIELDS = ['batSohPct', 'batCellVoltageMaxV', 'batCellVoltageMinV', 'batCycleCount'] as const;

/** A day's figures; null where no reading of the day had the value. */
export type DayFigures = Omit<BatteryDayFigures, 'deviceId' | 'day' | 'energyKwh'>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The figures of a day's 5-minute bins (in time order). */
export function figuresOfBins(bins: readonly Record<string, unknown>[]): DayFigures {
  const figures: DayFigures = { sohPct: null, sohMinPct: null, sohMaxPct: null, cellSpreadMv: null, cycleCount: null };
  const max = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));
  for (const bin of bins) {
    const soh = num(bin.batSohPct);
    if (soh !== null) {
      figures.sohPct = soh;
      figures.sohMinPct = figures.sohMinPct === null ? soh : Math.min(figures.sohMinPct, soh);
      figures.sohMaxPct = max(figures.sohMaxPct, soh);
    }
    const [high, low] = [num(bin.batCellVoltageMaxV), num(bin.batCellVoltageMinV)];
    if (high !== null && low !== null) figures.cellSpreadMv = max(figures.cellSpreadMv, (high - low) * 1000);
    const cycles = num(bin.batCycleCount);
    if (cycles !== null) figures.cycleCount = max(figures.cycleCount, cycles);
  }
  return figures;
}

const onGrid = (ms: number) => Math.floor(ms / VALUES_STEP_MS) * VALUES_STEP_MS;

/** The figures of a device's readings in [fromMs, toMs), both moved to the 5-minute grid (real zones' midnights are). */
export async function readFigures(db: Queryable, deviceId: number, fromMs: number, toMs: number): Promise<DayFigures> {
  const bins = await fiveMinuteBins(db, { deviceId, fromMs: onGrid(fromMs), toMs: onGrid(toMs) }, FIELDS);
  return figuresOfBins(bins);
}

export interface FillOptions {
  nowMs: number;
  /** How many days back a day may be filled. */
  lookbackDays: number;
  /** Device-days read per round at most: a large backlog is spread over rounds. */
  batch: number;
  /** Rows written per statement (a round stopped half-way keeps what it wrote). */
  perStatement?: number;
}

/**
 * Reads and stores the health of up to `batch` due device-days of `sourceIds` (dueBatteryDays: complete days with
 * readings that have no row, or whose energy changed since theirs was written), the newest first. `more` says the
 * batch was full: more days may be due.
 */
export async function fillBatteryDays(
  db: Queryable,
  sourceIds: readonly number[],
  options: FillOptions,
): Promise<{ filled: number; more: boolean }> {
  const due = await dueBatteryDays(db, sourceIds, options.nowMs, options.lookbackDays, options.batch);
  const perStatement = options.perStatement ?? 50;
  let pending: BatteryDayFigures[] = [];
  for (const d of due) {
    const from = localDayStart(d.day, d.timeZone)!;
    const to = localDayStart(shiftDay(d.day, 1), d.timeZone)!;
    const figures = await readFigures(db, d.deviceId, from, to);
    pending.push({ deviceId: d.deviceId, day: d.day, energyKwh: d.energyKwh, ...figures });
    if (pending.length >= perStatement) {
      await storeBatteryDays(db, pending);
      pending = [];
    }
  }
  await storeBatteryDays(db, pending);
  return { filled: due.length, more: due.length >= options.batch };
}

/**
 * The daily health of `sourceId` from the plant-local day `fromDay` on, as the page and the alarm both read it: the
 * complete days from battery_health_days, and today so far from today's readings (its newest state of health is the
 * battery's newest).
 */
export async function batteryDaysOf(
  db: Queryable,
  sourceId: number,
  timeZone: string,
  fromDay: string,
  nowMs: number,
): Promise<BatteryDayRow[]> {
  const days = await healthDays(db, sourceId, fromDay);
  const today = localDay(nowMs, timeZone);
  if (today < fromDay) return days;
  const start = localDayStart(today, timeZone)!;
  const f = await readFigures(db, sourceId, start, onGrid(nowMs) + VALUES_STEP_MS);
  if (f.sohPct === null && f.cycleCount === null && f.cellSpreadMv === null) return days;
  const past = days.filter((d) => d.day < today);
  return [...past, { day: today, soh_pct: f.sohPct, cycle_count: f.cycleCount, spread_mv: f.cellSpreadMv }];
}
