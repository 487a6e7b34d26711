import type { DbSession } from './db.js';

/**
 * A session-level advisory lock in the two-key form (the first key names the job: ingest 7001, alarms 7002, retention
 * 7003, 5-minute values 7004), for jobs that run in one process at a time: false when another session holds it.
 */
export async function tryAdvisoryLock(conn: DbSession, key: readonly [number, number]): Promise<boolean> {
  const { rows } = await conn.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1, $2) AS ok`, [...key]);
  return rows[0]?.ok === true;
}

export async function releaseAdvisoryLock(conn: DbSession, key: readonly [number, number]): Promise<void> {
  await conn.query(`SELECT pg_advisory_unlock($1, $2)`, [...key]);
}
