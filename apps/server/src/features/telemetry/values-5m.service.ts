import type { FieldKey } from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import { valueBins } from './values-5m.repository.js';

/**
 * A device's 5-minute bins over a window on the grid, as the raw readings bin them (gauges averaged, counters at
 * their highest): from the table where it covers them, from the readings elsewhere. Rows: `t` (epoch ms) and a value
 * per field (null or absent when the bin has none).
 */
export function fiveMinuteBins(
  db: Queryable,
  window: { deviceId: number; fromMs: number; toMs: number },
  fields: readonly FieldKey[],
): Promise<Record<string, unknown>[]> {
  return valueBins(db, window, fields);
}
