// The schemas of alarm-api.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { isCalendarDate } from '../calendar-date.js';
import { pageQuerySchema, paged } from '../envelope-schemas.js';
import { ALARM_GROUPS, ALARM_SEVERITIES } from './alarm-types.js';
import {
  ALARM_STATES,
  ALARM_ACK_FILTERS,
  ALARM_SORTS,
  ALARM_EVENT_KINDS,
  ALARM_EXPORT_FORMATS,
  ALARM_TREND_BUCKETS,
} from './alarm-api.js';

/** A real calendar day 'YYYY-MM-DD' (2026-02-30 is refused), not before the epoch. */
const isoDate = z
  .string()
  .max(10)
  .refine((s) => s >= '1970-01-01' && isCalendarDate(s), 'alarm.invalidDate');

/**
 * The filters of the search; the export and the overview take the same ones. `from`/`to` are calendar days in each
 * alarm's plant zone (an alarm raised at 23:30 in Prague on 3 March is in `from=2026-03-03`), `to` inclusive.
 * `q` matches the alarm's name in any language, its code, the device serial number and the plant name.
 */
export const alarmFilterSchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  plantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sn: z.string().trim().max(64).optional(),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  state: z.enum(ALARM_STATES).optional(),
  group: z.enum(ALARM_GROUPS).optional(),
  ack: z.enum(ALARM_ACK_FILTERS).optional(),
  /** One catalogue code ("grid.voltageHigh"), e.g. from an overview click-through. */
  code: z.string().trim().max(64).optional(),
  deviceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  q: z.string().trim().max(64).optional(),
});

export type AlarmFilter = z.infer<typeof alarmFilterSchema>;

export const alarmSearchQuerySchema = z.object({
  ...alarmFilterSchema.shape,
  ...pageQuerySchema.shape,
  sort: z.enum(ALARM_SORTS).default('raisedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export type AlarmSearchQuery = z.infer<typeof alarmSearchQuerySchema>;

/** One alarm as lists show it. Times are ISO strings in UTC; `timeZone` is its plant's zone for display. */
export const alarmRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  deviceCode: z.number().int().nullable(),
  group: z.enum(ALARM_GROUPS),
  severity: z.enum(ALARM_SEVERITIES),
  state: z.enum(ALARM_STATES),
  /** The catalogue name in the caller's language ("Unknown code 77" for a code the catalogue lacks). */
  name: z.string(),
  deviceId: z.number().int(),
  sn: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  timeZone: z.string(),
  raisedAt: z.string(),
  lastSeenAt: z.string(),
  recoveredAt: z.string().nullable(),
  flapping: z.boolean(),
  flaps: z.number().int(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  ackNote: z.string().nullable(),
});

export type AlarmRow = z.infer<typeof alarmRowSchema>;

export const alarmPageSchema = paged(alarmRowSchema).extend({
  /** True when more alarms match than ALARM_COUNT_CAP: `total` is then that cap, not the exact number. */
  totalCapped: z.boolean(),
});

export type AlarmPage = z.infer<typeof alarmPageSchema>;

export const alarmEventSchema = z.object({
  at: z.string(),
  kind: z.enum(ALARM_EVENT_KINDS),
  /** Who acknowledged (username), for `acknowledged`. */
  user: z.string().nullable(),
  note: z.string().nullable(),
});

export type AlarmEvent = z.infer<typeof alarmEventSchema>;

/** The drawer: the row plus the catalogue's cause and handling in the caller's language and the timeline. */
export const alarmDetailSchema = alarmRowSchema.extend({
  cause: z.string(),
  handling: z.string(),
  events: z.array(alarmEventSchema),
});

export type AlarmDetail = z.infer<typeof alarmDetailSchema>;

/** Acknowledges up to 200 alarms at once with one note (an acknowledged alarm keeps its first acknowledgement). */
export const alarmAckSchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(200),
  note: z.string().trim().max(500).default(''),
});

export type AlarmAck = z.infer<typeof alarmAckSchema>;

export const alarmAckResultSchema = z.object({ acknowledged: z.number().int() });

export const alarmExportQuerySchema = z.object({
  ...alarmFilterSchema.shape,
  format: z.enum(ALARM_EXPORT_FORMATS).default('xlsx'),
  sort: z.enum(ALARM_SORTS).default('raisedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const alarmOverviewQuerySchema = z.object({
  ...alarmFilterSchema.shape,
  bucket: z.enum(ALARM_TREND_BUCKETS).default('day'),
});

export type AlarmOverviewQuery = z.infer<typeof alarmOverviewQuerySchema>;

const count = z.number().int();

/**
 * The overview of the filtered alarms raised in the window (ALARM_TREND_DEFAULT_BUCKETS). Trend buckets are
 * labelled in the caller's zone chosen by the `timeZone` field (the plant's zone when one plant is filtered, else
 * UTC): `raised` counts those alarms by when they were raised, `recovered` the same alarms by when they recovered.
 * `mttrSeconds` is the mean time from raised to recovered over the recovered alarms (null when none recovered).
 * `from`/`to` are the window's first and last instant (ISO, UTC).
 */
export const alarmOverviewSchema = z.object({
  total: count,
  bySeverity: z.record(z.enum(ALARM_SEVERITIES), count),
  byState: z.record(z.enum(ALARM_STATES), count),
  byGroup: z.record(z.enum(ALARM_GROUPS), count),
  unacknowledged: count,
  flapping: count,
  mttrSeconds: z.number().nullable(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  trend: z.object({
    bucket: z.enum(ALARM_TREND_BUCKETS),
    /** Bucket starts: 'YYYY-MM-DD HH:00' (hour), 'YYYY-MM-DD' (day) or 'YYYY-MM' (month). */
    labels: z.array(z.string()),
    raised: z.array(count),
    recovered: z.array(count),
  }),
  topPlants: z.array(z.object({ plantId: z.number().int(), name: z.string(), count })),
  topDevices: z.array(z.object({ deviceId: z.number().int(), sn: z.string(), count })),
  /** When the figures were counted (ISO): every alarm change committed before it is in them. */
  computedAt: z.string(),
  /**
   * True when an alarm changed since and newer figures are being counted (the answer did not wait for them): the
   * page asks again a moment later.
   */
  refreshing: z.boolean(),
});

export type AlarmOverview = z.infer<typeof alarmOverviewSchema>;

/** The overview's figures as counted (what the server caches; the answer adds when and whether it is refreshing). */
export type AlarmOverviewFigures = Omit<AlarmOverview, 'computedAt' | 'refreshing'>;

/** What the live WebSocket pushes when an alarm is raised, flaps, is acknowledged or recovers. */
export const alarmLiveEventSchema = z.object({
  type: z.literal('alarm'),
  event: z.enum(ALARM_EVENT_KINDS),
  alarm: z.object({
    id: z.number().int(),
    deviceId: z.number().int(),
    plantId: z.number().int().nullable(),
    code: z.string(),
    severity: z.enum(ALARM_SEVERITIES),
    state: z.enum(ALARM_STATES),
    raisedAt: z.string(),
    recoveredAt: z.string().nullable(),
  }),
});

export type AlarmLiveEvent = z.infer<typeof alarmLiveEventSchema>;
