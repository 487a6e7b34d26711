import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_PERMISSION_CODES, BUILTIN_ROLE_TEXTS, VIEWS, normaliseGrant } from '@voltfleet/domain';
import type { Db } from './db.js';

const ALL = [...ALL_PERMISSION_CODES];
const without = (prefixes: string[]) =>
  ALL.filter((c) => !prefixes.some((p) => c === p || c.startsWith(`${p}:`) || c.startsWith(`${p}/`)));

/**
 * The four built-in roles of SPEC §1/§6: operator, dealer, engineering (installer), personal (owner). Their words
 * live in the domain (BUILTIN_ROLE_TEXTS) in every language; the rows keep the English ones, and the role API shows
 * the caller's language.
 */
const english = (key: keyof typeof BUILTIN_ROLE_TEXTS) => ({
  name: BUILTIN_ROLE_TEXTS[key].name.en,
  description: BUILTIN_ROLE_TEXTS[key].description.en,
});

export const BUILTIN_ROLES = [
  {
    key: 'operator',
    ...english('operator'),
    permissions: ALL,
    views: [...VIEWS],
  },
  {
    key: 'dealer',
    ...english('dealer'),
    permissions: normaliseGrant(
      ALL.filter((c) => !['B/E:command.batch', 'B/E:firmware.manage', 'B/E:debug.raw'].includes(c)),
    ),
    views: [...VIEWS],
  },
  {
    key: 'engineering',
    ...english('engineering'),
    permissions: normaliseGrant(
      without(['E', 'D/A', 'B/E:command.batch', 'B/E:firmware.manage', 'B/E:debug.raw', 'C/C']),
    ),
    views: ['bigScreen/map', 'bigScreen/flowGraph'],
  },
  {
    key: 'personal',
    ...english('personal'),
    permissions: normaliseGrant(['A', 'A/A', 'B', 'B/A', 'C', 'C/A', 'C/B', 'D', 'D/E', 'D/E:template.edit']),
    views: ['bigScreen/flowGraph'],
  },
] as const;

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
  for (const r of BUILTIN_ROLES) {
    await db.query(
      `INSERT INTO roles (name, description, builtin_key, permissions, views) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (builtin_key) DO UPDATE SET permissions = EXCLUDED.permissions`,
      [r.name, r.description, r.key, [...r.permissions], [...r.views]],
    );
  }
  const existing = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const password = opts.adminPassword ?? randomBytes(9).toString('base64url').slice(0, 12);
  const hashText = await opts.hash(password);
  await db.transaction(async (tx) => {
    const role = await tx.query<{ id: number }>(`SELECT id FROM roles WHERE builtin_key = 'operator'`);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, name, code, level, role_id, path) VALUES ('admin', $1, 'Administrator', 'U000001', 0, $2, '')
       ON CONFLICT DO NOTHING RETURNING id`,
      [hashText, role.rows[0]!.id],
    );
    if (rows[0]) await tx.query(`UPDATE users SET path = $2 WHERE id = $1`, [rows[0].id, `/${rows[0].id}/`]);
  });
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
