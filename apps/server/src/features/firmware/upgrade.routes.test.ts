import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimInverter } from '@voltfleet/simulator';
import { connectMqttFleet, type MqttFleet } from '@voltfleet/simulator';
import type { Command } from '@voltfleet/domain/commands';
import {
  adminId,
  api,
  encryptPassword,
  loginToken,
  makeRole,
  makeUser,
  publicKey,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { TestSink } from '../../link/test-support.js';
import { deviceDirectory } from '../devices/device-directory.js';
import { recordReportedVersions } from './firmware.job.js';
import { settleDeviceUpgrades } from './firmware-upgrade.service.js';
import { testSimInverter } from '../../test/sim-inverter.js';

/** The simulated inverters restart this fast instead of R9.2's 20 minutes. */
const RESTART_MS = 800;

let s: TestServer;
let broker: MqttBroker;
let fleet: MqttFleet;
const stops: (() => void)[] = [];
let token = '';
let key = '';
const ids: Record<string, number> = {};
const inverters: Record<string, SimInverter> = {};
let pcuImage = 0;
let n = 0;
const idem = () => `upgrade-test-${++n}`;

function simInverter(sn: string): SimInverter {
  return testSimInverter(sn, { model: '5K', pv1PeakW: 3000, pv2PeakW: 2000, dspVersion: 'V105A00D00', seed: 7 });
}

const upgrade = (deviceId: number, body: Record<string, unknown>, lang = 'en') =>
  api<{ upgradeId: number; commandId: number; restartUntil: string; rule?: string }>(
    s.app,
    'POST',
    `/api/devices/${deviceId}/upgrade`,
    { token, lang, body: { imageIds: [pcuImage], password: encryptPassword(key, 'Passw0rd-1'), ...body } },
  );

const command = async (id: number) => (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data;

async function deviceRow(id: number) {
  const { rows } = await s.db.query<{ pcu_version: string; restart_until: Date | null }>(
    `SELECT pcu_version, restart_until FROM devices WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

async function upgradeRow(id: number) {
  const { rows } = await s.db.query<{ status: string; reason: string | null; command_id: string }>(
    `SELECT status, reason, command_id FROM device_upgrades WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

beforeAll(async () => {
  s = await startTestServer();
  broker = await startMqttBroker({
    port: 0,
    host: '127.0.0.1',
    directory: deviceDirectory(s.db),
    sink: new TestSink(),
  });
  stops.push(s.app.commands.attach(broker, { offlineSeconds: 300, pollMs: 100 }));
  stops.push(recordReportedVersions(s.db, broker.events, s.app.log));
  const root = await adminId(s.db);
  const role = await makeRole(s.db, 'upgrader', ['B', 'B/E', 'B/E:command.issue', 'B/E:firmware.upgrade']);
  const user = await makeUser(s.db, { username: 'upgrader', roleId: role, superiorId: root });
  const members: { inverter: SimInverter; secret: string }[] = [];
  for (const sn of ['VFUPGR0001', 'VFUPGR0002']) {
    const secret = generateDeviceSecret();
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, pcu_version, dsp_version, secret_hash, activated_at, last_seen_at)
       VALUES ($1, 'inverter', '5K', $2, '4.0.0', 'V105A00D00', $3, now(), now()) RETURNING id`,
      [sn, user.id, await hashDeviceSecret(secret)],
    );
    ids[sn] = rows[0]!.id;
    inverters[sn] = simInverter(sn);
    members.push({ inverter: inverters[sn], secret });
  }
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO firmware_images (kind, family, version, size_bytes, sha256, file_name, storage_name, uploaded_by)
     VALUES ('PCU', '5K', '4.1.0', 4096, $1, 'pcu-5k-4.1.0.bin', 'upgrade-test-image', $2) RETURNING id`,
    ['ab'.repeat(32), root],
  );
  pcuImage = rows[0]!.id;
  fleet = await connectMqttFleet(`mqtt://127.0.0.1:${broker.port}`, members, { upgradeRestartMs: RESTART_MS });
  token = await loginToken(s.app, 'upgrader', 'Passw0rd-1');
  key = await publicKey(s.app);
});

afterAll(async () => {
  await fleet.close();
  stops.forEach((stop) => stop());
  await broker.close();
  await s.close();
});

describe('firmware upgrade through the command lifecycle with a simulated MQTT inverter', () => {
  it('refuses while the inverter is on, then upgrades it after a shutdown and settles by the reported version', async () => {
    const sn = 'VFUPGR0001';
    const id = ids[sn]!;
    // The device reported its versions when it connected.
    await expect.poll(() => deviceRow(id).then((r) => r.pcu_version)).toBe('4.0.0');
    await s.db.query(
      `INSERT INTO device_parameters (device_id, key, value) VALUES ($1, 'onOff', 1)
       ON CONFLICT (device_id, key) DO UPDATE SET value = 1, reported_at = now()`,
      [id],
    );

    const refused = await upgrade(id, { idempotencyKey: idem() });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ rule: 'shutdownFirst' });
    expect(refused.body.msg).toBe('Shut the inverter down first: issue the shutdown command before the upgrade');
    expect((await s.db.query(`SELECT 1 FROM commands WHERE kind = 'firmwareUpgrade'`)).rows).toEqual([]);

    // The shutdown command, issued in advance; the inverter reports onOff = 0 back.
    const off = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
      token,
      body: { deviceIds: [id], kind: 'powerOff', password: encryptPassword(key, 'Passw0rd-1'), idempotencyKey: idem() },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await expect
      .poll(() => command(off.body.data.commands[0]!.id).then((c) => c.status), { timeout: 5000 })
      .toBe('succeeded');
    expect(inverters[sn]!.parameters.onOff).toBe(0);

    const idempotencyKey = idem();
    const accepted = await upgrade(id, { idempotencyKey });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.msg).toBe('Issued successfully');
    const { upgradeId, commandId, restartUntil } = accepted.body.data;
    expect(new Date(restartUntil).getTime() - Date.now()).toBeGreaterThan(19 * 60 * 1000);
    // A double click answers the same upgrade and sends nothing more.
    const again = await upgrade(id, { idempotencyKey });
    expect(again.body.data).toEqual(accepted.body.data);

    // The inverter accepted the image and restarts: no readings meanwhile, the command waits acknowledged.
    await expect.poll(() => command(commandId).then((c) => c.status), { timeout: 5000 }).toBe('acknowledged');
    expect(await command(commandId)).toMatchObject({
      kind: 'firmwareUpgrade',
      category: 'firmware',
      parameters: { imageId: pcuImage },
    });
    expect(fleet.firmware.get(sn)!.restartingAt(Date.now())).toBe(true);
    const before = fleet.devices.get(sn)!.unacknowledged + fleet.devices.get(sn)!.acknowledged;
    fleet.onReading(inverters[sn]!.reading(Date.now()), inverters[sn]!);
    expect(fleet.devices.get(sn)!.unacknowledged + fleet.devices.get(sn)!.acknowledged).toBe(before);
    expect(await settleDeviceUpgrades(s.db)).toEqual([]);
    expect((await deviceRow(id)).restart_until).not.toBeNull();

    // Back from the restart, it reports the new version; the job settles the upgrade and its command.
    await expect.poll(() => deviceRow(id).then((r) => r.pcu_version), { timeout: 5000 }).toBe('4.1.0');
    const published: { id: number; status: string }[] = [];
    expect(await settleDeviceUpgrades(s.db, new Date(), (c) => published.push(c))).toEqual([
      expect.objectContaining({ id: upgradeId, device_id: id, status: 'succeeded' }),
    ]);
    expect(published).toEqual([expect.objectContaining({ id: commandId, status: 'succeeded' })]);
    expect(await command(commandId)).toMatchObject({ status: 'succeeded' });
    expect(await upgradeRow(upgradeId)).toMatchObject({ status: 'succeeded', reason: null });
    expect((await deviceRow(id)).restart_until).toBeNull();
  });

  it('fails the upgrade with the device reason when the inverter refuses the image', async () => {
    const sn = 'VFUPGR0002';
    const id = ids[sn]!;
    // The platform believes the inverter is off (a stale read-back) but it is running: it refuses.
    await s.db.query(`INSERT INTO device_parameters (device_id, key, value) VALUES ($1, 'onOff', 0)`, [id]);
    const accepted = await upgrade(id, { idempotencyKey: idem() }, 'de');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const { upgradeId, commandId } = accepted.body.data;
    await expect.poll(() => command(commandId).then((c) => c.status), { timeout: 5000 }).toBe('failed');
    expect((await command(commandId)).reason).toBe('notShutDown');
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({ id: upgradeId, status: 'failed', reason: 'command:notShutDown' }),
    ]);
    expect((await deviceRow(id)).restart_until).toBeNull();
    expect((await deviceRow(id)).pcu_version).toBe('4.0.0');
  });

  it('answers 404 for a device outside the caller scope and 403 without the permission', async () => {
    const root = await adminId(s.db);
    const role = await makeRole(s.db, 'issuerOnly', ['B', 'B/E', 'B/E:command.issue']);
    await makeUser(s.db, { username: 'issuerOnly', roleId: role, superiorId: root });
    const other = await loginToken(s.app, 'issuerOnly', 'Passw0rd-1');
    const body = { imageIds: [pcuImage], password: encryptPassword(key, 'Passw0rd-1') };
    const forbidden = await api(s.app, 'POST', `/api/devices/${ids.VFUPGR0001}/upgrade`, { token: other, body });
    expect(forbidden.status).toBe(403);
    const missing = await upgrade(999_999, {});
    expect(missing.status).toBe(404);
  });

  it('the command form cannot issue an upgrade (only the upgrade route checks the rules)', async () => {
    const res = await api(s.app, 'POST', '/api/commands', {
      token,
      body: { deviceIds: [ids.VFUPGR0001], kind: 'firmwareUpgrade', idempotencyKey: idem() },
    });
    expect(res.status).toBe(400);
  });
});
