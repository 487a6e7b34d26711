import type { MessageKey } from './i18n/catalogue.js';
import type { ReportExportFormat, ReportStep } from './reports.js';

/**
 * The energy export's constants and words, without zod: the plant and device pages read them for their export dialog
 * in their first download (energy-export.ts holds the query schema the server validates with). The words are catalogue
 * keys (decision 0031), read with the page's language.
 */

/** `month`: one row per plant-local day of a month; `year`: one row per month of a year. */
export const ENERGY_EXPORT_PERIODS = ['month', 'year'] as const;
export type EnergyExportPeriod = (typeof ENERGY_EXPORT_PERIODS)[number];
/** Most devices one export reads (a plant's whole fleet fits; a year of them is 1,200 rows per 100 devices). */
export const ENERGY_EXPORT_MAX_DEVICES = 100;
/** Requests per user per minute: a file is built from the rollups on every request. */
export const ENERGY_EXPORT_RATE = { max: 20, windowMs: 60_000 } as const;

/** The month before a plant-local day's month ('2026-12-02' → '2026-11'): what "last month" means at a plant. */
export function previousMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The file's name: the period it holds ('energy-2026-11.xlsx', 'energy-2026.csv'). */
export const energyExportFileName = (period: string, format: ReportExportFormat) => `energy-${period}.${format}`;

/** A row's slot: a day of a month, or a month of a year; one value of an energy sums that slot. */
export const energyExportStep = (period: EnergyExportPeriod): Extract<ReportStep, '1d' | '1mo'> =>
  period === 'month' ? '1d' : '1mo';

/** Words of the file (besides the energies' names) and of the pages' export dialog: keys of the `exports` namespace. */
export const ENERGY_EXPORT_WORDS = {
  day: 'energyExport.day',
  month: 'energyExport.month',
  sheet: 'energyExport.sheet',
  action: 'energyExport.action',
  devices: 'energyExport.devices',
  allDevices: 'energyExport.allDevices',
  period: 'energyExport.period',
  periodMonth: 'energyExport.periodMonth',
  periodYear: 'energyExport.periodYear',
  monthField: 'energyExport.monthField',
  yearField: 'energyExport.yearField',
  format: 'energyExport.format',
  download: 'energyExport.download',
  cancel: 'energyExport.cancel',
  noDevices: 'energyExport.noDevices',
  tooManyDevices: 'energyExport.tooManyDevices',
  hint: 'energyExport.hint',
} as const satisfies Record<string, MessageKey>;
