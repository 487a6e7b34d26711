import { ENERGY_KWH_KEYS, type EnergyTotals } from '@voltfleet/domain/plants';
import { ENERGY_QUANTITIES, type EnergyQuantity } from '@voltfleet/domain/telemetry';

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

export { slotLabels } from '../../platform/energy-slots.repository.js';

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
