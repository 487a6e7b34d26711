import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seedBuiltinRoles } from '../features/roles/roles.service.js';
import { countUsers, seedAdministrator } from '../features/users/users.service.js';
import type { Db } from './db.js';

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
): Promise<void> {
  // The roles and users features own their tables and the built-in roles' definition; this file only orchestrates the
  // first start (password, file, log). Nothing in features/ imports it, so calling their services makes no cycle.
  await seedBuiltinRoles(db);
  if ((await countUsers(db)) > 0) return;
  const password = opts.adminPassword ?? randomBytes(9).toString('base64url').slice(0, 12);
  await seedAdministrator(db, await opts.hash(password));
  if (!opts.adminPassword) {
    await mkdir(opts.dataDir, { recursive: true });
    const file = path.join(opts.dataDir, 'admin-password.txt');
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    opts.log(
      `\n  First start: created the administrator "admin" with password: ${password}\n  (also written to ${file}; change it in the personal centre)\n`,
    );
  } else {
    opts.log('First start: created the administrator "admin" with the password from ADMIN_PASSWORD');
  }
}
