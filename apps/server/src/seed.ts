import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seedBuiltinRoles } from './features/roles/index.js';
import { countUsers, seedAdministrator } from './features/users/index.js';
import type { Db } from './db/db.js';

/** What the first start did: whether it created the administrator, and whether its password was generated. */
export interface SeedResult {
  administratorCreated: boolean;
  /** The generated password's file (the password itself was printed once by `log`), when ADMIN_PASSWORD was unset. */
  passwordFile?: string;
}

/**
 * Creates the built-in roles and, on an empty database, the administrator `admin`. Its password comes from
 * ADMIN_PASSWORD or is random, printed once and written to `<dataDir>/admin-password.txt` (mode 600).
 */
export async function seed(
  db: Db,
  opts: {
    adminPassword?: string | undefined;
    dataDir: string;
    hash: (p: string) => Promise<string>;
    log: (msg: string) => void;
  },
): Promise<SeedResult> {
  // The roles and users features own their tables and the built-in roles' definition; this file only orchestrates the
  // first start (password, file, log). Nothing in features/ imports it, so calling their services makes no cycle.
  await seedBuiltinRoles(db);
  if ((await countUsers(db)) > 0) return { administratorCreated: false };
  const password = opts.adminPassword ?? randomBytes(9).toString('base64url').slice(0, 12);
  await seedAdministrator(db, await opts.hash(password));
  if (opts.adminPassword) return { administratorCreated: true };
  await mkdir(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'admin-password.txt');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  // Printed once, on the console only: the structured log (shipped elsewhere) never carries a password.
  opts.log(
    `\n  First start: created the administrator "admin" with password: ${password}\n  (also written to ${file}; change it in the personal centre)\n`,
  );
  return { administratorCreated: true, passwordFile: file };
}
