import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testTemplate } from '../test/template.js';
import { openDb, type Db } from './db.js';
import { MigrationError, migrate } from './migrate.js';

/** An empty database of the engine under test (PGlite in memory, or a new PostgreSQL database). */
async function emptyDb(): Promise<Db> {
  const template = testTemplate();
  if (template.kind === 'pglite') return openDb({});
  const name = `vf_mig_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ databaseUrl: template.databaseUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(template.databaseUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    ...db,
    close: async () => {
      await db.close();
      const again = await openDb({ databaseUrl: template.databaseUrl });
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    },
  };
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function setup(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vf-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  const db = await emptyDb();
  cleanup.push(
    () => rm(dir, { recursive: true, force: true }),
    () => db.close(),
  );
  return { dir, db, write: (name: string, sql: string) => writeFile(path.join(dir, name), sql) };
}

const tables = async (db: Db) =>
  (
    await db.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    )
  ).rows.map((r) => r.t);

describe('migrate', () => {
  it('runs a file whole: semicolons inside a function body and a DO block are fine', async () => {
    const { dir, db } = await setup({
      '0001_a.sql': `CREATE TABLE a (id int);
CREATE FUNCTION a_count() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT count(*) FROM a);
END;
$$;
DO $$ BEGIN INSERT INTO a VALUES (1); INSERT INTO a VALUES (2); END $$;`,
    });
    expect(await migrate(db, dir)).toEqual(['0001_a.sql']);
    expect((await db.query<{ n: number }>('SELECT a_count()::int AS n')).rows[0]!.n).toBe(2);
    expect(await migrate(db, dir)).toEqual([]);
  });

  it('refuses to start when an applied file changed, and changes nothing', async () => {
    const { dir, db, write } = await setup({ '0001_a.sql': 'CREATE TABLE a (id int);' });
    await migrate(db, dir);
    await write('0001_a.sql', 'CREATE TABLE a (id int, extra text);');
    await write('0002_b.sql', 'CREATE TABLE b (id int);');
    await expect(migrate(db, dir)).rejects.toThrow(/0001_a\.sql/);
    await expect(migrate(db, dir)).rejects.toBeInstanceOf(MigrationError);
    expect(await tables(db)).not.toContain('b');
  });

  it('refuses a new migration numbered below the highest applied', async () => {
    const { dir, db, write } = await setup({
      '0001_a.sql': 'CREATE TABLE a (id int);',
      '0005_e.sql': 'CREATE TABLE e (id int);',
    });
    await migrate(db, dir);
    await write('0003_c.sql', 'CREATE TABLE c (id int);');
    await expect(migrate(db, dir)).rejects.toThrow(/0003_c\.sql.*Renumber/);
    expect(await tables(db)).not.toContain('c');
  });

  it('rolls a failing migration back whole and applies nothing after it', async () => {
    const { dir, db } = await setup({
      '0001_a.sql': 'CREATE TABLE a (id int);',
      '0002_b.sql': 'CREATE TABLE b (id int);\nSELECT no_such_function();',
      '0003_c.sql': 'CREATE TABLE c (id int);',
    });
    await expect(migrate(db, dir)).rejects.toThrow(/no_such_function/);
    expect(await tables(db)).toEqual(['a', 'schema_migrations']);
  });

  it('fills the checksum of rows applied before checksums existed, then guards them', async () => {
    const { dir, db, write } = await setup({ '0001_a.sql': 'CREATE TABLE a (id int);' });
    await db.exec(
      `CREATE TABLE schema_migrations (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
       CREATE TABLE a (id int);
       INSERT INTO schema_migrations (version, name) VALUES (1, '0001_a.sql');`,
    );
    expect(await migrate(db, dir)).toEqual([]);
    const row = (await db.query<{ checksum: string }>('SELECT checksum FROM schema_migrations')).rows[0]!;
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    await write('0001_a.sql', 'CREATE TABLE a (id bigint);');
    await expect(migrate(db, dir)).rejects.toBeInstanceOf(MigrationError);
  });

  it('releases its lock on the connection that took it (no lock left behind)', async () => {
    const { dir, db } = await setup({ '0001_a.sql': 'CREATE TABLE a (id int);' });
    await migrate(db, dir);
    const held = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242`,
    );
    expect(held.rows[0]!.n).toBe(0);
    // Two runs at once take turns and apply each file once.
    const both = await Promise.all([migrate(db, dir), migrate(db, dir)]);
    expect(both.flat()).toEqual([]);
  });

  it('applies the real migrations to an empty database', async () => {
    const db = await emptyDb();
    cleanup.push(() => db.close());
    const applied = await migrate(db);
    const real = (await readdir(path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations'))).filter((f) =>
      f.endsWith('.sql'),
    );
    expect(applied).toEqual(real.sort());
  }, 120_000);
});
