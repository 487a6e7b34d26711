import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES, type FirmwareImage, type FirmwareOptions } from '@voltfleet/domain/firmware';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  encryptPassword,
  loginToken,
  publicKey,
  makeRole,
  makeUser,
  startTestServer,
  type ApiAnswer,
  type TestServer,
} from '../../test/harness.js';
import { ensurePartitions } from '../telemetry/ingest.repository.js';
import { loadLoginKey } from '../auth/login-key.js';
import type { Caller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { settleUpgrades } from './firmware.repository.js';
import { authoriseUpgrade, recordUpgrade, settleDeviceUpgrades } from './firmware-upgrade.service.js';

let s: TestServer;
let dataDir: string;
const tokens: Record<string, string> = {};
const callers: Record<string, Caller> = {};
const devices: Record<string, number> = {};

/** Posts a multipart form with text fields and one file, like the catalogue page. */
async function uploadForm(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  token = tokens.operator,
  lang = 'en',
): Promise<ApiAnswer<FirmwareImage>> {
  const boundary = '----voltfleet-firmware-test';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/firmware',
    headers: {
      ...(token ? { token } : {}),
      'accept-language': lang,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const bytes = (seed: string, size = 4096) => Buffer.alloc(size, seed);

async function image(kind: string, family: string, version: string): Promise<FirmwareImage> {
  const res = await uploadForm(
    { kind, family, version },
    { name: `${kind}-${family}-${version}.bin`, bytes: bytes(version) },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function inverter(sn: string, ownerId: number, model: string, pcu: string, dsp: string): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, pcu_version, dsp_version, activated_at)
     VALUES ($1, 'inverter', $2, $3, $4, $5, now()) RETURNING id`,
    [sn, model, ownerId, pcu, dsp],
  );
  devices[sn] = rows[0]!.id;
  return rows[0]!.id;
}

/** The inverter's newest reading says it is on (1) or shut down (0). */
async function reportOnOff(deviceId: number, onOff: 0 | 1, agoS = 0): Promise<void> {
  await ensurePartitions(s.db, [new Date(Date.now() - agoS * 1000).toISOString().slice(0, 7)]);
  await s.db.query(
    `INSERT INTO readings (device_id, ts, pcs_on_off) VALUES ($1, now() - make_interval(secs => $3::int), $2)`,
    [deviceId, onOff, agoS],
  );
}

const options = (deviceId: number, token = tokens.operator, lang = 'en') =>
  api<FirmwareOptions>(s.app, 'GET', `/api/devices/${deviceId}/firmware-options`, { token, lang });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vf-firmware-'));
  s = await startTestServer({ DATA_DIR: dataDir });
  const admin = await adminId(s.db);
  const operatorRole = await makeRole(s.db, 'fw operator', ['B', 'B/E', 'B/E:firmware.manage', 'B/E:firmware.upgrade']);
  const installerRole = await makeRole(s.db, 'fw installer', ['B', 'B/E', 'B/E:firmware.upgrade']);
  const operator = await makeUser(s.db, { username: 'fwoperator', roleId: operatorRole, superiorId: admin });
  const installer = await makeUser(s.db, { username: 'fwinstaller', roleId: installerRole, superiorId: operator.id });
  const other = await makeUser(s.db, { username: 'fwother', roleId: installerRole, superiorId: admin });
  const caller = (id: number, path: string, username: string): Caller => ({
    id,
    path,
    username,
    level: 1,
    roleId: installerRole,
    permissions: new Set(['B/E:firmware.upgrade']),
    approved: true,
    tokenHash: '',
  });
  callers.installer = caller(installer.id, installer.path, 'fwinstaller');
  callers.other = caller(other.id, other.path, 'fwother');
  tokens.operator = await loginToken(s.app, 'fwoperator', 'Passw0rd-1');
  tokens.installer = await loginToken(s.app, 'fwinstaller', 'Passw0rd-1');
  tokens.other = await loginToken(s.app, 'fwother', 'Passw0rd-1');
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  await inverter('VFFWINST0001', installer.id, '5K', '4.0.0', 'V105A00D00');
  await inverter('VFFWOTHR0001', other.id, '5K', '4.0.0', 'V105A00D00');
});

afterAll(async () => {
  await s?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('firmware catalogue upload', () => {
  it('stores the file under DATA_DIR/firmware with its SHA-256 and lists it', async () => {
    const file = bytes('p', 10_000);
    const res = await uploadForm(
      { kind: 'PCU', family: '5K', version: '4.1.0', notes: 'field fix' },
      { name: 'pcu.bin', bytes: file },
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Uploaded');
    const expected = createHash('sha256').update(file).digest('hex');
    expect(res.body.data).toMatchObject({
      kind: 'PCU',
      family: '5K',
      version: '4.1.0',
      sizeBytes: 10_000,
      sha256: expected,
    });
    const stored = await readdir(path.join(dataDir, 'firmware'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain('pcu');
    expect(await readFile(path.join(dataDir, 'firmware', stored[0]!))).toEqual(file);
    const list = await api<FirmwareImage[]>(s.app, 'GET', '/api/firmware', { token: tokens.operator });
    expect(list.body.data.map((i) => i.version)).toEqual(['4.1.0']);
    await api(s.app, 'DELETE', `/api/firmware/${res.body.data.id}`, { token: tokens.operator });
  });

  it.each([
    [{ kind: 'PCU', family: '5K', version: 'V201A00D00' }, 'A PCU version has the form x.y.z, e.g. 4.0.0'],
    [{ kind: 'DSP', family: '5K', version: '4.0.0' }, 'A DSP version has the form VxxxAxxDxx, e.g. V201A00D00'],
    [{ kind: 'MCU', family: '5K', version: '4.0.0' }, 'The firmware kind must be PCU or DSP'],
    [{ kind: 'PCU', family: '8K', version: '4.0.0' }, 'The model family must be 5K, 6K or 10K'],
    [{ family: '5K', version: '4.0.0' }, 'The firmware kind must be PCU or DSP'],
  ])('refuses %j with a clear message and stores nothing', async (fields, message) => {
    const res = await uploadForm(fields, { name: 'x.bin', bytes: bytes('x') });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message);
    expect((await api<FirmwareImage[]>(s.app, 'GET', '/api/firmware', { token: tokens.operator })).body.data).toEqual(
      [],
    );
  });

  it('refuses a missing, empty or oversized file', async () => {
    const fields = { kind: 'PCU', family: '5K', version: '4.2.0' };
    expect((await uploadForm(fields, null)).body.msg).toBe('Choose a firmware file');
    expect((await uploadForm(fields, { name: 'e.bin', bytes: Buffer.alloc(0) })).body.msg).toBe(
      'The firmware file is empty',
    );
    const big = await uploadForm(
      fields,
      { name: 'big.bin', bytes: Buffer.alloc(FIRMWARE_MAX_BYTES + 1, 1) },
      tokens.operator,
      'de',
    );
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('Die Firmware-Datei darf 8 MB nicht überschreiten');
    expect((await api<FirmwareImage[]>(s.app, 'GET', '/api/firmware', { token: tokens.operator })).body.data).toEqual(
      [],
    );
  });

  it('refuses a second image of the same kind, family and version', async () => {
    const first = await image('DSP', '10K', 'V205A00D00');
    const again = await uploadForm(
      { kind: 'DSP', family: '10K', version: 'V205A00D00' },
      { name: 'a.bin', bytes: bytes('a') },
    );
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('An image of this kind and version already exists for this model');
    await api(s.app, 'DELETE', `/api/firmware/${first.id}`, { token: tokens.operator });
  });

  it('needs the operator permission to upload, list or delete', async () => {
    const res = await uploadForm(
      { kind: 'PCU', family: '5K', version: '4.3.0' },
      { name: 'a.bin', bytes: bytes('a') },
      tokens.installer,
    );
    expect(res.status).toBe(403);
    expect((await api(s.app, 'GET', '/api/firmware', { token: tokens.installer })).status).toBe(403);
    expect((await api(s.app, 'DELETE', '/api/firmware/1', { token: tokens.installer })).status).toBe(403);
    expect((await uploadForm({}, null, '')).status).toBe(401);
  });

  it('writes an operation record for an upload', async () => {
    const uploaded = await image('PCU', '6K', '4.4.0');
    const { rows } = await s.db.query<{ action: string; object_id: string }>(
      `SELECT action, object_id FROM operation_records WHERE action = 'firmware.upload' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ action: 'firmware.upload', object_id: String(uploaded.id) });
    await api(s.app, 'DELETE', `/api/firmware/${uploaded.id}`, { token: tokens.operator });
  });
});

describe('firmware delete', () => {
  it('deletes the row and the file, and refuses while an open upgrade uses the image', async () => {
    const used = await image('PCU', '5K', '4.5.0');
    const adminUser = await adminId(s.db);
    await s.db.query(
      `INSERT INTO device_upgrades (device_id, image_id, kind, from_version, target_version, user_id, restart_until)
       VALUES ($1, $2, 'PCU', '4.0.0', '4.5.0', $3, now() + interval '20 minutes')`,
      [devices.VFFWOTHR0001!, used.id, adminUser],
    );
    const refused = await api(s.app, 'DELETE', `/api/firmware/${used.id}`, { token: tokens.operator, lang: 'cs' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Obraz používá aktualizace a nelze jej smazat');
    // The restart wait ends without the target version: the upgrade failed and the image is free again.
    const settled = await settleUpgrades(s.db, new Date(Date.now() + 21 * 60 * 1000));
    expect(settled).toEqual([expect.objectContaining({ device_id: devices.VFFWOTHR0001, status: 'failed' })]);
    const deleted = await api(s.app, 'DELETE', `/api/firmware/${used.id}`, { token: tokens.operator });
    expect(deleted.status).toBe(200);
    expect(await readdir(path.join(dataDir, 'firmware'))).toEqual([]);
    expect((await api(s.app, 'DELETE', `/api/firmware/${used.id}`, { token: tokens.operator })).status).toBe(404);
  });
});

describe('firmware options of a device', () => {
  it('says no version is available when nothing fits', async () => {
    const res = await options(devices.VFFWINST0001!, tokens.installer, 'zh');
    expect(res.status).toBe(200);
    expect(res.body.data.noVersionMessage).toBe('当前设备没有可用的版本');
  });

  it('lists every image with the rule that refuses it, in the caller language', async () => {
    const pcu = await image('PCU', '5K', '4.1.0');
    const tenK = await image('PCU', '10K', '4.1.0');
    const dsp = await image('DSP', '5K', 'V110A00D00');
    const id = devices.VFFWINST0001!;
    await reportOnOff(id, 1, 60);
    let res = await options(id, tokens.installer);
    const byId = (o: FirmwareOptions, imageId: number) => o.options.find((x) => x.image.id === imageId)!;
    expect(res.body.data.noVersionMessage).toBeNull();
    expect(byId(res.body.data, pcu.id)).toMatchObject({ available: true, rule: 'shutdownFirst' });
    expect(byId(res.body.data, tenK.id)).toMatchObject({
      available: false,
      rule: 'familyMismatch',
      reason: '5K and 10K software must not be mixed: choose an image for the device model',
    });
    expect(byId(res.body.data, dsp.id)).toMatchObject({ available: false, rule: 'pcuFirst' });
    // A shutdown command read back as off counts before the next reading arrives.
    await s.db.query(
      `INSERT INTO device_parameters (device_id, key, value, reported_at) VALUES ($1, 'onOff', 0, now() - interval '30 seconds')`,
      [id],
    );
    res = await options(id, tokens.installer);
    expect(res.body.data.poweredOff).toBe(true);
    await reportOnOff(id, 1);
    expect((await options(id, tokens.installer)).body.data.poweredOff).toBe(false);
    await reportOnOff(id, 0);
    res = await options(id, tokens.installer);
    expect(res.body.data.poweredOff).toBe(true);
    expect(byId(res.body.data, pcu.id)).toMatchObject({ available: true, rule: null, reason: null });
  });

  it('answers 404 for a device outside the caller subtree, and 403 without the permission', async () => {
    expect((await options(devices.VFFWOTHR0001!, tokens.installer)).status).toBe(404);
    expect((await options(999_999, tokens.installer)).status).toBe(404);
    expect((await options(devices.VFFWOTHR0001!, tokens.other)).status).toBe(200);
    const noPerm = await makeRole(s.db, 'fw viewer', ['B', 'B/A']);
    await makeUser(s.db, { username: 'fwviewer', roleId: noPerm, superiorId: await adminId(s.db) });
    const viewer = await loginToken(s.app, 'fwviewer', 'Passw0rd-1');
    expect((await options(devices.VFFWOTHR0001!, viewer)).status).toBe(403);
  });
});

describe('upgrade authorisation, restart wait and outcome', () => {
  const refusal = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    const data = e.data as { rule?: string; issues?: { key: string }[] } | null;
    return { code: e.code, key: data?.issues?.[0]?.key ?? e.messageKey, rule: data?.rule };
  };

  it('enforces every rule on the server, checks the password, then records the 20-minute restart', async () => {
    const loginKey = await loadLoginKey(s.db);
    const deps = { db: s.db, loginKey };
    const key = await publicKey(s.app);
    const password = () => encryptPassword(key, 'Passw0rd-1');
    const id = await inverter('VFFWUPGR0001', callers.installer!.id, '5K', '4.0.0', 'V105A00D00');
    const images = (await api<FirmwareImage[]>(s.app, 'GET', '/api/firmware', { token: tokens.operator })).body.data;
    const find = (kind: string, family: string, version: string) =>
      images.find((i) => i.kind === kind && i.family === family && i.version === version)!.id;
    const pcu = find('PCU', '5K', '4.1.0');
    const dsp = find('DSP', '5K', 'V110A00D00');
    const tenK = find('PCU', '10K', '4.1.0');
    const ask = (imageIds: number[], who = callers.installer!, pw = password()) =>
      authoriseUpgrade(deps, who, id, { imageIds, password: pw });

    await reportOnOff(id, 1);
    expect(await refusal(ask([pcu]))).toEqual({
      code: 'validation',
      key: 'firmware.rule.shutdownFirst',
      rule: 'shutdownFirst',
    });
    await reportOnOff(id, 0);
    expect(await refusal(ask([pcu, dsp]))).toMatchObject({ key: 'firmware.rule.pcuDspTogether' });
    expect(await refusal(ask([tenK]))).toMatchObject({ key: 'firmware.rule.familyMismatch' });
    expect(await refusal(ask([dsp]))).toMatchObject({ key: 'firmware.rule.pcuFirst' });
    expect(await refusal(ask([999_999]))).toMatchObject({ code: 'not_found' });
    expect(await refusal(ask([pcu], callers.other!))).toMatchObject({ code: 'not_found' });
    expect(await refusal(ask([pcu], callers.installer!, encryptPassword(key, 'wrong-pass')))).toMatchObject({
      key: 'firmware.passwordWrong',
    });

    const now = new Date();
    const { device, image } = await ask([pcu]);
    const recorded = await recordUpgrade(s.db, callers.installer!, device, image, null, now);
    expect(recorded.restartUntil.getTime() - now.getTime()).toBe(20 * 60 * 1000);
    const opts = await options(id, tokens.installer);
    expect(opts.body.data.restartUntil).toBe(recorded.restartUntil.toISOString());
    // The DSP cannot follow while the PCU upgrade is open: never together.
    expect(await refusal(ask([dsp]))).toMatchObject({ rule: 'pcuDspTogether' });
    expect(await refusal(ask([pcu]))).toMatchObject({ rule: 'upgradeInProgress' });

    // Not yet reported: still restarting. Then the device reports the target version: succeeded.
    expect(await settleDeviceUpgrades(s.db, now)).toEqual([]);
    await s.db.query(`UPDATE devices SET pcu_version = '4.1.0' WHERE id = $1`, [id]);
    expect(await settleDeviceUpgrades(s.db, new Date(now.getTime() + 60_000))).toEqual([
      { id: recorded.upgradeId, device_id: id, command_id: null, status: 'succeeded', reason: null },
    ]);
    const { rows } = await s.db.query<{ restart_until: Date | null }>(
      `SELECT restart_until FROM devices WHERE id = $1`,
      [id],
    );
    expect(rows[0]!.restart_until).toBeNull();
    // Now on PCU 4.1.0, the newest: the DSP upgrade is accepted.
    await expect(ask([dsp])).resolves.toMatchObject({ image: { id: dsp } });
  });
});
