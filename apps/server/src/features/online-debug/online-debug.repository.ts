import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deviceInScope, subtreePattern } from '../../platform/scope.js';

export interface DebugDeviceRow {
  id: number;
  sn: string;
  model: string;
  plant_name: string | null;
}

export interface DebugSearch {
  /** The connected ones matching, by serial number, at most `limit`. */
  rows: DebugDeviceRow[];
  /** Matching inverters in scope: connected, and the others by protocol. */
  connected: number;
  osimElsewhere: number;
  mqtt: number;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Inverters in the caller's scope whose serial number contains `q`: the ones among `connectedSns` (up to `limit`, by
 * serial number), and how many match in all, split into connected, other OSIM ones and MQTT ones. A connected device
 * counts as connected whatever its stored protocol (the gateway sets it to OSIM when it identifies the device).
 */
export async function inverterSearch(
  db: Queryable,
  caller: Caller,
  q: string,
  connectedSns: readonly string[],
  limit: number,
): Promise<DebugSearch> {
  const params = [subtreePattern(caller), caller.id, `%${escapeLike(q)}%`, [...connectedSns]];
  const where = `d.kind = 'inverter' AND d.sn ILIKE $3 AND ${deviceInScope('d', 1, 2)}`;
  const [listed, counts] = await Promise.all([
    db.query<DebugDeviceRow>(
      `SELECT d.id, d.sn, d.model, p.name AS plant_name
         FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
        WHERE ${where} AND d.sn = ANY($4::text[])
        ORDER BY d.sn LIMIT $5`,
      [...params, limit],
    ),
    db.query<{ connected: number; osim: number; mqtt: number }>(
      `SELECT count(*) FILTER (WHERE d.sn = ANY($4::text[]))::int AS connected,
              count(*) FILTER (WHERE NOT d.sn = ANY($4::text[]) AND d.protocol = 'osim')::int AS osim,
              count(*) FILTER (WHERE NOT d.sn = ANY($4::text[]) AND d.protocol = 'mqtt')::int AS mqtt
         FROM devices d WHERE ${where}`,
      params,
    ),
  ]);
  const c = counts.rows[0] ?? { connected: 0, osim: 0, mqtt: 0 };
  return { rows: listed.rows, connected: c.connected, osimElsewhere: c.osim, mqtt: c.mqtt };
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
