import type { FieldKey } from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';
import { COUNTER_KEYS, columnOf } from '../telemetry/index.js';

/** Whether a device with this serial number exists (the demo fleet was seeded before). */
export async function deviceExists(db: Queryable, sn: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM devices WHERE sn = $1`, [sn]);
  return rows.length > 0;
}

/** A user's id and place in the tree (path and customer code), which users created below them inherit. */
export async function userPlace(
  db: Queryable,
  username: string,
): Promise<{ id: number; path: string; code: string } | undefined> {
  const { rows } = await db.query<{ id: number; path: string; code: string }>(
    `SELECT id, path, code FROM users WHERE username = $1`,
    [username],
  );
  return rows[0];
}

/** The built-in roles' ids by key (admin, dealer, installer, personal). */
export async function builtinRoleIds(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; builtin_key: string }>(
    `SELECT id, builtin_key FROM roles WHERE builtin_key IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.builtin_key, r.id]));
}

/** The devices registered under these serial numbers (id and serial number, as the device link knows them). */
export async function devicesBySn(
  db: Queryable,
  sns: readonly string[],
): Promise<Map<string, { id: number; sn: string }>> {
  const { rows } = await db.query<{ id: number; sn: string }>(`SELECT id, sn FROM devices WHERE sn = ANY($1::text[])`, [
    [...sns],
  ]);
  return new Map(rows.map((r) => [r.sn, { id: Number(r.id), sn: r.sn }]));
}

/** Whether any of these devices has ever reported a reading (the demo ran before, with or without history). */
export async function anyReadingOf(db: Queryable, sns: readonly string[]): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM devices WHERE sn = ANY($1::text[]) AND last_reading_at IS NOT NULL LIMIT 1`,
    [[...sns]],
  );
  return rows.length > 0;
}

/** The plants these devices are installed in. */
export async function plantIdsOf(db: Queryable, sns: readonly string[]): Promise<number[]> {
  const { rows } = await db.query<{ plant_id: number }>(
    `SELECT DISTINCT plant_id FROM devices WHERE sn = ANY($1::text[]) AND plant_id IS NOT NULL ORDER BY plant_id`,
    [[...sns]],
  );
  return rows.map((r) => Number(r.plant_id));
}

/** The registers a simulated inverter continues from after a restart (see Fleet.restoreRegisters). */
export const REGISTER_KEYS = [
  ...COUNTER_KEYS,
  'pcsEnergyTodayKwh',
  'pcsEnergyTotalKwh',
  'gmeterChargeTotalKwh',
  'gmeterDischargeTotalKwh',
  'gmeterEarningsTotal',
  'batSocPct',
  // A worn battery stays worn across a restart (the demo's fast-ageing battery would be new again).
  'batSohPct',
] as const satisfies readonly FieldKey[];

/** Each device's newest reading time and its register values (absent ones left out), by serial number. */
export async function newestRegisters(
  db: Queryable,
  sns: readonly string[],
): Promise<Map<string, { ts: number; values: Partial<Record<FieldKey, number>> }>> {
  const columns = REGISTER_KEYS.map((key) => `r.${columnOf(key)} AS "${key}"`).join(', ');
  const { rows } = await db.query<Record<string, unknown> & { sn: string; ts: Date }>(
    `SELECT d.sn, r.ts, ${columns}
       FROM devices d
       CROSS JOIN LATERAL (SELECT * FROM readings WHERE device_id = d.id ORDER BY ts DESC LIMIT 1) r
      WHERE d.sn = ANY($1::text[])`,
    [[...sns]],
  );
  return new Map(
    rows.map((row) => {
      const values: Partial<Record<FieldKey, number>> = {};
      for (const key of REGISTER_KEYS) if (row[key] !== null && row[key] !== undefined) values[key] = Number(row[key]);
      return [row.sn, { ts: new Date(row.ts).getTime(), values }];
    }),
  );
}
