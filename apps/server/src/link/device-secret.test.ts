import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import {
  generateDeviceSecret,
  hashDeviceSecret,
  hashMosquittoPassword,
  isMosquittoHash,
  verifyDeviceSecret,
} from './device-secret.js';
import { renderAclFile, renderPasswordFile } from './mosquitto-auth.js';

const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

describe('device secrets', () => {
  test('are 24 random bytes in base64url, different every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateDeviceSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('hash to the Mosquitto $7$ format with a fresh salt each time, and verify', async () => {
    const secret = generateDeviceSecret();
    const [h1, h2] = [await hashDeviceSecret(secret), await hashDeviceSecret(secret)];
    expect(h1).toMatch(/^\$7\$101\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(h1).not.toBe(h2);
    expect(await verifyDeviceSecret(secret, h1)).toBe(true);
    expect(await verifyDeviceSecret(secret, h2)).toBe(true);
  });

  test.each([
    ['another secret', (s: string, h: string) => verifyDeviceSecret(`${s}x`, h)],
    ['an empty secret', (_s: string, h: string) => verifyDeviceSecret('', h)],
    ['a truncated hash', (s: string, h: string) => verifyDeviceSecret(s, h.slice(0, -4))],
    ['a hash of another format', (s: string) => verifyDeviceSecret(s, '$argon2id$v=19$m=1,t=1,p=1$abc$def')],
    ['absurd iterations', (s: string, h: string) => verifyDeviceSecret(s, h.replace('$7$101$', '$7$9999999$'))],
    ['an oversized secret', (_s: string, h: string) => verifyDeviceSecret('x'.repeat(10_000), h)],
  ])('%s does not verify', async (_name, check) => {
    const secret = generateDeviceSecret();
    expect(await check(secret, await hashDeviceSecret(secret))).toBe(false);
  });

  test.each(['', 'short', 'VFSN00001234'])('a secret like %j is refused at stock-in', async (secret) => {
    await expect(hashDeviceSecret(secret)).rejects.toThrow(RangeError);
  });

  test.skipIf(!existsSync(MOSQUITTO_PASSWD))('a hash written by mosquitto_passwd verifies', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vf-passwd-'));
    const file = path.join(dir, 'passwords');
    await promisify(execFile)(MOSQUITTO_PASSWD, ['-b', '-c', file, 'VFSN00000001', 'the-device-secret']);
    const hash = (await readFile(file, 'utf8')).trim().split(':')[1]!;
    await rm(dir, { recursive: true, force: true });
    expect(isMosquittoHash(hash)).toBe(true);
    expect(await verifyDeviceSecret('the-device-secret', hash)).toBe(true);
    expect(await verifyDeviceSecret('the-device-secreT', hash)).toBe(false);
  });
});

describe('Mosquitto auth files', () => {
  test('the password file holds the platform and every valid device, and lists what it left out', async () => {
    const good = await hashDeviceSecret(generateDeviceSecret());
    const credentials = [
      { sn: 'VFSN00000001', passwordHash: good },
      { sn: 'bad:name', passwordHash: good },
      { sn: 'VFSN00000002', passwordHash: 'plaintext' },
      { sn: 'VFSN00000001', passwordHash: good },
    ];
    const file = await renderPasswordFile(credentials, { username: 'voltfleet', password: 'platform-secret' });
    const lines = file.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^voltfleet:\$7\$/);
    expect(await verifyDeviceSecret('platform-secret', lines[0]!.slice('voltfleet:'.length))).toBe(true);
    expect(lines[1]).toBe(`VFSN00000001:${good}`);
    expect(file.skipped).toEqual(['bad:name', 'VFSN00000002', 'VFSN00000001']);
  });

  test('a platform user name that could break the file is refused', async () => {
    await expect(renderPasswordFile([], { username: 'a:b', password: 'x' })).rejects.toThrow();
    await expect(hashMosquittoPassword('any')).resolves.toMatch(/^\$7\$/);
  });

  test('the ACL gives devices their own branches and the platform the uplink and command topics', () => {
    const acl = renderAclFile('voltfleet');
    expect(acl).toContain('pattern write dev/%u/up/#\npattern read dev/%u/down/#');
    expect(acl).toContain('user voltfleet\ntopic read dev/+/up/#\ntopic write dev/+/down/#');
  });
});
