import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DbSession, ScriptRunner, SqlParam } from './db.types.js';

/**
 * A connection a component keeps for as long as it runs, for session state that must outlive any one piece of work:
 * session-level advisory locks held as a lease (the alarm engine's shards, decision 0028) and LISTEN. Its locks last
 * exactly as long as the connection: when the server ends it, `lost` resolves, and another process may take them.
 * The Db's close() closes its leases too.
 */
export interface DbLease extends DbSession {
  /**
   * Session-level advisory locks in the two-key form (`ns`, key), none waited for: the keys of `keys` this lease
   * holds afterwards (taken now, or held already).
   */
  tryLocks(ns: number, keys: readonly number[]): Promise<number[]>;
  /** LISTEN on this connection: `fn` gets the payload of each NOTIFY on `channel`. */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  /** Resolves once, when the connection is gone (the server ended it, or close()): its locks went with it. */
  readonly lost: Promise<void>;
  /** Ends the connection, and so releases its locks. */
  close(): Promise<void>;
}

function runner(q: {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(sql: string): Promise<unknown>;
}): ScriptRunner {
  return {
    async query<R>(sql: string, params: readonly SqlParam[] = []) {
      return { rows: (await q.query(sql, params as unknown[])).rows as R[] };
    },
    async exec(sql: string) {
      await (q.exec ? q.exec(sql) : q.query(sql));
    },
  };
}

/** A transaction on one connection's runner: BEGIN, `fn`, COMMIT, or ROLLBACK when `fn` throws. */
export async function onConnection<T>(conn: ScriptRunner, fn: (tx: ScriptRunner) => Promise<T>): Promise<T> {
  await conn.query('BEGIN');
  try {
    const result = await fn(conn);
    await conn.query('COMMIT');
    return result;
  } catch (err) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** A connection of its own, outside the pool (a pooled one would count against the pool for the process's life). */
export async function postgresLease(pool: pg.Pool, name: string): Promise<DbLease> {
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ ...pool.options, application_name: name });
  let markLost!: () => void;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  // An error event on a connection we hold would end the process unheard (docs/faults.md): it means the lease is gone.
  client.on('error', () => markLost());
  client.on('end', () => markLost());
  await client.connect();
  const conn = runner(client);
  const listeners = new Map<string, (payload: string) => void>();
  client.on('notification', (m) => listeners.get(m.channel)?.(m.payload ?? ''));
  return {
    ...conn,
    transaction: (fn) => onConnection(conn, fn),
    async tryLocks(ns, keys) {
      if (keys.length === 0) return [];
      const { rows } = await client.query<{ key: number }>(
        `SELECT key FROM unnest($2::int4[]) AS key WHERE pg_try_advisory_lock($1, key)`,
        [ns, [...keys]],
      );
      return rows.map((r) => r.key);
    },
    async listen(channel, fn) {
      listeners.set(channel, fn);
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    },
    lost,
    async close() {
      markLost();
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite is one session, in which a session lock is re-entrant: every lease there would hold every lock. Its data
 * directory opens in one process, so the locks are kept here instead, per instance, and two leases on one PGlite
 * exclude each other as two PostgreSQL connections do (two engines of one test, say).
 */
const pgliteLocks = new WeakMap<PGlite, Map<string, object>>();

export function pgliteLease(instance: PGlite): DbLease {
  const held = pgliteLocks.get(instance) ?? new Map<string, object>();
  pgliteLocks.set(instance, held);
  const self = {};
  let markLost!: () => void;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  const unlisten: (() => Promise<void>)[] = [];
  const conn = runner(instance);
  return {
    ...conn,
    transaction: (fn) => instance.transaction((tx) => fn(runner(tx))),
    tryLocks(ns, keys) {
      const mine: number[] = [];
      for (const key of keys) {
        const id = `${ns}:${key}`;
        const holder = held.get(id) ?? self;
        held.set(id, holder);
        if (holder === self) mine.push(key);
      }
      return Promise.resolve(mine);
    },
    async listen(channel, fn) {
      unlisten.push(await instance.listen(channel, fn));
    },
    lost,
    async close() {
      for (const [id, holder] of held) if (holder === self) held.delete(id);
      markLost();
      for (const stop of unlisten.splice(0)) await stop().catch(() => undefined);
    },
  };
}
