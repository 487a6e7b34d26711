import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, DbSession } from './db.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// An arbitrary constant: several processes starting at once take turns applying migrations.
const MIGRATION_LOCK = 424242;

/** Why the server refuses to start on this database; the message says what to do. */
export class MigrationError extends Error {}

const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

interface AppliedRow {
  version: number;
  name: string;
  checksum: string | null;
}

/**
 * Applies forward-only numbered migrations (`NNNN_name.sql`) that have not run yet, each whole (the file is sent as
 * one script, never split) and in its own transaction with its bookkeeping row.
 *
 * It refuses to start, changing nothing, when:
 * - an applied migration's file has changed since it was applied (its SHA-256 is stored): a database must be
 *   described by the files that built it, so a fix goes into a new migration;
 * - a new migration is numbered below the highest applied one: it would run after later migrations on existing
 *   databases but before them on new ones, so the two would differ.
 * Rows applied before checksums were stored get the current file's checksum on first sight.
 *
 * The advisory lock is held on one dedicated connection for the whole run: a session lock taken through a pool could
 * be released on another connection (a no-op) and stay held by an idle pooled one.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return db.session(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await applyPending(conn, dir, files);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}

async function applyPending(conn: DbSession, dir: string, files: string[]): Promise<string[]> {
  await conn.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
     ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;`,
  );
  const done = new Map(
    (await conn.query<AppliedRow>('SELECT version, name, checksum FROM schema_migrations')).rows.map((r) => [
      r.version,
      r,
    ]),
  );
  const highest = Math.max(0, ...done.keys());
  const sources = await Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(dir, file), 'utf8');
      return { file, version: Number(file.slice(0, 4)), sql, checksum: checksumOf(sql) };
    }),
  );

  // Every check first, so a refused start changes nothing.
  const changed = sources.filter((s) => {
    const row = done.get(s.version);
    return row?.checksum && row.checksum !== s.checksum;
  });
  if (changed.length > 0)
    throw new MigrationError(
      `applied migration(s) changed since they ran: ${changed.map((s) => s.file).join(', ')}. ` +
        'Restore the applied text and put the change into a new migration.',
    );
  const late = sources.filter((s) => !done.has(s.version) && s.version < highest);
  if (late.length > 0)
    throw new MigrationError(
      `new migration(s) numbered below the highest applied (${highest}): ${late.map((s) => s.file).join(', ')}. ` +
        'Renumber them above it.',
    );

  for (const s of sources) {
    const row = done.get(s.version);
    if (row && !row.checksum)
      await conn.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [s.version, s.checksum]);
  }

  const applied: string[] = [];
  for (const s of sources) {
    if (done.has(s.version)) continue;
    await conn.transaction(async (tx) => {
      await tx.exec(s.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        s.version,
        s.file,
        s.checksum,
      ]);
    });
    applied.push(s.file);
  }
  return applied;
}
