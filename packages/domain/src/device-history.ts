import { z } from 'zod';
import { FIELD_UNITS } from './telemetry/field-types.js';
import { fieldByKey, type FieldKey } from './telemetry/fields.js';
import { ENERGY_COUNTERS, ENERGY_QUANTITIES, type EnergyQuantity } from './telemetry/energy.js';
import { DAY_MS, localDay, localDayStart, shiftDay } from './telemetry/local-time.js';

/** R5.9/R9.4: a history curve shows at most 8 parameters. */
export const HISTORY_MAX_FIELDS = 8;
/** R9.15 ranges, plus a date range picked by the user. `month` is the 30 plant-local days ending today. */
export const HISTORY_RANGES = ['today', '3d', '7d', 'month', 'custom'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HISTORY_MONTH_DAYS = 30;
/** Longest date range a user may pick. */
export const HISTORY_MAX_DAYS = 31;
/** Windows up to this many days read raw readings; longer ones read the rollups only. */
export const HISTORY_RAW_MAX_DAYS = 7;

/** Averaging step of a series: raw readings are binned, rollups give hours (power) or days (energy). */
export const HISTORY_STEPS = ['5m', '15m', '30m', '1h', '1d'] as const;
export type HistoryStep = (typeof HISTORY_STEPS)[number];
export const HISTORY_STEP_MS: Record<HistoryStep, number> = {
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '1d': DAY_MS,
};

/** Energy quantities with their sign in a signed power value (grid: + import, battery: + discharge). */
type SignedQuantities = readonly (readonly [EnergyQuantity, 1 | -1])[];

/**
 * The fields long ranges can show, from the energy rollups: power as the hourly average of the 5-minute energy
 * buckets, and each daily counter as the day's energy. Other fields exist only in raw readings.
 */
export const ROLLUP_HISTORY_FIELDS: Readonly<Partial<Record<FieldKey, { step: HistoryStep; sum: SignedQuantities }>>> =
  {
    pvPowerW: { step: '1h', sum: [['pv', 1]] },
    loadPowerW: { step: '1h', sum: [['load', 1]] },
    gridPowerW: {
      step: '1h',
      sum: [
        ['gridImport', 1],
        ['gridExport', -1],
      ],
    },
    batPowerW: {
      step: '1h',
      sum: [
        ['batDischarge', 1],
        ['batCharge', -1],
      ],
    },
    ...Object.fromEntries(
      ENERGY_QUANTITIES.map((q) => [ENERGY_COUNTERS[q].today, { step: '1d', sum: [[q, 1]] as SignedQuantities }]),
    ),
  };

/** True for a field a curve can show: measurements and counters (coded states and identifiers are not curves). */
export function isHistoryField(key: string): key is FieldKey {
  const kind = fieldByKey(key)?.kind;
  return kind === 'gauge' || kind === 'counter';
}

export const deviceHistoryQuerySchema = z.object({
  /** Comma-separated catalogue keys. */
  fields: z.string().max(1000).default(''),
  range: z.enum(HISTORY_RANGES).default('today'),
  /** Plant-local days YYYY-MM-DD, inclusive, for the custom range. */
  start: z.string().max(10).optional(),
  end: z.string().max(10).optional(),
});
export type DeviceHistoryQuery = z.infer<typeof deviceHistoryQuerySchema>;

export const historySeriesSchema = z.object({
  key: z.string(),
  unit: z.enum(FIELD_UNITS),
  decimals: z.number().int(),
  step: z.enum(HISTORY_STEPS),
  /** [bin start in epoch ms (UTC), value] in time order; bins without data are left out. */
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type HistorySeries = z.infer<typeof historySeriesSchema>;

export const deviceHistorySchema = z.object({
  /** The plant's zone (UTC for a device in no plant): the page shows times in it. */
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  source: z.enum(['readings', 'rollups']),
  series: z.array(historySeriesSchema),
});
export type DeviceHistory = z.infer<typeof deviceHistorySchema>;

export type HistoryMessageKey =
  | 'history.noFields'
  | 'history.tooManyFields'
  | 'history.unknownField'
  | 'history.selectDate'
  | 'history.startBeforeEnd'
  | 'history.rangeTooLong'
  | 'history.needsShortRange';

export interface HistoryPlan {
  fields: FieldKey[];
  fromMs: number;
  toMs: number;
  rollups: boolean;
  /** Bin width of raw readings (rollups use each field's own step). */
  rawStep: HistoryStep;
}

/** A refused request: the field at fault and the message key (with its parameters). */
export interface HistoryRefusal {
  ok: false;
  path: string;
  key: HistoryMessageKey;
  params?: Record<string, string | number>;
}

export type HistoryPlanResult = { ok: true; plan: HistoryPlan } | HistoryRefusal;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const failure = (path: string, key: HistoryMessageKey, params?: Record<string, string | number>): HistoryRefusal =>
  params ? { ok: false, path, key, params } : { ok: false, path, key };

/** First and last plant-local day of a range, or the reason it is refused. */
function rangeDays(q: DeviceHistoryQuery, today: string): { first: string; last: string } | HistoryRefusal {
  const back = { today: 0, '3d': 2, '7d': 6, month: HISTORY_MONTH_DAYS - 1 } as const;
  if (q.range !== 'custom') return { first: shiftDay(today, -back[q.range]), last: today };
  if (!q.start || !q.end) return failure(q.start ? 'end' : 'start', 'history.selectDate');
  if (!DAY_PATTERN.test(q.start) || !DAY_PATTERN.test(q.end)) return failure('start', 'history.selectDate');
  if (q.start > q.end) return failure('end', 'history.startBeforeEnd');
  return { first: q.start, last: q.end };
}

/**
 * Checks a history request and works out what to read: the fields (at most 8, curve-capable), the window from the
 * first plant-local day's midnight to the midnight after the last, and whether it is long enough for rollups.
 */
export function planHistory(q: DeviceHistoryQuery, nowMs: number, timeZone: string): HistoryPlanResult {
  const fields = [
    ...new Set(
      q.fields
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  ];
  if (fields.length === 0) return failure('fields', 'history.noFields');
  if (fields.length > HISTORY_MAX_FIELDS)
    return failure('fields', 'history.tooManyFields', { max: HISTORY_MAX_FIELDS });
  const unknown = fields.find((f) => !isHistoryField(f));
  if (unknown !== undefined) return failure('fields', 'history.unknownField', { field: unknown.slice(0, 40) });

  const days = rangeDays(q, localDay(nowMs, timeZone));
  if ('ok' in days) return days;
  const fromMs = localDayStart(days.first, timeZone);
  const lastStart = localDayStart(days.last, timeZone);
  if (fromMs === undefined || lastStart === undefined) return failure('start', 'history.selectDate');
  const toMs = localDayStart(shiftDay(days.last, 1), timeZone) ?? lastStart + DAY_MS;
  const dayCount = Math.round((toMs - fromMs) / DAY_MS);
  if (dayCount > HISTORY_MAX_DAYS) return failure('end', 'history.rangeTooLong', { days: HISTORY_MAX_DAYS });

  const rollups = dayCount > HISTORY_RAW_MAX_DAYS;
  if (rollups && fields.some((f) => !(f in ROLLUP_HISTORY_FIELDS)))
    return failure('fields', 'history.needsShortRange', { days: HISTORY_RAW_MAX_DAYS });
  const rawStep: HistoryStep = dayCount <= 1 ? '5m' : dayCount <= 3 ? '15m' : '30m';
  return { ok: true, plan: { fields: fields as FieldKey[], fromMs, toMs, rollups, rawStep } };
}
