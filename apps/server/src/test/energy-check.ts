import { ENERGY_QUANTITIES } from '@voltfleet/domain/telemetry';
import type { Db } from '../db/db.js';
import { deltaColumns, readingsIn, rollupColumn, type ReadingColumn } from '../features/telemetry/index.js';

type Quantity = (typeof ENERGY_QUANTITIES)[number];

/** Per device (id → one figure per ENERGY_QUANTITIES entry): the stored readings' deltas and each rollup's sum. */
export interface EnergyTotals {
  readings: Map<number, number[]>;
  day: Map<number, number[]>;
  month: Map<number, number[]>;
  fiveMin: Map<number, number[]>;
  /** Over every device in a plant, and over the plants' daily rollup. */
  plantReadings: number[];
  plantDay: number[];
}

const sums = (column: (q: Quantity) => string) =>
  ENERGY_QUANTITIES.map((q) => `sum(${column(q)})::float8 AS "${q}"`).join(', ');

/** Every stored reading's energy deltas, raw and compacted alike. */
const ALL_READINGS = readingsIn({
  devices: 'ARRAY(SELECT id FROM devices)',
  from: "'-infinity'",
  to: "'infinity'",
  columns: ENERGY_QUANTITIES.map((q) => deltaColumns(q).kwh as ReadingColumn),
});

/** What the energy chain stored: the sum of each device's per-reading deltas, and what each rollup holds. */
export async function readEnergyTotals(db: Db): Promise<EnergyTotals> {
  const byDevice = async (sql: string) => {
    const { rows } = await db.query<Record<string, number>>(sql);
    return new Map(rows.map((r) => [Number(r.id), ENERGY_QUANTITIES.map((q) => Number(r[q] ?? 0))] as const));
  };
  const rollup = (table: string) =>
    byDevice(`SELECT device_id AS id, ${sums(rollupColumn)} FROM ${table} GROUP BY device_id`);
  const plantReadings = await db.query<Record<string, number>>(
    `SELECT ${sums((q) => `r.${deltaColumns(q).kwh}`)} FROM ${ALL_READINGS} r JOIN devices d ON d.id = r.device_id WHERE d.plant_id IS NOT NULL`,
  );
  const plantDay = await db.query<Record<string, number>>(`SELECT ${sums(rollupColumn)} FROM plant_energy_day`);
  return {
    readings: await byDevice(
      `SELECT device_id AS id, ${sums((q) => deltaColumns(q).kwh)} FROM ${ALL_READINGS} r GROUP BY device_id`,
    ),
    day: await rollup('device_energy_day'),
    month: await rollup('device_energy_month'),
    fiveMin: await rollup('device_energy_5m'),
    plantReadings: ENERGY_QUANTITIES.map((q) => Number(plantReadings.rows[0]?.[q] ?? 0)),
    plantDay: ENERGY_QUANTITIES.map((q) => Number(plantDay.rows[0]?.[q] ?? 0)),
  };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Where a rollup differs from the sum of the stored deltas it should hold (the daily, monthly and 5-minute rollup of
 * every device, the plants' daily rollup): empty when the rollups are exact.
 */
export function energyMismatches(totals: EnergyTotals): string[] {
  const out: string[] = [];
  for (const [id, fromReadings] of totals.readings) {
    for (const [name, rollup] of [
      ['day', totals.day],
      ['month', totals.month],
      ['5m', totals.fiveMin],
    ] as const) {
      const got = rollup.get(id) ?? ENERGY_QUANTITIES.map(() => 0);
      ENERGY_QUANTITIES.forEach((q, i) => {
        if (!close(got[i]!, fromReadings[i]!)) out.push(`device ${id} ${name} ${q}: ${got[i]} vs ${fromReadings[i]}`);
      });
    }
  }
  ENERGY_QUANTITIES.forEach((q, i) => {
    if (!close(totals.plantDay[i]!, totals.plantReadings[i]!))
      out.push(`plant day ${q}: ${totals.plantDay[i]} vs ${totals.plantReadings[i]}`);
  });
  return out;
}
