import { osimDeviceRecords } from '../features/devices/osim-device-records.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '@voltfleet/domain/commands';
import type { FirmwareImage } from '@voltfleet/domain/firmware';
import { upgradeStepOf, type OsimFrame } from '@voltfleet/osim';
import type { SimInverter } from '@voltfleet/simulator';
import { OsimDevice, simulatedImage } from '@voltfleet/simulator';
import { deviceDirectory } from '../features/devices/device-directory.js';
import { recordReportedVersions } from '../features/firmware/firmware.job.js';
import { firmwareImageLoader } from '../features/firmware/firmware.service.js';
import { settleDeviceUpgrades } from '../features/firmware/firmware-upgrade.service.js';
import {
  adminId,
  api,
  encryptPassword,
  loginToken,
  publicKey,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../test/harness.js';
import { osimCommandLink } from './osim-commands.js';
import { OsimGateway } from './osim-gateway.js';
import { OSIM_UPGRADE_REASONS, upgradeResultReason } from './osim-upgrade.js';
import { sleep, TestSink } from './test-support.js';
import { testSimInverter } from '../test/sim-inverter.js';

/** The simulated inverters restart this fast instead of R9.2's 20 minutes. */
const RESTART_MS = 800;
/** Small images: 40 data frames of 128 bytes. */
const IMAGE_BYTES = 5000;

let s: TestServer;
let dataDir = '';
let gateway: OsimGateway;
const stops: (() => void)[] = [];
const devices: OsimDevice[] = [];
let token = '';
let key = '';
const images: Record<string, number> = {};
let n = 0;
const idem = () => `osim-upgrade-test-${++n}-${randomUUID()}`;

function simInverter(sn: string): SimInverter {
  return testSimInverter(sn, { pv1PeakW: 6000, pv2PeakW: 4000, seed: 3 });
}

/** Uploads an image through the catalogue route, like the firmware page. */
async function upload(version: string, bytes: Buffer, kind: 'PCU' | 'DSP' = 'PCU'): Promise<number> {
  const boundary = '----voltfleet-osim-upgrade-test';
  const fields = { kind, family: '10K', version };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${kind.toLowerCase()}-${version}.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/firmware',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FirmwareImage }>().data.id;
}

async function stockIn(sn: string): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, pcu_version, dsp_version, activated_at)
     VALUES ($1, 'inverter', '10K', $2, '', 'V201A00D00', now()) RETURNING id`,
    [sn, await adminId(s.db)],
  );
  return rows[0]!.id;
}

/** What a test does to the upgrade frames reaching the simulated inverter. */
type Fault = (step: string, index: number, device: OsimDevice) => 'pass' | 'corrupt' | 'silent' | 'vanish';

/** An OSIM inverter dialling the gateway, identified and its version stored; `steps` records its upgrade frames. */
async function connect(deviceId: number, inverter: SimInverter, pcuVersion: number, fault?: Fault) {
  const device = new OsimDevice({
    host: '127.0.0.1',
    port: gateway.port,
    inverter,
    pcuVersion,
    reconnectMs: 200,
    upgradeRestartMs: RESTART_MS,
  });
  const steps: string[] = [];
  const receive = device.upgrade.receive.bind(device.upgrade);
  device.upgrade.receive = (frame: OsimFrame, version: number, nowMs: number) => {
    const step = upgradeStepOf(frame) ?? '?';
    steps.push(step);
    const action = fault?.(step, steps.length - 1, device) ?? 'pass';
    if (action === 'silent') return { replies: [] };
    if (action === 'vanish') {
      device.drop();
      return { replies: [] };
    }
    // A byte the inverter's memory stored wrong: its CRC check must catch it.
    const data = action === 'corrupt' ? frame.data.map((b, i) => (i === 0 ? b ^ 0xff : b)) : frame.data;
    return receive({ ...frame, data }, version, nowMs);
  };
  devices.push(device);
  await device.start();
  await expect.poll(() => gateway.isConnected(inverter.sn), { timeout: 5000 }).toBe(true);
  await expect.poll(() => deviceRow(deviceId).then((r) => r.osim_pcu_version), { timeout: 5000 }).toBe(pcuVersion);
  await expect.poll(() => deviceRow(deviceId).then((r) => r.pcu_version), { timeout: 5000 }).not.toBe('');
  return { device, steps };
}

const command = async (id: number) => (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data;

async function dspVersionOf(id: number): Promise<string> {
  const { rows } = await s.db.query<{ dsp_version: string }>(`SELECT dsp_version FROM devices WHERE id = $1`, [id]);
  return rows[0]!.dsp_version;
}

async function deviceRow(id: number) {
  const { rows } = await s.db.query<{ pcu_version: string; osim_pcu_version: number | null }>(
    `SELECT pcu_version, osim_pcu_version FROM devices WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

/** Marks the inverter shut down in the simulation and in the platform's record (the shutdown command's read-back). */
async function shutDown(inverter: SimInverter, deviceId: number) {
  expect(inverter.applyParameters({ onOff: 0 }).ok).toBe(true);
  await s.db.query(
    `INSERT INTO device_parameters (device_id, key, value) VALUES ($1, 'onOff', 0)
     ON CONFLICT (device_id, key) DO UPDATE SET value = 0, reported_at = now()`,
    [deviceId],
  );
}

async function issueUpgrade(deviceId: number, imageId: number) {
  const res = await api<{ upgradeId: number; commandId: number }>(s.app, 'POST', `/api/devices/${deviceId}/upgrade`, {
    token,
    body: { imageIds: [imageId], password: encryptPassword(key, TEST_ADMIN_PASSWORD), idempotencyKey: idem() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The command's outcome (an upgrade is acknowledged while its image travels; that is not an outcome yet). */
async function finalStatus(commandId: number): Promise<Command> {
  await expect
    .poll(() => command(commandId).then((c) => c.status), { timeout: 10_000 })
    .toMatch(/^(succeeded|failed|timed_out)$/);
  return command(commandId);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vf-osim-upgrade-'));
  s = await startTestServer({ DATA_DIR: dataDir });
  gateway = await OsimGateway.start({
    port: 0,
    host: '127.0.0.1',
    devices: deviceDirectory(s.db),
    sink: new TestSink(),
    records: osimDeviceRecords(s.db),
    pollIntervalMs: 60_000,
    requestTimeoutMs: 1000,
  });
  const link = osimCommandLink(gateway, undefined, firmwareImageLoader(s.db, dataDir));
  stops.push(s.app.commands.attach(link, { offlineSeconds: 300, pollMs: 100, protocol: 'osim' }));
  stops.push(recordReportedVersions(s.db, gateway.events, s.app.log));
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  key = await publicKey(s.app);
  images['4.0.0'] = await upload(
    '4.0.0',
    simulatedImage({ kind: 'PCU', family: '10K', version: '4.0.0' }, IMAGE_BYTES),
  );
  images['4.1.0'] = await upload(
    '4.1.0',
    simulatedImage({ kind: 'PCU', family: '10K', version: '4.1.0' }, IMAGE_BYTES),
  );
});

afterAll(async () => {
  for (const d of devices) await d.close();
  stops.forEach((stop) => stop());
  await gateway.close();
  await s.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('OSIM identification', () => {
  it.each([
    [603, '6.0.3'],
    [321, '3.2.1'],
  ])('stores PCU version %i as %s beside the OSIM integer', async (osimVersion, dotted) => {
    const sn = `VFOSIMID${osimVersion}`;
    const id = await stockIn(sn);
    await connect(id, simInverter(sn), osimVersion);
    await expect
      .poll(() => deviceRow(id), { timeout: 5000 })
      .toEqual({ pcu_version: dotted, osim_pcu_version: osimVersion });
  });
});

describe('firmware upgrade of an OSIM inverter over real TCP', () => {
  it('shuts down, transfers the image, restarts and succeeds by the version 98 reports', async () => {
    const sn = 'VFOSIMUP0001';
    const id = await stockIn(sn);
    const inverter = simInverter(sn);
    const { steps } = await connect(id, inverter, 400);
    expect((await deviceRow(id)).pcu_version).toBe('4.0.0');

    const off = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
      token,
      body: {
        deviceIds: [id],
        kind: 'powerOff',
        password: encryptPassword(key, TEST_ADMIN_PASSWORD),
        idempotencyKey: idem(),
      },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await finalStatus(off.body.data.commands[0]!.id)).status).toBe('succeeded');

    const { upgradeId, commandId } = await issueUpgrade(id, images['4.1.0']!);
    // Start, every part in order, run: each answered before the next.
    await expect.poll(() => steps.length, { timeout: 10_000 }).toBe(1 + Math.ceil(IMAGE_BYTES / 128) + 1);
    expect(steps[0]).toBe('startPcu');
    expect(steps.slice(1, -1).every((step) => step === 'data')).toBe(true);
    expect(steps.at(-1)).toBe('runPcu');
    // The inverter accepted the image and restarts: the command waits acknowledged for the version.
    await expect.poll(() => command(commandId).then((c) => c.status), { timeout: 5000 }).toBe('acknowledged');
    expect(await command(commandId)).toMatchObject({ kind: 'firmwareUpgrade', category: 'firmware' });
    await expect.poll(() => gateway.isConnected(sn), { timeout: 5000 }).toBe(false);

    // Back from the restart it reports 410 in 98: stored as 4.1.0, and the upgrade job settles both.
    await expect
      .poll(() => deviceRow(id), { timeout: 10_000 })
      .toEqual({ pcu_version: '4.1.0', osim_pcu_version: 410 });
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({ id: upgradeId, device_id: id, status: 'succeeded' }),
    ]);
    expect(await command(commandId)).toMatchObject({ status: 'succeeded', reason: null });
    expect(inverter.pcuVersion).toBe('4.1.0');
  });

  it('a DSP upgrade succeeds by the DSP version 0B reports after the restart', async () => {
    const sn = 'VFOSIMUP0006';
    const id = await stockIn(sn);
    const inverter = simInverter(sn);
    const dspImage = await upload(
      'V210A00D00',
      simulatedImage({ kind: 'DSP', family: '10K', version: 'V210A00D00' }, IMAGE_BYTES),
      'DSP',
    );
    const { steps } = await connect(id, inverter, 603);
    await shutDown(inverter, id);
    const { upgradeId, commandId } = await issueUpgrade(id, dspImage);
    await expect.poll(() => steps.at(-1), { timeout: 10_000 }).toBe('runDsp');
    expect(steps[0]).toBe('startDsp');
    await expect.poll(() => gateway.isConnected(sn), { timeout: 5000 }).toBe(false);
    // Back from the restart its first poll's 0B says 210 and 0: V210A00D00, and the upgrade job settles both.
    await expect.poll(() => dspVersionOf(id), { timeout: 10_000 }).toBe('V210A00D00');
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({ id: upgradeId, device_id: id, status: 'succeeded' }),
    ]);
    expect(await command(commandId)).toMatchObject({ status: 'succeeded', reason: null });
    // The PCU version stays what 98 reports.
    expect(await deviceRow(id)).toEqual({ pcu_version: '6.0.3', osim_pcu_version: 603 });
  });

  it('a running inverter refuses the start: the command fails with its result code, nothing is transferred', async () => {
    const sn = 'VFOSIMUP0002';
    const id = await stockIn(sn);
    const inverter = simInverter(sn);
    const { steps } = await connect(id, inverter, 400);
    await shutDown(inverter, id);
    // Switched on again at the inverter itself: the platform still believes it is off.
    expect(inverter.applyParameters({ onOff: 1 }).ok).toBe(true);
    const { upgradeId, commandId } = await issueUpgrade(id, images['4.1.0']!);
    const done = await finalStatus(commandId);
    expect(done).toMatchObject({ status: 'failed', reason: upgradeResultReason('0001') });
    expect(steps).toEqual(['startPcu']);
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({ id: upgradeId, status: 'failed', reason: `command:${upgradeResultReason('0001')}` }),
    ]);
    expect((await deviceRow(id)).pcu_version).toBe('4.0.0');
  });

  it('an image whose CRC does not match on the inverter fails with the CRC code and no restart (layout before 400)', async () => {
    const sn = 'VFOSIMUP0003';
    const id = await stockIn(sn);
    const inverter = simInverter(sn);
    await connect(id, inverter, 321, (step, index) => (step === 'data' && index === 7 ? 'corrupt' : 'pass'));
    await shutDown(inverter, id);
    expect((await deviceRow(id)).pcu_version).toBe('3.2.1');
    const { upgradeId, commandId } = await issueUpgrade(id, images['4.0.0']!);
    expect(await finalStatus(commandId)).toMatchObject({ status: 'failed', reason: upgradeResultReason('0005') });
    await sleep(RESTART_MS + 300);
    expect(gateway.isConnected(sn)).toBe(true);
    expect((await deviceRow(id)).pcu_version).toBe('3.2.1');
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({ id: upgradeId, status: 'failed', reason: `command:${upgradeResultReason('0005')}` }),
    ]);
  });

  it('a connection lost mid-transfer fails the command, keeps the old version and is never retried', async () => {
    const sn = 'VFOSIMUP0004';
    const id = await stockIn(sn);
    const inverter = simInverter(sn);
    const first = await connect(id, inverter, 400, (step, index) =>
      step === 'data' && index === 12 ? 'vanish' : 'pass',
    );
    await shutDown(inverter, id);
    const { upgradeId, commandId } = await issueUpgrade(id, images['4.1.0']!);
    expect(await finalStatus(commandId)).toMatchObject({
      status: 'failed',
      reason: OSIM_UPGRADE_REASONS.disconnected,
    });
    expect(first.steps.length).toBe(13);
    // The inverter comes back with its old version; the failed upgrade is not sent again.
    const again = await connect(id, inverter, 400);
    await sleep(1000);
    expect(again.steps).toEqual([]);
    expect(await command(commandId)).toMatchObject({ status: 'failed' });
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({
        id: upgradeId,
        status: 'failed',
        reason: `command:${OSIM_UPGRADE_REASONS.disconnected}`,
      }),
    ]);
    expect((await deviceRow(id)).pcu_version).toBe('4.0.0');
    expect(inverter.pcuVersion).toBe('4.0.0');
  });

  it('a lost answer fails the command after the request timeout, without resending the frame', async () => {
    const sn = 'VFOSIMUP0005';
    const id = await stockIn(sn);
    const inverter = simInverter(sn);
    const { steps } = await connect(id, inverter, 400, (step, index) =>
      step === 'data' && index === 3 ? 'silent' : 'pass',
    );
    await shutDown(inverter, id);
    const { upgradeId, commandId } = await issueUpgrade(id, images['4.1.0']!);
    // The inverter accepted the start frame: acknowledged while the image travels (a long transfer is not a
    // command without an answer), until the lost answer ends it.
    await expect.poll(() => command(commandId).then((c) => c.status), { timeout: 5000 }).toBe('acknowledged');
    expect(await finalStatus(commandId)).toMatchObject({
      status: 'failed',
      reason: OSIM_UPGRADE_REASONS.notAcknowledged,
    });
    await sleep(300);
    expect(steps).toEqual(['startPcu', 'data', 'data', 'data']);
    expect(await settleDeviceUpgrades(s.db)).toEqual([
      expect.objectContaining({
        id: upgradeId,
        status: 'failed',
        reason: `command:${OSIM_UPGRADE_REASONS.notAcknowledged}`,
      }),
    ]);
    expect(inverter.pcuVersion).toBe('4.0.0');
  });
});
