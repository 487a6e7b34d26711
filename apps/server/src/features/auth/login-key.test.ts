import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { openTestDb } from '../../test/harness.js';
import { decryptPasswordBlob, loadLoginKey } from './login-key.js';

// The test template already holds a login key (src/test/global-setup.ts); here the database is as a first start
// finds it: without one.
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await db.query(`DELETE FROM server_secrets WHERE name = 'login_rsa_private'`);
});
afterAll(async () => db.close());

describe('the login key', () => {
  it('is made by the first start and shared by every process that starts with it', async () => {
    // Two processes starting at once: both make a key, the first stored wins, and both use that one.
    const [a, b] = await Promise.all([loadLoginKey(db), loadLoginKey(db)]);
    expect(a.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(b.publicKeyPem).toBe(a.publicKeyPem);
    const later = await loadLoginKey(db);
    expect(later.publicKeyPem).toBe(a.publicKeyPem);

    // What the browser encrypts with one process's public key, another process opens.
    const blob = publicEncrypt(
      { key: a.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ password: 'Passw0rd-1', nonce: 'a'.repeat(32), ts: Date.now() })),
    ).toString('base64');
    expect(decryptPasswordBlob(later, blob)).toMatchObject({ password: 'Passw0rd-1' });
    expect(decryptPasswordBlob(later, 'bm90IGEgYmxvYg==')).toBeUndefined();
  });
});
