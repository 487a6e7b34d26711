import { fieldByKey, type FieldKey } from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';
import { columnOf, readingColumnOf, readingsIn } from '../telemetry/index.js';

/** One slot of a device's readings: its plant-local label and a value per field (null where none). */
export type ReadingSlotRow = { label: string } & Record<string, number | string | null>;

/**
 * A device's readings over one plant-local day [fromMs, toMs) in slots of `stepMs` from its local midnight, labelled
 * by the local clock ('HH:MM'): measurements are averaged, counters take the slot's highest value. The repeated hour
 * of an autumn DST day falls into the same labels, as in the plant statistics' rollup slots.
 */
export async function readingSlots(
  db: Queryable,
  deviceId: number,
  fields: readonly FieldKey[],
  window: { fromMs: number; toMs: number; stepMs: number; timeZone: string },
): Promise<ReadingSlotRow[]> {
  if (fields.length === 0) return [];
  const values = fields.map((key) => {
    const agg = fieldByKey(key).kind === 'counter' ? 'max' : 'avg';
    return `${agg}(${columnOf(key)})::float8 AS "${key}"`;
  });
  const { rows } = await db.query<ReadingSlotRow>(
    `SELECT to_char(date_bin(make_interval(secs => $4), ts, $2) AT TIME ZONE $5, 'HH24:MI') AS label,
            ${values.join(', ')}
       FROM ${readingsIn({ device: '$1', from: '$2', to: '$3', columns: fields.map(readingColumnOf), fromMs: window.fromMs })} r
      GROUP BY 1 ORDER BY 1`,
    [deviceId, new Date(window.fromMs), new Date(window.toMs), window.stepMs / 1000, window.timeZone],
  );
  return rows;
}
