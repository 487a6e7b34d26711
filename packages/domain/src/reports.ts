import { z } from 'zod';
import { HISTORY_MAX_FIELDS, ROLLUP_HISTORY_FIELDS, isHistoryField } from './device-history.js';
import { calendarDateSchema } from './calendar-date.js';
import { FIELD_UNITS } from './telemetry/field-types.js';
import { ENERGY_COUNTERS, ENERGY_QUANTITIES, type EnergyQuantity } from './telemetry/energy.js';
import { fieldByKey, type FieldKey } from './telemetry/fields.js';
import type { MessageKey, Translate } from './i18n/catalogue.js';
import { requiredText, trimmedText } from './validation-schemas.js';

/**
 * Report management (R2.21 User Center → My templates, Data selection; R3.8 Template; R9.4 limits): a template names up
 * to 4 devices and up to 8 indices of the field catalogue; data selection reads them over a plant-local period. This
 * file is the contract: the server validates with it and the pages check their forms with it.
 */

/** R9.4: at most 4 devices per template or report. */
export const REPORT_MAX_DEVICES = 4;
/** R9.4: at most 8 history parameters (the same limit as a device's history curve). */
export const REPORT_MAX_INDICES = HISTORY_MAX_FIELDS;
export const REPORT_TEMPLATE_LIMITS = { name: 50, description: 200 } as const;

const intId = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .positive('validation.invalidValue')
  .max(2_147_483_647, 'validation.invalidValue');

const distinct = (list: readonly unknown[]) => new Set(list).size === list.length;

/** Up to 4 distinct device ids. */
export const reportDevicesSchema = z
  .array(intId, 'report.noDevices')
  .min(1, 'report.noDevices')
  .max(REPORT_MAX_DEVICES, 'report.tooManyDevices')
  .refine(distinct, 'report.duplicateDevice');

/** Up to 8 distinct catalogue keys that have a curve (measurements and counters). */
export const reportIndicesSchema = z
  .array(
    z.string('report.unknownIndex').max(64, 'report.unknownIndex').refine(isHistoryField, 'report.unknownIndex'),
    'report.noIndices',
  )
  .min(1, 'report.noIndices')
  .max(REPORT_MAX_INDICES, 'report.tooManyIndices')
  .refine(distinct, 'report.duplicateIndex')
  .transform((list) => list as FieldKey[]);

/** POST /api/report-templates and PUT /api/report-templates/:id. */
export const reportTemplateInputSchema = z.strictObject(
  {
    name: requiredText(REPORT_TEMPLATE_LIMITS.name),
    description: trimmedText(REPORT_TEMPLATE_LIMITS.description).default(''),
    deviceIds: reportDevicesSchema,
    indices: reportIndicesSchema,
  },
  'validation.invalidValue',
);
export type ReportTemplateInput = z.infer<typeof reportTemplateInputSchema>;
export type ReportTemplateDraft = z.input<typeof reportTemplateInputSchema>;

export const reportDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  plantName: z.string().nullable(),
  /** The plant's zone (UTC for a device in no plant): the report shows its times in it. */
  timeZone: z.string(),
});
export type ReportDevice = z.infer<typeof reportDeviceSchema>;

/** A template as the list shows it: the devices still in the caller's scope, the saver and when it was saved. */
export const reportTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  devices: z.array(reportDeviceSchema),
  indices: z.array(z.string()),
  saverId: z.number().int(),
  saverName: z.string(),
  savedAt: z.string(),
  /** The caller saved it (only the saver edits or deletes a template). */
  mine: z.boolean(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

/** Data selection periods: a plant-local day, month, year, or a range of days. */
export const REPORT_PERIODS = ['day', 'month', 'year', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** A day's points: 5-minute or hourly. Longer periods are daily (month, range) or monthly (year). */
export const REPORT_DAY_STEPS = ['5m', '1h'] as const;
/** Longest custom range, in days (daily points). */
export const REPORT_MAX_RANGE_DAYS = 366;

const periodFields = {
  period: z.enum(REPORT_PERIODS, 'validation.invalidValue').default('day'),
  /** A day inside the period (day, month, year). */
  date: calendarDateSchema.optional(),
  /** First and last plant-local day of a custom range, inclusive. */
  start: calendarDateSchema.optional(),
  end: calendarDateSchema.optional(),
  step: z.enum(REPORT_DAY_STEPS, 'validation.invalidValue').default('1h'),
};

/** A query needs a template or devices and indices; a custom range needs both ends, in order, within a year. */
interface QueryShape {
  templateId?: number | undefined;
  deviceIds?: unknown;
  indices?: unknown;
  period: ReportPeriod;
  start?: string | undefined;
  end?: string | undefined;
}

function checkQuery(q: QueryShape, ctx: z.RefinementCtx<QueryShape>) {
  if (q.templateId === undefined) {
    if (!q.deviceIds) ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'report.noDevices' });
    if (!q.indices) ctx.addIssue({ code: 'custom', path: ['indices'], message: 'report.noIndices' });
  }
  if (q.period !== 'custom') return;
  if (!q.start || !q.end)
    ctx.addIssue({ code: 'custom', path: [q.start ? 'end' : 'start'], message: 'history.selectDate' });
  else if (q.start > q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'history.startBeforeEnd' });
  else if (daysBetween(q.start, q.end) + 1 > REPORT_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'report.rangeTooLong' });
}

/** What to read (a JSON body, e.g. of an export): a template, or devices and indices chosen for this query alone. */
export const reportQuerySchema = z
  .strictObject(
    {
      templateId: intId.optional(),
      deviceIds: reportDevicesSchema.optional(),
      indices: reportIndicesSchema.optional(),
      ...periodFields,
    },
    'validation.invalidValue',
  )
  .superRefine(checkQuery);

const commaList = (max: number) =>
  z
    .string('validation.invalidValue')
    .max(max, 'validation.tooLong')
    .transform((s) => s.split(',').map((part) => part.trim()));

/** The same query as a query string (GET /api/reports/data): lists comma-separated ('deviceIds=3,7'). */
export const reportQueryStringSchema = z
  .strictObject(
    {
      templateId: z.coerce.number('validation.invalidValue').pipe(intId).optional(),
      deviceIds: commaList(100)
        .pipe(
          z.array(
            z
              .string()
              .regex(/^\d{1,10}$/, 'validation.invalidValue')
              .transform(Number),
          ),
        )
        .pipe(reportDevicesSchema)
        .optional(),
      indices: commaList(600).pipe(reportIndicesSchema).optional(),
      ...periodFields,
    },
    'validation.invalidValue',
  )
  .superRefine(checkQuery);
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

/** Whole days from one calendar day to another. */
export function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/** The energy quantity a daily counter stands for in reports ('pvEnergyTodayKwh' → 'pv'): summed from the rollups. */
export function energyQuantityOf(index: string): EnergyQuantity | undefined {
  return ENERGY_QUANTITIES.find((q) => ENERGY_COUNTERS[q].today === index);
}

/**
 * Whether an index can be shown with slots of a day or longer (month, year, range): energies are summed from the
 * rollups and power is their average; other measurements exist only as readings, read for a single day.
 */
export const isLongPeriodIndex = (index: string) => index in ROLLUP_HISTORY_FIELDS;

/** The slot size of a report: 5 minutes, an hour, a day or a month. */
export const REPORT_STEPS = ['5m', '1h', '1d', '1mo'] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

/** One column of a report: one index of one device. */
export const reportColumnSchema = z.object({
  deviceId: z.number().int(),
  index: z.string(),
  unit: z.enum(FIELD_UNITS),
  decimals: z.number().int(),
  /** Energies are amounts per slot and have a total; measurements are averages and have none. */
  summed: z.boolean(),
  values: z.array(z.number().nullable()),
  total: z.number().nullable(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  step: z.enum(REPORT_STEPS),
  /** First and last plant-local day read, inclusive. */
  first: z.string(),
  last: z.string(),
  /** Plant-local slots: 'HH:MM' (day), 'YYYY-MM-DD' (month, range), 'YYYY-MM' (year). */
  labels: z.array(z.string()),
  devices: z.array(reportDeviceSchema.extend({ utcOffset: z.string() })),
  columns: z.array(reportColumnSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const REPORT_EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** How long a finished export file is kept before it is deleted. */
export const REPORT_EXPORT_KEEP_HOURS = 24;

/** POST /api/report-exports: what the report reads, and the file format. */
export const reportExportInputSchema = z.strictObject(
  { query: reportQuerySchema, format: z.enum(REPORT_EXPORT_FORMATS, 'validation.invalidValue') },
  'validation.invalidValue',
);
export type ReportExportInput = z.infer<typeof reportExportInputSchema>;

export const reportExportJobSchema = z.object({
  id: z.number().int(),
  format: z.enum(REPORT_EXPORT_FORMATS),
  state: z.enum(REPORT_EXPORT_STATES),
  progressPct: z.number().int(),
  fileName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
});
export type ReportExportJob = z.infer<typeof reportExportJobSchema>;

/** Words of a report's table and files that are not field names: the time column, the total row, the sheet. */
export const REPORT_WORDS = {
  time: 'reportWord.time',
  total: 'reportWord.total',
  sheet: 'reportWord.sheet',
} as const satisfies Record<string, MessageKey>;

/**
 * The energy quantities as a report names them. A report never shows a daily counter's reading: it shows the energy
 * summed over each slot from the rollups, so the label says what it sums ("PV energy per day"), not the counter it
 * comes from ("PV energy today"). One table for templates, data selection, records and every energy export.
 */
export const ENERGY_QUANTITY_NAMES = {
  pv: 'energyQuantity.pv',
  load: 'energyQuantity.load',
  gridImport: 'energyQuantity.gridImport',
  gridExport: 'energyQuantity.gridExport',
  batCharge: 'energyQuantity.batCharge',
  batDischarge: 'energyQuantity.batDischarge',
} as const satisfies { readonly [Q in EnergyQuantity]: MessageKey };

/** "{{name}} per <slot>": the slot one value of an energy sums. */
const PER_SLOT = {
  '5m': 'energyPerSlot.5m',
  '1h': 'energyPerSlot.1h',
  '1d': 'energyPerSlot.1d',
  '1mo': 'energyPerSlot.1mo',
} as const satisfies { readonly [S in ReportStep]: MessageKey };

/** An energy summed per slot, as people read it ('PV energy per day'). */
export function energyPerSlotName(quantity: EnergyQuantity, step: ReportStep, t: Translate): string {
  return t(PER_SLOT[step], { name: t(ENERGY_QUANTITY_NAMES[quantity]) });
}

/**
 * An index as people read it, with its unit: an energy by what one value sums over `step` ('PV energy per day (kWh)';
 * a template, which has no period yet, names the daily sum its counter stands for), any other index by its catalogue
 * name ('PV power (W)').
 */
export function reportIndexName(index: string, t: Translate, step: ReportStep = '1d'): string {
  const field = fieldByKey(index);
  if (!field) return index;
  const quantity = energyQuantityOf(index);
  const name = quantity ? energyPerSlotName(quantity, step, t) : t(field.label);
  return field.unit && field.unit !== 'currency' ? `${name} (${field.unit})` : name;
}

/** A column's heading: the device and the index, read with `t` ('VF0001 · PV power (W)'). */
export function reportColumnTitle(sn: string, index: string, t: Translate, step?: ReportStep): string {
  return `${sn} · ${reportIndexName(index, t, step)}`;
}

/** The time column's heading: plant-local times, with each zone and its UTC offset over the period. */
export function reportTimeTitle(devices: readonly { timeZone: string; utcOffset: string }[], t: Translate): string {
  const zones = [...new Set(devices.map((d) => `${d.timeZone} ${d.utcOffset}`))];
  return `${t(REPORT_WORDS.time)} (${zones.join('; ')})`;
}
