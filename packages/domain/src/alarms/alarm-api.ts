/**
 * The Alarm Center's HTTP contract (issue 13): alarm search (C/A), its detail drawer, acknowledgement, export, and
 * the overview (C/B). The server validates with these schemas and the web app types its calls with them.
 */

/** An alarm is active until its fault has been absent for the recovery time; acknowledging is separate from it. */
export const ALARM_STATES = ['active', 'recovered'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Whether someone acknowledged the alarm (a filter of the search). */
export const ALARM_ACK_FILTERS = ['acknowledged', 'unacknowledged'] as const;

/**
 * Orders the search offers (one per sortable column). Ties are broken by the raise time and then the id, in the
 * same direction as the column (`desc`: newest first). `severity` `desc` is most severe first (critical … warning);
 * `recoveredAt` `desc` lists alarms not recovered yet first (they have no recovery time: "still going on").
 * `attention` `desc` is the order the search opens in: alarms nobody has acknowledged first, each part newest first.
 */
export const ALARM_SORTS = [
  'attention',
  'raisedAt',
  'recoveredAt',
  'lastSeenAt',
  'severity',
  'plant',
  'sn',
  'code',
] as const;
export type AlarmSort = (typeof ALARM_SORTS)[number];

/** Kinds of the timeline entries of one alarm. */
export const ALARM_EVENT_KINDS = ['raised', 'seen', 'flapping', 'acknowledged', 'recovered'] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];

/**
 * The search counts matching alarms up to this many and no further, so the count stays fast however many there
 * are: above it `total` is ALARM_COUNT_CAP and `totalCapped` is true (the page shows "10,000+").
 */
export const ALARM_COUNT_CAP = 10_000;

export const ALARM_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type AlarmExportFormat = (typeof ALARM_EXPORT_FORMATS)[number];
/** Most rows one alarm export may hold; a larger selection is refused with a message to narrow the filters. */
export const ALARM_EXPORT_MAX_ROWS = 100_000;

/** Buckets of the overview's trend. */
export const ALARM_TREND_BUCKETS = ['hour', 'day', 'month'] as const;
export type AlarmTrendBucket = (typeof ALARM_TREND_BUCKETS)[number];

/**
 * The overview's window when `from`/`to` are absent: the last 24 hours (hour), the last 30 days (day) or the last
 * 13 months (month), in whole buckets ending with the current one. Every figure of the overview counts the alarms
 * raised in its window.
 */
export const ALARM_TREND_DEFAULT_BUCKETS: Readonly<Record<AlarmTrendBucket, number>> = { hour: 24, day: 30, month: 13 };
/** Most buckets one trend may have (a longer window needs a larger bucket). */
export const ALARM_TREND_MAX_BUCKETS = 1_000;
