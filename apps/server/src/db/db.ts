import { createHash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { DbSession, QueryOptions, Queryable, ScriptRunner, SqlParam } from './db.types.js';
import { onConnection, pgliteLease, postgresLease, type DbLease } from './lease.js';

export type { DbSession, QueryOptions, Queryable, ScriptRunner, SqlParam } from './db.types.js';

/** Prepared statements' names by text (bounded by the few texts that ask to keep their plan). */
const preparedNames = new Map<string, string>();

/** What node-postgres runs: the text, or a named (prepared) statement when the caller keeps its plan. */
function pgQuery(sql: string, params: readonly SqlParam[], options: QueryOptions | undefined) {
  if (!options?.keepPlan) return { text: sql, values: params as unknown[] };
  let name = preparedNames.get(sql);
  if (name === undefined) {
    name = `vf_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    preparedNames.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[] };
}

/** PGlite takes COPY input from the virtual file /dev/blob instead of STDIN. */
const pgliteCopySql = (sql: string) => sql.replace(/\bFROM\s+STDIN\b/i, `FROM '/dev/blob'`);

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` on one dedicated connection (see DbSession). */
  session<T>(fn: (conn: DbSession) => Promise<T>): Promise<T>;
  /** A connection kept for as long as the caller runs (see DbLease), named `name` where the server shows it. */
  lease(name: string): Promise<DbLease>;
  /** Closes the database, and every lease still open. */
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test templates). */
  dump?(): Promise<Blob>;
  /** The engine's own handle, for tools that need what the interface hides (COPY in benchmarks). */
  readonly native: PGlite | pg.Pool;
}

/** PGlite is one connection in one thread; its own queue serialises calls, transactions hold it exclusively. */
export function pgliteDb(instance: PGlite): Db {
  const leases = new Set<DbLease>();
  return {
    kind: 'pglite',
    native: instance,
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const res = await instance.query<T>(sql, params as unknown[]);
      return { rows: res.rows };
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return instance.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: readonly SqlParam[] = []) {
            const res = await tx.query<R>(sql, params as unknown[]);
            return { rows: res.rows };
          },
          async copyFrom(sql: string, data: Uint8Array) {
            await tx.query(pgliteCopySql(sql), [], { blob: new Blob([data]) });
          },
        }),
      );
    },
    async exec(sql: string) {
      await instance.exec(sql);
    },
    session<T>(fn: (conn: DbSession) => Promise<T>) {
      const runner = (q: Pick<PGlite, 'query' | 'exec'>): ScriptRunner => ({
        async query<R>(sql: string, params: readonly SqlParam[] = []) {
          return { rows: (await q.query<R>(sql, params as unknown[])).rows };
        },
        async exec(sql: string) {
          await q.exec(sql);
        },
      });
      return fn({
        ...runner(instance),
        transaction: (body) => instance.transaction((tx) => body(runner(tx))),
      });
    },
    lease() {
      const lease = pgliteLease(instance);
      leases.add(lease);
      void lease.lost.then(() => leases.delete(lease));
      return Promise.resolve(lease);
    },
    async close() {
      for (const lease of [...leases]) await lease.close();
      await instance.close();
    },
    dump: () => instance.dumpDataDir('none'),
  };
}

/** See checkOut: the error reaches the caller through its next statement on the connection, which then fails. */
const ignoreHeldError = () => undefined;

/**
 * A pooled connection for a transaction or session. The server may end it while we hold it between two statements
 * (a restart, pg_terminate_backend): pg reports that as an 'error' event on the client, which the pool listens to
 * only while the connection is idle, and an unheard 'error' event would end the process (docs/faults.md). The pool
 * drops the broken connection when it is released.
 */
async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  client.on('error', ignoreHeldError);
  return client;
}

export function postgresDb(pool: pg.Pool): Db {
  const leases = new Set<DbLease>();
  return {
    kind: 'postgres',
    native: pool,
    async query<T>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions) {
      const res = await pool.query(pgQuery(sql, params, options));
      return { rows: res.rows as T[] };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await checkOut(pool);
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions) {
            const res = await client.query(pgQuery(sql, params, options));
            return { rows: res.rows as R[] };
          },
          async copyFrom(sql: string, data: Uint8Array) {
            const stream = client.query(copyFromStdin(sql));
            stream.end(data);
            await finished(stream);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', ignoreHeldError);
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async session<T>(fn: (conn: DbSession) => Promise<T>) {
      const client = await checkOut(pool);
      const runner: ScriptRunner = {
        async query<R>(sql: string, params: readonly SqlParam[] = []) {
          return { rows: (await client.query(sql, params as unknown[])).rows as R[] };
        },
        async exec(sql: string) {
          // No parameters: the simple query protocol, which runs every statement of the text in order.
          await client.query(sql);
        },
      };
      try {
        return await fn({ ...runner, transaction: (body) => onConnection(runner, body) });
      } finally {
        client.off('error', ignoreHeldError);
        client.release();
      }
    },
    async lease(name: string) {
      const lease = await postgresLease(pool, name);
      leases.add(lease);
      void lease.lost.then(() => leases.delete(lease));
      return lease;
    },
    async close() {
      for (const lease of [...leases]) await lease.close();
      await pool.end();
    },
  };
}

/** Opens PGlite under `dataDir/pglite` (or in memory) or a pool to `databaseUrl`. */
export async function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Db> {
  if (options.databaseUrl) {
    const { default: pgModule } = await import('pg');
    // timestamptz and bigint come back as strings by default; we want numbers for int8 counts.
    pgModule.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pgModule.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is an 'error' event on the
    // pool, which would kill the process unheard. The pool has already dropped that connection and opens a new one
    // for the next query; a query that fails meanwhile reports the outage to its caller (docs/faults.md).
    pool.on('error', () => undefined);
    return postgresDb(pool);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const instance = options.dataDir
    ? await PGlite.create({ dataDir: options.dataDir })
    : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  return pgliteDb(instance);
}
