import type { EnergyTotals } from '@voltfleet/domain/plants';
import type { Queryable } from '../db/db.js';

/**
 * The one reading of the energy rollups by plant-local slot, shared by plant statistics (plants, through the
 * plant_figures_* views that carry a plant script's figures) and data selection (devices, device_energy_*): both
 * cut a plant-local day at the plant's own midnights (23 or 25 hours across DST) and label slots by the local clock,
 * so a report's sums and the plant statistics agree for the same period.
 */
export type SlotKind = 'fiveMinutes' | 'hours' | 'days' | 'months' | 'years';
export type RollupOwner = 'plant' | 'device';

/** Plant-local days [from, to): the window a slot query reads ('YYYY-MM-DD', `to` exclusive). */
export interface SlotWindow {
  from: string;
  to: string;
}

// Each owner's rows with their zone: `$1` the ids. A device in no plant keeps UTC.
const OWNERS = {
  plant: {
    zones: `SELECT id, time_zone FROM plants WHERE id = ANY($1::int4[])`,
    views: { fiveMin: 'plant_figures_5m', day: 'plant_figures_day', month: 'plant_figures_month' },
    key: 'plant_id',
  },
  device: {
    zones: `SELECT d.id, coalesce(p.time_zone, 'UTC') AS time_zone
              FROM devices d LEFT JOIN plants p ON p.id = d.plant_id WHERE d.id = ANY($1::int4[])`,
    views: { fiveMin: 'device_energy_5m', day: 'device_energy_day', month: 'device_energy_month' },
    key: 'device_id',
  },
} as const;

// How a slot kind reads: the view, the slot label of a row, and the rows of the window `$2` ≤ … < `$3`.
const localWindow = `f.bucket >= ($2::date::timestamp AT TIME ZONE z.time_zone)
        AND f.bucket < ($3::date::timestamp AT TIME ZONE z.time_zone)`;
const SLOTS = {
  fiveMinutes: { view: 'fiveMin', label: `to_char(f.bucket AT TIME ZONE z.time_zone, 'HH24:MI')`, where: localWindow },
  hours: {
    view: 'fiveMin',
    label: `to_char(f.bucket AT TIME ZONE z.time_zone, 'HH24') || ':00'`,
    where: localWindow,
  },
  days: { view: 'day', label: `to_char(f.day, 'YYYY-MM-DD')`, where: `f.day >= $2::date AND f.day < $3::date` },
  months: { view: 'month', label: `to_char(f.month, 'YYYY-MM')`, where: `f.month >= $2::date AND f.month < $3::date` },
  years: { view: 'month', label: `to_char(f.month, 'YYYY')`, where: `f.month >= $2::date AND f.month < $3::date` },
} as const;

const SUMS = `sum(f.pv_kwh) AS "pvKwh", sum(f.load_kwh) AS "loadKwh", sum(f.grid_import_kwh) AS "gridImportKwh",
  sum(f.grid_export_kwh) AS "gridExportKwh", sum(f.bat_charge_kwh) AS "batChargeKwh",
  sum(f.bat_discharge_kwh) AS "batDischargeKwh"`;

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day after `day`. */
export const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The window of a chart range around `date`: its day, its month, its year, or every year. */
export function slotWindow(kind: SlotKind, date: string): SlotWindow {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  switch (kind) {
    case 'fiveMinutes':
    case 'hours':
      return { from: date, to: nextDay(date) };
    case 'days':
      return {
        from: `${date.slice(0, 7)}-01`,
        to: month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`,
      };
    case 'months':
      return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
    case 'years':
      return { from: '1900-01-01', to: '2200-01-01' };
  }
}

/**
 * Every slot label of a range around `date` ('YYYY-MM-DD'): the 288 five-minute or 24 hourly times of a day, the
 * days of its month or the months of its year. Years have no fixed list.
 */
export function slotLabels(kind: Exclude<SlotKind, 'years'>, date: string): string[] {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  switch (kind) {
    case 'fiveMinutes':
      return Array.from({ length: 288 }, (_, i) => `${pad(Math.floor(i / 12))}:${pad((i % 12) * 5)}`);
    case 'hours':
      return Array.from({ length: 24 }, (_, i) => `${pad(i)}:00`);
    case 'days': {
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return Array.from({ length: days }, (_, i) => `${date.slice(0, 7)}-${pad(i + 1)}`);
    }
    case 'months':
      return Array.from({ length: 12 }, (_, i) => `${date.slice(0, 4)}-${pad(i + 1)}`);
  }
}

/** Every plant-local day from `first` to `last`, inclusive. */
export function dayLabels(first: string, last: string): string[] {
  const labels: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) labels.push(day);
  return labels;
}

export type RollupSlotRow = EnergyTotals & { id: number; label: string };

/**
 * Energies per plant-local slot over a window, from the rollups of plants or devices, slots with data only. With
 * `perOwner` each plant or device gets its own rows; without, the owners are summed per slot (id is then 0).
 */
export async function rollupSlots(
  db: Queryable,
  owner: RollupOwner,
  ids: readonly number[],
  kind: SlotKind,
  window: SlotWindow,
  perOwner: boolean,
): Promise<RollupSlotRow[]> {
  if (ids.length === 0) return [];
  const o = OWNERS[owner];
  const slot = SLOTS[kind];
  const id = perOwner ? 'z.id' : '0';
  const { rows } = await db.query<RollupSlotRow>(
    `WITH z AS (${o.zones})
     SELECT ${id} AS id, ${slot.label} AS label, ${SUMS}
       FROM z JOIN ${o.views[slot.view]} f ON f.${o.key} = z.id
      WHERE ${slot.where}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [[...ids], window.from, window.to],
  );
  return rows;
}
