import { ENERGY_KWH_KEYS, ENERGY_QUANTITIES, type EnergyQuantity, type EnergyTotals } from '@voltfleet/domain';
import type { SlotKind } from './plant-stats.repository.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** Energy rounded to Wh, as every answer gives it. */
export const roundKwh = (kwh: number) => Math.round(kwh * 1000) / 1000;
/** Money rounded to cents. */
export const roundMoney = (amount: number) => Math.round(amount * 100) / 100;

/** Six zeros. */
export const zeroTotals = (): EnergyTotals => ({
  pvKwh: 0,
  loadKwh: 0,
  gridImportKwh: 0,
  gridExportKwh: 0,
  batChargeKwh: 0,
  batDischargeKwh: 0,
});

/** Adds `b` into `a` (rounded), for summing plants. */
export function addTotals(a: EnergyTotals, b: Partial<EnergyTotals>): EnergyTotals {
  const out = { ...a };
  for (const q of ENERGY_QUANTITIES) {
    const key = ENERGY_KWH_KEYS[q];
    out[key] = roundKwh(out[key] + Number(b[key] ?? 0));
  }
  return out;
}

/**
 * Every slot label of a range around `date` ('YYYY-MM-DD'): the 288 five-minute or 24 hourly times of a day, the
 * days of its month or the months of its year. Years have no fixed list (see yearLabels).
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

/** Every year from the first to the last one present ('2024', '2025', '2026'); none without data. */
export function yearLabels(present: readonly string[]): string[] {
  if (present.length === 0) return [];
  const years = present.map(Number);
  const first = Math.min(...years);
  const last = Math.max(...years);
  return Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
}

/**
 * The values of each quantity in label order, zero for a slot without figures. Rows whose label is not a slot
 * (none in practice) are ignored rather than shifting the series.
 */
export function seriesByLabel(
  labels: readonly string[],
  rows: readonly (Partial<EnergyTotals> & { label: string })[],
  quantities: readonly EnergyQuantity[] = ENERGY_QUANTITIES,
): { quantity: EnergyQuantity; valuesKwh: number[] }[] {
  const byLabel = new Map(rows.map((r) => [r.label, r]));
  return quantities.map((quantity) => ({
    quantity,
    valuesKwh: labels.map((label) => roundKwh(Number(byLabel.get(label)?.[ENERGY_KWH_KEYS[quantity]] ?? 0))),
  }));
}

/** Labels up to and including the slot containing `localMinute` (minutes since local midnight), for today's curve. */
export function labelsUntil(labels: readonly string[], localMinute: number): string[] {
  return labels.filter((label) => Number(label.slice(0, 2)) * 60 + Number(label.slice(3, 5)) <= localMinute);
}
