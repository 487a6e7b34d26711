import type { Queryable } from '../../db/db.js';
import {
  deleteOrphanEarningDays,
  materialiseEarningDays,
  readEarningDays,
  staleEarningDays,
  type EarningDayRow,
} from './earnings.repository.js';

/**
 * Earnings of a plant on a plant-local day (docs/earnings.md): the sum over the day's 5-minute buckets of
 * (load − grid import + grid export) kWh × the price of the tariff period containing the bucket's local start time,
 * under the tariff version effective on that day; a script's own earnings figure replaces the product where present.
 */
export interface EarningsDay {
  plantId: number;
  day: string;
  amount: number;
  currency: string;
  /** Set when part of the day's energy had no tariff in effect: that part is left out of `amount` (never guessed). */
  noTariff?: boolean;
}

/** Brings the cached days of the range up to date with the figures they price (new, late or re-derived data). */
export async function refreshEarnings(
  db: Queryable,
  plantIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<void> {
  if (plantIds.length === 0 || fromDay > toDay) return;
  await deleteOrphanEarningDays(db, plantIds, fromDay, toDay);
  const stale = await staleEarningDays(db, plantIds, fromDay, toDay);
  // Bounded statements: the first read of a long range prices a few hundred days at a time.
  for (let i = 0; i < stale.length; i += 200) await materialiseEarningDays(db, stale.slice(i, i + 200));
}

/** Up-to-date earnings with kWh per tariff type, by plant and plant-local day (YYYY-MM-DD, both inclusive). */
export async function earningsDetailByDay(
  db: Queryable,
  plantIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<EarningDayRow[]> {
  if (plantIds.length === 0 || fromDay > toDay) return [];
  await refreshEarnings(db, plantIds, fromDay, toDay);
  return readEarningDays(db, plantIds, fromDay, toDay);
}

/** Earnings by plant and plant-local day, days inclusive; days without any energy figures are absent. */
export async function earningsByDay(
  db: Queryable,
  plantIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<EarningsDay[]> {
  const rows = await earningsDetailByDay(db, plantIds, fromDay, toDay);
  return rows.map((r) => ({
    plantId: r.plantId,
    day: r.day,
    amount: r.amount,
    currency: r.currency,
    ...(r.noTariff ? { noTariff: true } : {}),
  }));
}
