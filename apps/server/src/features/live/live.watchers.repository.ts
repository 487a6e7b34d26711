import type { Db } from '../../db/db.js';

/*
 * The watch registry (migration 0048, decision 0037): which devices the tabs of each process watch. Only the live
 * bus uses it, and only on PostgreSQL (with PGlite there is one process, and nothing crosses processes).
 */

/** A row not renewed this long belongs to a process that is gone (renewed every WATCH_RENEW_MS by a live one). */
export const WATCH_FRESH_S = 90;

/** Sets this process's watched devices (a new row, or a new version of its row), and forgets long-gone processes. */
export async function announceWatch(db: Db, origin: string, devices: readonly number[]): Promise<void> {
  await db.query(
    `INSERT INTO live_watchers (origin, devices) VALUES ($1, $2::int[])
     ON CONFLICT (origin) DO UPDATE SET devices = EXCLUDED.devices, version = live_watchers.version + 1, seen_at = now()`,
    [origin, devices],
  );
  await db.query(`DELETE FROM live_watchers WHERE seen_at < now() - interval '1 day'`);
}

/** Renews this process's row; false when it is gone (deleted, or a database restored meanwhile): announce again. */
export async function renewWatch(db: Db, origin: string): Promise<boolean> {
  const { rows } = await db.query(`UPDATE live_watchers SET seen_at = now() WHERE origin = $1 RETURNING origin`, [
    origin,
  ]);
  return rows.length > 0;
}

export async function withdrawWatch(db: Db, origin: string): Promise<void> {
  await db.query(`DELETE FROM live_watchers WHERE origin = $1`, [origin]);
}

/** The other live processes' row versions (a cheap poll: the device arrays are read only when a version changed). */
export async function watcherVersions(db: Db, except: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ origin: string; version: string }>(
    `SELECT origin, version FROM live_watchers
      WHERE origin <> $1 AND seen_at > now() - make_interval(secs => $2)`,
    [except, WATCH_FRESH_S],
  );
  return new Map(rows.map((r) => [r.origin, Number(r.version)]));
}

export async function watcherDevices(
  db: Db,
  origins: readonly string[],
): Promise<{ origin: string; version: number; devices: number[] }[]> {
  const { rows } = await db.query<{ origin: string; version: string; devices: number[] }>(
    `SELECT origin, version, devices FROM live_watchers WHERE origin = ANY($1::text[])`,
    [origins],
  );
  return rows.map((r) => ({ origin: r.origin, version: Number(r.version), devices: r.devices }));
}
