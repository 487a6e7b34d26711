import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, type User } from '@voltfleet/domain/users';
import { type Me } from '@voltfleet/domain/auth';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { multipartUpload, photo, pngClaiming } from '../../test/images.js';

let s: TestServer;
const ids = { dealer: 0, owner: 0, stranger: 0 };
const tokens: Record<string, string> = {};

// admin ─┬─ dealer ── owner
//        └─ stranger          (another branch)
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const personal = await builtinRoleId(s.db, 'personal');
  ids.dealer = (await makeUser(s.db, { username: 'avDealer', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.owner = (await makeUser(s.db, { username: 'avOwner', roleId: personal, superiorId: ids.dealer, level: 3 })).id;
  ids.stranger = (await makeUser(s.db, { username: 'avStranger', roleId: dealer, superiorId: root, level: 1 })).id;
  for (const name of ['avDealer', 'avOwner', 'avStranger']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

const upload = (bytes: Buffer, name: string, type: string, token = tokens.avOwner!, lang = 'en') =>
  multipartUpload<User>(s.app, 'PUT', '/api/auth/me/avatar', { bytes, name, type }, { token, lang });

const storedAvatar = async (userId: number) =>
  (await s.db.query(`SELECT 1 FROM user_avatars WHERE user_id = $1`, [userId])).rows.length;

/** A real JPEG padded with trailing bytes to exactly `size` bytes (decoders stop at its end marker). */
async function jpegOfSize(size: number): Promise<Buffer> {
  const jpeg = await photo(64, 64).jpeg().toBuffer();
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
}

describe('refused avatars', () => {
  it.each([
    [
      'a text file renamed to .png',
      async () => Buffer.from('not a picture at all\n'),
      'me.png',
      'en',
      'Only JPEG, PNG or WebP images can be uploaded',
    ],
    [
      '1 MB + 1 byte',
      () => jpegOfSize(IMAGE_LIMITS.bytes + 1),
      'big.jpg',
      'de',
      'Ein Bild darf höchstens 1 MB groß sein',
    ],
    [
      'a decompression bomb (100000 × 100000 in a few bytes)',
      async () => pngClaiming(100_000, 100_000),
      'bomb.png',
      'cs',
      'Obrázek smí mít nejvýše 24 megapixelů',
    ],
    [
      'a real picture of huge pixel dimensions (6000 × 5000)',
      () => photo(6000, 5000).png({ compressionLevel: 9 }).toBuffer(),
      'wide.png',
      'zh',
      '图片不能超过 24 百万像素',
    ],
  ])(
    'refuses %s with a localised 400 on the file field, and stores nothing',
    async (_what, make, name, lang, message) => {
      const bytes = await make();
      const res = await upload(bytes, name, 'image/png', tokens.avOwner, lang);
      expect(res.status).toBe(400);
      expect(res.body.data.issues[0]).toMatchObject({ path: 'file', message });
      expect(await storedAvatar(ids.owner)).toBe(0);
      const me = await api<Me>(s.app, 'GET', '/api/auth/me', { token: tokens.avOwner });
      expect(me.body.data.user.avatar).toBeNull();
    },
  );
});

describe('an accepted avatar', () => {
  let avatarUrl = '';

  it('is re-encoded to a 256×256 WebP without EXIF, and the account points at it', async () => {
    const withExif = await photo(800, 600)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Home address' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    // Exactly at the limit is still accepted.
    const atLimit = Buffer.concat([withExif, Buffer.alloc(IMAGE_LIMITS.bytes - withExif.length)]);
    const res = await upload(atLimit, 'me.gif', 'image/gif');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('Uploaded');
    avatarUrl = res.body.data.avatar!;
    expect(avatarUrl).toMatch(new RegExp(`^/api/users/${ids.owner}/avatar\\?v=`));

    const served = await s.app.inject({ url: avatarUrl, headers: { token: tokens.avOwner } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toMatch(/private, max-age=\d+/);
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);

    const record = await s.db.query<{ action: string; user_id: number; object_id: string }>(
      `SELECT action, user_id, object_id FROM operation_records WHERE action = 'user.avatar' ORDER BY id DESC LIMIT 1`,
    );
    expect(record.rows[0]).toEqual({ action: 'user.avatar', user_id: ids.owner, object_id: String(ids.owner) });
  });

  it('is seen by the owner and those above them, not by another branch', async () => {
    expect((await s.app.inject({ url: avatarUrl, headers: { token: tokens.avDealer } })).statusCode).toBe(200);
    expect((await s.app.inject({ url: avatarUrl, headers: { token: tokens.avStranger } })).statusCode).toBe(404);
    expect((await s.app.inject({ url: avatarUrl })).statusCode).toBe(401);
  });

  it('only the owner changes theirs: the route has no user id, and another user’s upload changes their own', async () => {
    const before = (await s.db.query(`SELECT data FROM user_avatars WHERE user_id = $1`, [ids.owner])).rows[0];
    const res = await upload(await photo(40, 40).png().toBuffer(), 'x.png', 'image/png', tokens.avDealer);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(ids.dealer);
    const after = (await s.db.query(`SELECT data FROM user_avatars WHERE user_id = $1`, [ids.owner])).rows[0];
    expect(after).toEqual(before);
  });

  it('can be removed by its owner', async () => {
    const res = await api<User>(s.app, 'DELETE', '/api/auth/me/avatar', { token: tokens.avOwner });
    expect(res.status).toBe(200);
    expect(res.body.data.avatar).toBeNull();
    expect(await storedAvatar(ids.owner)).toBe(0);
    expect((await s.app.inject({ url: avatarUrl, headers: { token: tokens.avOwner } })).statusCode).toBe(404);
  });
});
