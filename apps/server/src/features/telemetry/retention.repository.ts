import type { Db, DbSession, Queryable } from '../../db/db.js';
import { releaseAdvisoryLock, tryAdvisoryLock } from '../../db/advisory-lock.js';
import { partitionMonth } from './ingest.repository.js';

/** A monthly partition of `readings` (attached, being detached, or left detached by an interrupted purge). */
export interface ReadingPartition {
  name: string;
  /** YYYY-MM (UTC). */
  month: string;
  state: 'attached' | 'detachPending' | 'detached';
}

/** A reading kept although it is older than the cut-off (see retention.ts). */
export interface ChainAnchor {
  deviceId: number;
  ts: Date;
}

/** Advisory lock (two-key form, like ingest's 7001 and the alarms' 7002): one purge at a time over all processes. */
const RETENTION_LOCK = [7003, 0] as const;

/** Takes the purge lock on this session; false when another process holds it. */
export const tryRetentionLock = (conn: DbSession) => tryAdvisoryLock(conn, RETENTION_LOCK);

export const releaseRetentionLock = (conn: DbSession) => releaseAdvisoryLock(conn, RETENTION_LOCK);

/**
 * Every monthly partition of `readings` by name, with tables of that name that are no longer attached (a purge that
 * stopped between its DETACH and its DROP).
 */
export async function readingPartitions(db: Queryable): Promise<ReadingPartition[]> {
  const { rows } = await db.query<{ name: string; parent: boolean; pending: boolean | null }>(
    `SELECT c.relname AS name, i.inhrelid IS NOT NULL AS parent, i.inhdetachpending AS pending
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
       LEFT JOIN pg_inherits i ON i.inhrelid = c.oid AND i.inhparent = 'readings'::regclass
      WHERE c.relkind = 'r' AND c.relname ~ '^readings_[0-9]{4}_[0-9]{2}$'
      ORDER BY c.relname`,
  );
  return rows.flatMap((r) => {
    const month = partitionMonth(r.name);
    if (!month) return [];
    const state = !r.parent ? 'detached' : r.pending ? 'detachPending' : 'attached';
    return [{ name: r.name, month, state } satisfies ReadingPartition];
  });
}

/**
 * Each device's last reading before `cutoff`, for devices with no reading in [cutoff, acceptedFrom): a reading the
 * link still accepts (not older than acceptedFrom) may land after it, and its energy is counted from it.
 */
export async function chainAnchors(db: Queryable, cutoff: Date, acceptedFrom: Date): Promise<ChainAnchor[]> {
  // Raw and compacted readings alike (decision 0036); the cut-off is a UTC midnight, so a compacted day lies wholly
  // before or after it.
  const { rows } = await db.query<{ device_id: number; ts: Date }>(
    `SELECT d.id AS device_id, a.ts
       FROM devices d
      CROSS JOIN LATERAL (SELECT greatest(
          (SELECT max(r.ts) FROM readings r WHERE r.device_id = d.id AND r.ts < $1),
          (SELECT max(c.last_ts) FROM readings_compact c WHERE c.device_id = d.id AND c.day < ($1 AT TIME ZONE 'UTC')::date)
        ) AS ts) a
      WHERE a.ts IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM readings s WHERE s.device_id = d.id AND s.ts >= $1 AND s.ts < $2)
        AND NOT EXISTS (SELECT 1 FROM readings_compact c WHERE c.device_id = d.id AND c.last_ts >= $1 AND c.first_ts < $2)`,
    [cutoff, acceptedFrom],
  );
  return rows.map((r) => ({ deviceId: r.device_id, ts: r.ts }));
}

/**
 * Rows of a partition about to go, for the log: ANALYZE's count, exact up to its sample of 30,000 rows and a close
 * estimate beyond (an append-only month has evenly filled pages). Counting a month of a large fleet exactly would
 * read it all just before dropping it.
 */
export async function partitionRows(db: Queryable, name: string): Promise<number> {
  try {
    await db.query(`ANALYZE ${name}`);
  } catch (err) {
    // Gone meanwhile: a purge running beside this one (PGlite: two rounds of one process) dropped it.
    if (err && typeof err === 'object' && 'code' in err && err.code === '42P01') return 0;
    throw err;
  }
  const { rows } = await db.query<{ estimate: number }>(
    `SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = to_regclass($1)`,
    [name],
  );
  return Math.max(0, Math.round(rows[0]?.estimate ?? 0));
}

/**
 * Detaches a partition from `readings` and drops it. On PostgreSQL, DETACH … CONCURRENTLY: ingest and queries on
 * other months go on meanwhile (it cannot run in a transaction; one left pending by an interrupted purge is finished
 * with FINALIZE). PGlite has one connection and nothing to wait for: a plain DETACH and DROP in one transaction, after
 * checking the partition is still attached (two purges in one process interleave their statements).
 */
export async function dropPartition(db: Db, conn: DbSession, partition: ReadingPartition): Promise<boolean> {
  const { name } = partition;
  if (db.kind === 'postgres') {
    if (partition.state === 'attached') await conn.query(`ALTER TABLE readings DETACH PARTITION ${name} CONCURRENTLY`);
    if (partition.state === 'detachPending') await conn.query(`ALTER TABLE readings DETACH PARTITION ${name} FINALIZE`);
    await conn.query(`DROP TABLE IF EXISTS ${name}`);
    return true;
  }
  return conn.transaction(async (tx) => {
    const { rows } = await tx.query<{ attached: boolean; present: boolean }>(
      `SELECT to_regclass($1) IS NOT NULL AS present,
              EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass($1) AND inhparent = 'readings'::regclass) AS attached`,
      [name],
    );
    if (!rows[0]?.present) return false;
    if (rows[0].attached) await tx.query(`ALTER TABLE readings DETACH PARTITION ${name}`);
    await tx.query(`DROP TABLE ${name}`);
    return true;
  });
}

/**
 * Deletes up to `batch` readings of one partition that are not anchors; returns how many went. Each call is its own
 * statement (its own transaction), so the purge of a large month never holds one long transaction.
 */
export async function deleteBatchExceptAnchors(
  db: Queryable,
  name: string,
  anchors: readonly ChainAnchor[],
  batch: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM ${name} WHERE ctid = ANY (ARRAY(
         SELECT r.ctid FROM ${name} r
          WHERE NOT EXISTS (SELECT 1 FROM unnest($1::int4[], $2::timestamptz[]) AS a(device_id, ts)
                             WHERE a.device_id = r.device_id AND a.ts = r.ts)
          LIMIT $3))
       RETURNING 1)
     SELECT count(*)::int8 AS n FROM gone`,
    [anchors.map((a) => a.deviceId), anchors.map((a) => a.ts.toISOString()), batch],
  );
  return rows[0]?.n ?? 0;
}
