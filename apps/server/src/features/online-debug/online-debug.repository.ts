import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deviceInScope, subtreePattern } from '../../platform/scope.js';

export interface DebugDeviceRow {
  id: number;
  sn: string;
  model: string;
  plant_name: string | null;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to 50 inverters in the caller's scope whose serial number contains `q`, by serial number. */
export async function inverterSearch(db: Queryable, caller: Caller, q: string): Promise<DebugDeviceRow[]> {
  const { rows } = await db.query<DebugDeviceRow>(
    `SELECT d.id, d.sn, d.model, p.name AS plant_name
       FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
      WHERE d.kind = 'inverter' AND d.sn ILIKE $3 AND ${deviceInScope('d', 1, 2)}
      ORDER BY d.sn LIMIT 50`,
    [subtreePattern(caller), caller.id, `%${escapeLike(q)}%`],
  );
  return rows;
}

/** The serial number of a device in the caller's scope; undefined for one outside it or missing. */
export async function serialNumberInScope(
  db: Queryable,
  caller: Caller,
  deviceId: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ sn: string }>(
    `SELECT d.sn FROM devices d WHERE d.id = $3 AND ${deviceInScope('d', 1, 2)}`,
    [subtreePattern(caller), caller.id, deviceId],
  );
  return rows[0]?.sn;
}
