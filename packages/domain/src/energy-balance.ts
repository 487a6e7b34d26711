import type { EnergyTotals } from './plant-stats-schemas.js';

/**
 * The energy balance of a plant or fleet over a period (issue 36): what came in (PV, battery discharge, grid import)
 * against what went out (load, battery charge, grid export). The difference is what the inverters lost converting
 * (DC↔AC both ways, about 3 % of what passes through each) and what the battery lost storing; the energy-flow pages
 * state it beside the figures, so the six numbers visibly add up.
 */
export interface EnergyBalance {
  inKwh: number;
  outKwh: number;
  /** In minus out: the conversion and storage losses (negative only from rounding or a meter's error). */
  lossKwh: number;
  /** The losses as a share of what came in, %; null when nothing came in. */
  lossPct: number | null;
}

/** Conversion and storage lose at most this share of what comes in; a larger gap means the figures disagree. */
export const MAX_LOSS_PCT = 10;

export function energyBalance(t: EnergyTotals): EnergyBalance {
  const inKwh = t.pvKwh + t.batDischargeKwh + t.gridImportKwh;
  const outKwh = t.loadKwh + t.batChargeKwh + t.gridExportKwh;
  const lossKwh = inKwh - outKwh;
  return { inKwh, outKwh, lossKwh, lossPct: inKwh > 0 ? (100 * lossKwh) / inKwh : null };
}
