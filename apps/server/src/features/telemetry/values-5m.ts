import { fieldByKey, type FieldKey } from '@voltfleet/domain/telemetry';

/*
 * The 5-minute values table's rules (decision 0019), for the features that read it and the ingest that marks it.
 */

/** The bucket length: buckets lie on the UTC 5-minute grid. */
export const VALUES_STEP_MS = 5 * 60_000;
/**
 * A reading whose bucket ended at least this long before its transaction began marks the bucket stale. The job only
 * aggregates buckets that ended `LATE_MS + SETTLE_MS` ago, so a reading it might have missed is one that committed
 * more than SETTLE_MS after its transaction began; ingest transactions last milliseconds.
 */
export const LATE_MS = 60_000;
export const SETTLE_MS = 5 * 60_000;

/** The start of the 5-minute bucket holding `ts` (epoch ms). */
export const bucketStartMs = (ts: number) => ts - (((ts % VALUES_STEP_MS) + VALUES_STEP_MS) % VALUES_STEP_MS);

/** A window on the 5-minute grid: its bins can be read from the table. */
export const onValuesGrid = (fromMs: number, toMs: number) =>
  fromMs % VALUES_STEP_MS === 0 && toMs % VALUES_STEP_MS === 0;

/**
 * How a history bin sums up a field's readings, raw or in the table: gauges averaged, counters at their highest. One
 * rule for both, so a bin read from the table equals the same bin binned from its readings.
 */
export const historyAggregate = (key: FieldKey): 'avg' | 'max' => (fieldByKey(key).kind === 'counter' ? 'max' : 'avg');
