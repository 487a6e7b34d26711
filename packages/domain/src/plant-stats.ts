import type { EnergyQuantity } from './telemetry/energy.js';

/** Periods the statistics report, each in the plant's own time zone: its local today, month, year, and everything. */
export const STAT_PERIODS = ['today', 'month', 'year', 'total'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

/** Chart ranges: one local day, the days of a month, the months of a year, or every year. */
export const TREND_RANGES = ['day', 'month', 'year', 'total'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

/** The kWh field of each energy quantity in totals: 'gridImport' → 'gridImportKwh'. */
export const ENERGY_KWH_KEYS = {
  pv: 'pvKwh',
  load: 'loadKwh',
  gridImport: 'gridImportKwh',
  gridExport: 'gridExportKwh',
  batCharge: 'batChargeKwh',
  batDischarge: 'batDischargeKwh',
} as const satisfies Record<EnergyQuantity, string>;
