import type { FieldKey } from '@voltfleet/domain/telemetry';
import { columnOf } from './columns.js';
import { compactedBranch, READING_VALUE_COLUMNS, type ReadingColumn } from './compact-format.js';

export { READING_VALUE_COLUMNS, type ReadingColumn };

/** The readings column of a catalogue field. */
export const readingColumnOf = (key: FieldKey) => columnOf(key) as ReadingColumn;

/**
 * Readings younger than this are never compacted: the compaction leaves at least READINGS_COMPACT_AFTER_DAYS (2 at
 * least) whole days raw; a day's margin for the clocks of other processes.
 */
export const RAW_FOR_SURE_MS = 86_400_000;

/** Which readings: one device (`device`, SQL of an int) or several (`devices`, SQL of an int[]), in [from, to). */
export interface ReadingsRange {
  device?: string;
  devices?: string;
  /** SQL of the window's bounds (a parameter or an expression), read as timestamptz. */
  from: string;
  to: string;
  /** Columns of `readings` wanted besides device_id and ts. */
  columns: readonly ReadingColumn[];
  /**
   * The window's start in epoch ms, when the caller knows it: a window starting less than RAW_FOR_SURE_MS ago reads
   * the raw table alone (planning the compacted branch costs more than running it, on the pages people open most).
   */
  fromMs?: number;
}

/**
 * A parenthesised subquery of a window of readings, raw and compacted alike (decision 0036): columns device_id, ts
 * and `columns`, in no particular order. Every reader of readings that may reach back beyond the compaction age
 * (READINGS_COMPACT_AFTER_DAYS) reads through this; a reading is either in `readings` or in `readings_compact`,
 * never in both, so the union neither loses nor doubles one. Only the arrays of the wanted columns are unpacked.
 */
export function readingsIn(range: ReadingsRange): string {
  const from = `(${range.from})::timestamptz`;
  const to = `(${range.to})::timestamptz`;
  const device = (column: string) => {
    if (range.device !== undefined) return `${column} = (${range.device})::int4`;
    if (range.devices !== undefined) return `${column} = ANY((${range.devices})::int4[])`;
    throw new Error('readingsIn needs a device or devices');
  };
  const list = range.columns.map((c) => `, ${c}`).join('');
  const raw = `SELECT device_id, ts${list} FROM readings WHERE ${device('device_id')} AND ts >= ${from} AND ts < ${to}`;
  if (range.fromMs !== undefined && range.fromMs >= Date.now() - RAW_FOR_SURE_MS) return `(${raw})`;
  const compacted = compactedBranch(
    range.columns,
    `${device('rc.device_id')} AND rc.day >= (${from} AT TIME ZONE 'UTC')::date AND rc.day <= (${to} AT TIME ZONE 'UTC')::date
       AND rc.first_ts < ${to} AND rc.last_ts >= ${from}`,
  );
  return `(${raw}
     UNION ALL
     SELECT * FROM (${compacted}) rck WHERE rck.ts >= ${from} AND rck.ts < ${to})`;
}
