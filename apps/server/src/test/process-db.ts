import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { testTemplate } from './template.js';
import { openDb, pgliteDb, type Db } from '../db/db.js';

/**
 * A database of its own for a server started as a child process: a fresh DATA_DIR holding a copy of the template
 * (PGlite), or a new database cloned from the template (PostgreSQL, DATABASE_URL). A PGlite directory may be held
 * by one process at a time: close what `open()` returned before starting the server on it, and stop the server
 * before opening it again.
 */
export interface ProcessDatabase {
  readonly kind: 'pglite' | 'postgres';
  /** DATA_DIR (always) and DATABASE_URL (PostgreSQL) for the child process. */
  readonly env: Record<string, string>;
  open(): Promise<Db>;
  /** Removes the data directory or drops the database. */
  dispose(): Promise<void>;
}

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const template = testTemplate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-proc-'));
  if (template.kind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'pglite');
    await mkdir(pgliteDir);
    // Loading the migrated template takes a second; migrating a new directory would take ten.
    const { PGlite } = await import('@electric-sql/pglite');
    const instance = await PGlite.create({
      dataDir: pgliteDir,
      loadDataDir: new Blob([await readFile(template.file)]),
    });
    await instance.close();
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      open: async () => pgliteDb(await PGlite.create({ dataDir: pgliteDir })),
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `vf_proc_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ databaseUrl: template.databaseUrl });
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  } finally {
    await admin.close();
  }
  const url = new URL(template.databaseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDb({ databaseUrl }),
    dispose: async () => {
      const again = await openDb({ databaseUrl: template.databaseUrl });
      try {
        // A killed server's sessions may not have ended yet.
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
