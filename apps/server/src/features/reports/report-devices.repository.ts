import type { Queryable } from '../../db/db.js';
import { deviceInScope } from '../../platform/scope.js';

export interface ReportDeviceRow {
  id: number;
  sn: string;
  plant_name: string | null;
  time_zone: string;
}

const SELECT = `SELECT d.id, d.sn, p.name AS plant_name, coalesce(p.time_zone, 'UTC') AS time_zone
                  FROM devices d LEFT JOIN plants p ON p.id = d.plant_id`;

/** The devices among `ids` in the caller's scope (`$1` subtree pattern, `$2` caller id). */
export async function devicesInScope(
  db: Queryable,
  pattern: string,
  callerId: number,
  ids: readonly number[],
): Promise<ReportDeviceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ReportDeviceRow>(
    `${SELECT} WHERE d.id = ANY($3::int4[]) AND ${deviceInScope('d', 1, 2)}`,
    [pattern, callerId, [...ids]],
  );
  return rows;
}

/** Devices in scope whose serial number or plant name contains `search`, for the pickers (at most `limit`). */
export async function searchDevicesInScope(
  db: Queryable,
  pattern: string,
  callerId: number,
  search: string,
  limit: number,
): Promise<ReportDeviceRow[]> {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.query<ReportDeviceRow>(
    `${SELECT} WHERE ${deviceInScope('d', 1, 2)} AND (d.sn ILIKE $3 OR p.name ILIKE $3)
      ORDER BY p.name NULLS LAST, d.sn LIMIT $4`,
    [pattern, callerId, like, limit],
  );
  return rows;
}
