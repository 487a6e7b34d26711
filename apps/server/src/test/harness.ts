import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { testTemplate } from './template.js';
import { normaliseGrant } from '@voltfleet/domain/permissions';
import { type LoginResponse } from '@voltfleet/domain/auth';
import { loadConfig, type Config } from '../config.js';
import { openDb, type Db } from '../db/db.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../features/auth/index.js';
import { insertUser } from '../features/users/index.js';
import { insertRole } from '../features/roles/index.js';
import { TEST_CAPTCHA_CODE } from './constants.js';

export { TEST_ADMIN_PASSWORD, TEST_CAPTCHA_CODE } from './constants.js';

/** A fresh copy of the migrated, seeded template database for one test file. */
export async function openTestDb(): Promise<Db> {
  return (await openTestDatabase()).db;
}

/** A test database and, on PostgreSQL, its URL (for child processes that share it). */
export async function openTestDatabase(): Promise<{ db: Db; url: string | undefined }> {
  const template = testTemplate();
  if (template.kind === 'pglite') {
    const bytes = await readFile(template.file);
    return { db: await openDb({ loadDataDir: new Blob([bytes]) }), url: undefined };
  }
  const name = `vf_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ databaseUrl: template.databaseUrl });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  await admin.close();
  const url = new URL(template.databaseUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  const close = db.close;
  return {
    url: url.toString(),
    db: {
      ...db,
      close: async () => {
        await close();
        const again = await openDb({ databaseUrl: template.databaseUrl });
        // Child processes may still hold connections for a moment after they were killed.
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.close();
      },
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real database, with the test captcha code, for `inject` calls. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const db = await openTestDb();
  const config = loadConfig({ VOLTFLEET_CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE, WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { code: string; msg: string; data: T };
  headers: Record<string, string | string[] | number | undefined>;
}

/** One API call with an optional session token and language. */
export async function api<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string | undefined; body?: unknown; lang?: string; ip?: string } = {},
): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { token: opts.token } : {}),
      'accept-language': opts.lang ?? 'en',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Encrypts a password the way the browser does: RSA-OAEP-SHA256 over {"password","nonce","ts"}. */
export function encryptPassword(
  publicKeyPem: string,
  password: string,
  overrides: { nonce?: string; ts?: number } = {},
): string {
  const payload = JSON.stringify({
    password,
    nonce: overrides.nonce ?? randomBytes(16).toString('hex'),
    ts: overrides.ts ?? Date.now(),
  });
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(payload),
  ).toString('base64');
}

export async function publicKey(app: FastifyInstance): Promise<string> {
  return (await api<{ publicKey: string }>(app, 'GET', '/api/auth/public-key')).body.data.publicKey;
}

export async function captchaId(app: FastifyInstance, ip?: string): Promise<string> {
  return (await api<{ captchaId: string }>(app, 'GET', '/api/auth/captcha', ip ? { ip } : {})).body.data.captchaId;
}

/** Logs in through the real endpoint and returns the whole answer. */
export async function tryLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: { captchaCode?: string; ip?: string; lang?: string } = {},
) {
  const key = await publicKey(app);
  return api<LoginResponse>(app, 'POST', '/api/auth/login', {
    body: {
      username,
      password: encryptPassword(key, password),
      captchaId: await captchaId(app, opts.ip),
      captchaCode: opts.captchaCode ?? TEST_CAPTCHA_CODE,
    },
    ...(opts.ip ? { ip: opts.ip } : {}),
    ...(opts.lang ? { lang: opts.lang } : {}),
  });
}

export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await tryLogin(app, username, password);
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.body.msg}`);
  return res.body.data.token;
}

/** Creates a role with the given grant (normalised) straight in the database; returns its id. */
export async function makeRole(
  db: Db,
  name: string,
  permissions: string[],
  creatorId: number | null = null,
): Promise<number> {
  return insertRole(db, { name, description: '', creatorId, permissions: normaliseGrant(permissions), views: [] });
}

/** Creates a user below `superiorId` straight in the database; returns its id and path. */
export async function makeUser(
  db: Db,
  u: { username: string; password?: string; roleId: number; superiorId: number; level?: number },
): Promise<{ id: number; path: string }> {
  const superior = (
    await db.query<{ path: string; code: string }>(`SELECT path, code FROM users WHERE id = $1`, [u.superiorId])
  ).rows[0]!;
  const id = await insertUser(db, {
    username: u.username,
    passwordHash: await hashPassword(u.password ?? 'Passw0rd-1'),
    name: u.username.replace(/[^\w]/g, '_'),
    email: '',
    phone: '',
    company: '',
    remark: '',
    level: u.level ?? 1,
    enabled: true,
    roleId: u.roleId,
    superiorId: u.superiorId,
    superiorPath: superior.path,
    parentCustomerCode: superior.code,
  });
  return { id, path: `${superior.path}${id}/` };
}

export async function builtinRoleId(db: Db, key: string): Promise<number> {
  return (await db.query<{ id: number }>(`SELECT id FROM roles WHERE builtin_key = $1`, [key])).rows[0]!.id;
}

export async function adminId(db: Db): Promise<number> {
  return (await db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'admin'`)).rows[0]!.id;
}

/** A plant in Prague owned by `ownerId` (the fields a plant needs, nothing more). */
export async function makePlant(db: Db, name: string, ownerId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, time_zone, owner_id,
                         construction_date)
     VALUES ($1, 1, 10, 20, 14.4, 50.1, 'Street 1', 'Europe/Prague', $2, '2023-01-02') RETURNING id`,
    [name, ownerId],
  );
  return rows[0]!.id;
}
