// Request and answer schemas of the performance routes (issue 42). Separate from performance.ts so that a page that
// only computes a ratio does not load zod.
import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date.js';
import { IRRADIANCE_SOURCES, PERFORMANCE_GRANULARITIES, PERFORMANCE_MAX_SPAN_DAYS } from './performance.js';

const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** GET /api/plants/:plantId/performance: the plant's local calendar days from..to (both included). */
export const plantPerformanceQuerySchema = z
  .object({
    granularity: z.enum(PERFORMANCE_GRANULARITIES, 'validation.invalidValue').default('day'),
    from: calendarDateSchema,
    to: calendarDateSchema,
  })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRangeOrder', path: ['to'] })
  .refine((q) => spanDays(q.from, q.to) < PERFORMANCE_MAX_SPAN_DAYS[q.granularity], {
    message: 'validation.dateRangeTooLong',
    path: ['to'],
  });
export type PlantPerformanceQuery = z.infer<typeof plantPerformanceQuerySchema>;

const kwh = z.number();
const ratio = z.number().nullable();

/** A period's figures; a month's or a year's are sums of its days (ratios of sums, not means of ratios). */
export const performanceRowSchema = z.object({
  /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' of the plant's calendar; 'total' for the whole span. */
  period: z.string(),
  /** PV energy of the plant (the statistics' figure for the same period). */
  actualKwh: kwh,
  /** Plane-of-array irradiation of the days with irradiance, kWh/m². */
  poaKwhM2: z.number().nullable(),
  /** The clear-sky model's plane irradiation of the same days, kWh/m² (the sky's upper bound). */
  clearSkyPoaKwhM2: z.number().nullable(),
  /** kWp × irradiation × the design ratio; null without installed power or irradiance. */
  expectedKwh: z.number().nullable(),
  /** Performance ratio (IEC 61724-1) of the days with irradiance. */
  pr: ratio,
  /** kWh per installed kWp. */
  specificYieldKwhKwp: z.number().nullable(),
  /** Where the irradiance came from; null when the period has none; 'mixed' when its days differ. */
  source: z.enum([...IRRADIANCE_SOURCES, 'mixed']).nullable(),
  /** Days with irradiance, and of them the sunny ones (the ones the under-performance rule judges). */
  days: z.number().int(),
  sunnyDays: z.number().int(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

/** GET /api/plants/:plantId/performance */
export const plantPerformanceSchema = z.object({
  plantId: z.number().int(),
  /** Installed power (the plant's power), kWp; null when not set (no ratio then). */
  kwp: z.number().nullable(),
  designPr: z.number(),
  rows: z.array(performanceRowSchema),
  total: performanceRowSchema,
  /** The plant rule's state today: its baseline ratio and whether the last sunny days are under it. */
  verdict: z.object({
    state: z.enum(['under', 'normal', 'unknown']),
    baselinePr: ratio,
    marginPct: z.number(),
    sunnyDays: z.number().int(),
  }),
});
export type PlantPerformance = z.infer<typeof plantPerformanceSchema>;

const rankingFilter = {
  from: calendarDateSchema,
  to: calendarDateSchema,
  q: z.string().max(100, 'validation.tooLong').optional(),
};

const rankingSpan = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { message: 'validation.dateRangeOrder', path: ['to'] })
    .refine((q) => spanDays(q.from, q.to) < PERFORMANCE_MAX_SPAN_DAYS.day, {
      message: 'validation.dateRangeTooLong',
      path: ['to'],
    });

/** GET /api/performance/plants and /devices: a period's ranking, worst first. */
export const performanceRankingQuerySchema = rankingSpan(
  z.object({
    ...rankingFilter,
    page: z.coerce.number('validation.invalidValue').int('validation.invalidValue').min(1).max(100_000).default(1),
    pageSize: z.coerce.number('validation.invalidValue').int('validation.invalidValue').min(1).max(500).default(20),
  }),
);

export const PERFORMANCE_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

/** GET /api/performance/plants/export and /devices/export: the whole ranking (same filter) as a sheet. */
export const performanceExportQuerySchema = rankingSpan(
  z.object({ ...rankingFilter, format: z.enum(PERFORMANCE_EXPORT_FORMATS, 'validation.invalidValue').default('xlsx') }),
);
export type PerformanceExportQuery = z.infer<typeof performanceExportQuerySchema>;
export type PerformanceRankingQuery = z.infer<typeof performanceRankingQuerySchema>;

export const plantRankingRowSchema = z.object({
  plantId: z.number().int(),
  plantName: z.string(),
  kwp: z.number().nullable(),
  actualKwh: kwh,
  expectedKwh: z.number().nullable(),
  pr: ratio,
  specificYieldKwhKwp: z.number().nullable(),
  source: z.enum([...IRRADIANCE_SOURCES, 'mixed']).nullable(),
  /** Active alarms of the performance group at the plant's devices. */
  activePerformanceAlarms: z.number().int(),
});
export type PlantRankingRow = z.infer<typeof plantRankingRowSchema>;

export const deviceRankingRowSchema = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  model: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  actualKwh: kwh,
  /**
   * What the inverter is compared with over the period (siblingReferenceKwh): the median PV energy of its plant's
   * inverters of its model, itself included, or its one sibling's; null without siblings.
   */
  siblingMedianKwh: z.number().nullable(),
  /** actual ÷ that reference (1 = as its siblings). */
  siblingRatio: ratio,
  siblings: z.number().int(),
  activePerformanceAlarms: z.number().int(),
});
export type DeviceRankingRow = z.infer<typeof deviceRankingRowSchema>;

const ranking = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const plantRankingSchema = ranking(plantRankingRowSchema);
export type PlantRanking = z.infer<typeof plantRankingSchema>;
export const deviceRankingSchema = ranking(deviceRankingRowSchema);
export type DeviceRanking = z.infer<typeof deviceRankingSchema>;

/** GET /api/devices/:deviceId/battery-health?months=N */
export const batteryHealthQuerySchema = z.object({
  months: z.coerce.number('validation.invalidValue').int('validation.invalidValue').min(1).max(120).default(12),
});

export const batteryHealthSchema = z.object({
  deviceId: z.number().int(),
  /** Nameplate capacity, kWh; null when unknown. */
  capacityKwh: z.number().nullable(),
  /** The newest state of health reported, %. */
  sohPct: z.number().nullable(),
  /** Daily state of health (the day's last report), oldest first. */
  sohTrend: z.array(z.object({ day: z.string(), sohPct: z.number() })),
  /** How fast health fell over the trend span, percentage points per 30 days (positive = falling). */
  sohFallPerMonthPct: z.number().nullable(),
  /** The rate above which the alarm is raised. */
  alarmFallPerMonthPct: z.number(),
  /** Energy discharged over the span ÷ capacity, and the BMS's own cycle count when it reports one. */
  equivalentFullCycles: z.number().nullable(),
  bmsCycleCount: z.number().nullable(),
  /** Per month: energy charged and discharged at the terminals and their ratio. */
  efficiencyByMonth: z.array(
    z.object({ month: z.string(), chargeKwh: kwh, dischargeKwh: kwh, efficiency: z.number().nullable() }),
  ),
  /** Daily widest spread between the highest and the lowest cell voltage, mV. */
  cellSpreadTrend: z.array(z.object({ day: z.string(), spreadMv: z.number() })),
});
export type BatteryHealth = z.infer<typeof batteryHealthSchema>;
