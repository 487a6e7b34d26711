import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../seed.js';
import { hashPassword, loadLoginKey } from '../features/auth/index.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';

/**
 * Builds one migrated, seeded database per run and hands it to every test file: a PGlite data-dir dump (copied
 * per file) or, with DATABASE_URL, a PostgreSQL template database (cloned per file). It holds what a server's first
 * start leaves behind, the login key included: otherwise each file's server made an RSA key of its own (a quarter of
 * a second, 128 times a run).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const templateName = `vf_template_${process.pid}`;
  if (databaseUrl) {
    const admin = await openDb({ databaseUrl });
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${templateName}`;
    const template = await openDb({ databaseUrl: url.toString() });
    await migrate(template);
    await seed(template, {
      adminPassword: TEST_ADMIN_PASSWORD,
      dataDir: dir,
      hash: hashPassword,
      log: () => undefined,
    });
    await loadLoginKey(template);
    await template.close();
    await admin.close();
    project.provide('template', { kind: 'postgres', databaseUrl, templateName });
  } else {
    const db = await openDb({});
    await migrate(db);
    await seed(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir: dir, hash: hashPassword, log: () => undefined });
    await loadLoginKey(db);
    const dump = await db.dump!();
    const file = path.join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('template', { kind: 'pglite', file });
  }
  return async () => {
    if (databaseUrl) {
      const admin = await openDb({ databaseUrl });
      await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
      await admin.close();
    }
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite'; file: string } | { kind: 'postgres'; databaseUrl: string; templateName: string };
  }
}
