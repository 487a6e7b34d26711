import { z } from 'zod';
import { DEVICE_EXPORT_COLUMNS } from './device-export.js';
import type { Translate } from './i18n/catalogue.js';
import {
  ENERGY_EXPORT_MAX_DEVICES,
  ENERGY_EXPORT_PERIODS,
  ENERGY_EXPORT_WORDS,
  energyExportStep,
  type EnergyExportPeriod,
} from './energy-export-words.js';
import { REPORT_EXPORT_FORMATS, reportIndexName } from './reports.js';
import { ENERGY_COUNTERS, ENERGY_QUANTITIES, type EnergyQuantity } from './telemetry/energy.js';

/**
 * Energy export (issue 36 point 9): a month's daily or a year's monthly energies of devices, straight from the plant
 * and device pages, without a template. The rows are the stored daily and monthly rollups, the same numbers the
 * device history's long ranges and the reports show.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;
// The charts' calendar: the first plants of the product up to the next century (calendarDateSchema's bounds).
const inRange = (year: number) => year >= 2000 && year <= 2100;

const idList = z
  .string('validation.invalidValue')
  // 10 digits and a comma per id: a longer list is refused before it is split.
  .max(ENERGY_EXPORT_MAX_DEVICES * 11, 'report.tooManyDevices')
  .transform((s) => (s.trim() === '' ? [] : s.split(',').map((part) => part.trim())))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, 'validation.invalidValue')
          .transform(Number)
          .pipe(z.number().int().positive('validation.invalidValue').max(2_147_483_647, 'validation.invalidValue')),
      )
      .min(1, 'report.noDevices')
      .max(ENERGY_EXPORT_MAX_DEVICES, 'report.tooManyDevices')
      .refine((ids) => new Set(ids).size === ids.length, 'report.duplicateDevice'),
  );

/** GET /api/energy-export: devices (comma-separated ids), the period and the file format. */
export const energyExportQuerySchema = z.strictObject(
  {
    deviceIds: idList,
    period: z.enum(ENERGY_EXPORT_PERIODS, 'validation.invalidValue').default('month'),
    /** 'YYYY-MM' for `month`; the month before the plant's current one when left out. */
    month: z
      .string('validation.invalidValue')
      .regex(MONTH, 'validation.invalidValue')
      .refine((m) => inRange(Number(m.slice(0, 4))), 'validation.dateOutOfRange')
      .optional(),
    /** 'YYYY' for `year`; the plant's current year when left out. */
    year: z
      .string('validation.invalidValue')
      .regex(YEAR, 'validation.invalidValue')
      .refine((y) => inRange(Number(y)), 'validation.dateOutOfRange')
      .optional(),
    format: z.enum(REPORT_EXPORT_FORMATS, 'validation.invalidValue').default('xlsx'),
  },
  'validation.invalidValue',
);
export type EnergyExportQuery = z.infer<typeof energyExportQuerySchema>;
export type EnergyExportQueryInput = z.input<typeof energyExportQuerySchema>;

const DEVICE_COLUMN = (key: 'sn' | 'plant') => DEVICE_EXPORT_COLUMNS.find((c) => c.key === key)!.label;

/**
 * The heading row, read with `t`: device serial, plant, the slot, then each energy in kWh named by what it sums
 * ('PV energy per day (kWh)'), the names the reports use.
 */
export function energyExportHeadings(period: EnergyExportPeriod, t: Translate): string[] {
  const step = energyExportStep(period);
  return [
    t(DEVICE_COLUMN('sn')),
    t(DEVICE_COLUMN('plant')),
    t(ENERGY_EXPORT_WORDS[period === 'month' ? 'day' : 'month']),
    ...ENERGY_QUANTITIES.map((q: EnergyQuantity) => reportIndexName(ENERGY_COUNTERS[q].today, t, step)),
  ];
}
