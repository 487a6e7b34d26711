// The database interfaces every repository uses (db.ts implements them; lease.ts builds on them): a file of its own so
// the two need not import each other.

export type SqlParam = string | number | boolean | null | Date | string[] | number[] | Buffer | object;

/** The one database interface every repository uses: PGlite in-process or a PostgreSQL pool. */
/** How a statement is run. */
export interface QueryOptions {
  /**
   * PostgreSQL keeps the statement prepared on each pooled connection, and with it the plan it settles on, so it is
   * not planned on every call (a statement with many subqueries costs more to plan than to run). Only for statements
   * whose text is one of a few fixed ones: every distinct text stays prepared for the connection's life. PGlite runs
   * it as any other statement.
   */
  keepPlan?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlParam[],
    options?: QueryOptions,
  ): Promise<{ rows: T[] }>;
  /**
   * Bulk load inside a transaction: runs `COPY … FROM STDIN …` with `data` as its input (both engines; PGlite reads
   * it as a blob). Absent where a caller must fall back to INSERT.
   */
  copyFrom?(sql: string, data: Uint8Array): Promise<void>;
}

/** A script runner: a whole file of statements sent as one (simple-protocol) request, never split by us. */
export interface ScriptRunner extends Queryable {
  exec(sql: string): Promise<void>;
}

/**
 * One connection held for a sequence of work, so session-level state (an advisory lock) is taken and released on the
 * same connection. PGlite is one connection anyway; on PostgreSQL a client is checked out of the pool for the span.
 */
export interface DbSession extends ScriptRunner {
  /** A transaction on this session's connection. */
  transaction<T>(fn: (tx: ScriptRunner) => Promise<T>): Promise<T>;
}
