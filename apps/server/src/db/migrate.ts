import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// An arbitrary constant: several processes starting at once take turns applying migrations.
const MIGRATION_LOCK = 424242;

/** Applies forward-only numbered migrations (`NNNN_name.sql`) that have not run yet, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  const applied: string[] = [];
  try {
    const done = new Set(
      (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const file of files) {
      const version = Number(file.slice(0, 4));
      if (done.has(version)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      await db.transaction(async (tx) => {
        await execScript(tx, sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
      });
      applied.push(file);
    }
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}

/** Splits a migration on statement-ending semicolons at line ends; migrations avoid `;` inside bodies. */
async function execScript(tx: { query: Db['query'] }, sql: string): Promise<void> {
  const statements = sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  for (const statement of statements) await tx.query(statement);
}
