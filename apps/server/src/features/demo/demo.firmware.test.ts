import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRMWARE_MAX_BYTES,
  firmwareUploadSchema,
  type FirmwareImage,
  type FirmwareOptions,
} from '@voltfleet/domain/firmware';
import { type Command } from '@voltfleet/domain/commands';
import {
  DEMO_PCU_RELEASE,
  DEMO_PCU_VERSIONS,
  OsimDevice,
  connectMqttFleet,
  createFleet,
  demoFirmwareImages,
  demoFleetConfig,
  readSimulatedImage,
  type MqttFleet,
  type SimInverter,
} from '@voltfleet/simulator';
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { osimCommandLink } from '../../link/osim-commands.js';
import { OsimGateway } from '../../link/osim-gateway.js';
import { TestSink } from '../../link/test-support.js';
import {
  api,
  encryptPassword,
  loginToken,
  publicKey,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../test/harness.js';
import { deviceDirectory } from '../devices/device-directory.js';
import { osimDeviceRecords } from '../devices/osim-device-records.js';
import { recordReportedVersions } from '../firmware/firmware.job.js';
import { settleDeviceUpgrades } from '../firmware/firmware-upgrade.service.js';
import { firmwareImageLoader } from '../firmware/firmware.service.js';
import { firmwareDir } from '../firmware/firmware.storage.js';
import { seedDemoFirmware } from './demo.firmware.js';
import { seedDemo, type DemoCredentials } from './demo.seed.js';

/** The simulated inverters restart this fast instead of R9.2's 20 minutes. */
const RESTART_MS = 800;

const config = demoFleetConfig({ startMs: Date.now() });
const fleet = createFleet(config);
let s: TestServer;
let dataDir = '';
let creds: DemoCredentials;
let broker: MqttBroker;
let gateway: OsimGateway;
let mqtt: MqttFleet | undefined;
const osimDevices: OsimDevice[] = [];
const stops: (() => void)[] = [];
let token = '';
let key = '';
let n = 0;
const idem = () => `demo-firmware-test-${++n}`;

const catalogue = async () => (await api<FirmwareImage[]>(s.app, 'GET', '/api/firmware', { token })).body.data;
const command = async (id: number) => (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data;
const seedOpts = () => ({ dataDir, log: () => undefined });

async function device(sn: string) {
  const { rows } = await s.db.query<{ id: number; pcu_version: string }>(
    `SELECT id, pcu_version FROM devices WHERE sn = $1`,
    [sn],
  );
  return rows[0]!;
}

async function options(deviceId: number): Promise<FirmwareOptions> {
  return (await api<FirmwareOptions>(s.app, 'GET', `/api/devices/${deviceId}/firmware-options`, { token })).body.data;
}

/** Shuts the inverter down by the shutdown command (R4.7 (b): issued in advance) and waits for its read-back. */
async function shutDown(deviceId: number) {
  const off = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
    token,
    body: {
      deviceIds: [deviceId],
      kind: 'powerOff',
      password: encryptPassword(key, TEST_ADMIN_PASSWORD),
      idempotencyKey: idem(),
    },
  });
  expect(off.status, JSON.stringify(off.body)).toBe(200);
  await expect
    .poll(() => command(off.body.data.commands[0]!.id).then((c) => c.status), { timeout: 10_000 })
    .toBe('succeeded');
}

/** Upgrades a demo inverter to a seeded image and waits until it reports the version and the job settles it. */
async function upgradeTo(sn: string, image: FirmwareImage) {
  const { id } = await device(sn);
  await shutDown(id);
  const option = (await options(id)).options.find((o) => o.image.id === image.id);
  expect(option).toMatchObject({ available: true, rule: null });
  const res = await api<{ upgradeId: number; commandId: number }>(s.app, 'POST', `/api/devices/${id}/upgrade`, {
    token,
    body: { imageIds: [image.id], password: encryptPassword(key, TEST_ADMIN_PASSWORD), idempotencyKey: idem() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await expect.poll(() => device(sn).then((d) => d.pcu_version), { timeout: 20_000 }).toBe(image.version);
  expect(await settleDeviceUpgrades(s.db)).toEqual([
    expect.objectContaining({ id: res.body.data.upgradeId, device_id: id, status: 'succeeded' }),
  ]);
  expect(await command(res.body.data.commandId)).toMatchObject({ status: 'succeeded' });
}

const inverterOf = (sn: string): SimInverter => fleet.inverter(sn)!;
const seededImage = async (kind: string, family: string, version: string) =>
  (await catalogue()).find((i) => i.kind === kind && i.family === family && i.version === version)!;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vf-demo-firmware-'));
  s = await startTestServer({ DATA_DIR: dataDir });
  creds = await seedDemo(s.db, config, { dataDir, hash: async (p) => `hash:${p}`, log: () => undefined });
  broker = await startMqttBroker({
    port: 0,
    host: '127.0.0.1',
    directory: deviceDirectory(s.db),
    sink: new TestSink(),
  });
  stops.push(s.app.commands.attach(broker, { offlineSeconds: 300, pollMs: 100 }));
  stops.push(recordReportedVersions(s.db, broker.events, s.app.log));
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
});

afterAll(async () => {
  await mqtt?.close();
  for (const d of osimDevices) await d.close();
  stops.forEach((stop) => stop());
  await gateway.close();
  await broker.close();
  await s.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the demo firmware catalogue', () => {
  it('is seeded once, owned by the administrator, every file one a manual upload accepts', async () => {
    const expected = demoFirmwareImages();
    expect(await seedDemoFirmware(s.db, seedOpts())).toBe(expected.length);
    const images = await catalogue();
    expect(images.map((i) => `${i.kind} ${i.family} ${i.version}`).sort()).toEqual(
      expected.map((i) => `${i.kind} ${i.family} ${i.version}`).sort(),
    );
    for (const image of images) {
      expect(image.uploadedBy).toBe('admin');
      expect(
        firmwareUploadSchema.safeParse({ kind: image.kind, family: image.family, version: image.version }).success,
      ).toBe(true);
      expect(image.sizeBytes).toBeGreaterThan(0);
      expect(image.sizeBytes).toBeLessThanOrEqual(FIRMWARE_MAX_BYTES);
    }
    // The stored files are the simulated images, byte for byte, each naming what it is.
    const { rows } = await s.db.query<{
      storage_name: string;
      sha256: string;
      kind: string;
      family: string;
      version: string;
    }>(`SELECT storage_name, sha256, kind, family, version FROM firmware_images`);
    for (const row of rows) {
      const bytes = await readFile(path.join(firmwareDir(dataDir), row.storage_name));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      expect(readSimulatedImage(bytes)).toEqual({ kind: row.kind, family: row.family, version: row.version });
    }
    // The upload form takes the same fields and file: only as a duplicate is it refused (not as invalid).
    const again = expected[0]!;
    const boundary = '----demo-firmware-test';
    const fields = { kind: again.kind, family: again.family, version: again.version };
    const payload = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${again.fileName}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      again.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(409);

    // A restart seeds nothing again.
    expect(await seedDemoFirmware(s.db, seedOpts())).toBe(0);
    expect(await catalogue()).toHaveLength(expected.length);
  });

  it('offers a demo inverter below 4.0.0 exactly PCU 4.0.0 first (R4.7 (d))', async () => {
    const sn = config.devices.find((d) => d.kind === 'inverter' && d.pcuVersion === DEMO_PCU_VERSIONS.old)!.sn;
    const found = await options((await device(sn)).id);
    const byVersion = Object.fromEntries(
      found.options.filter((o) => o.image.family === found.model).map((o) => [o.image.version, o]),
    );
    expect(byVersion['4.0.0']).toMatchObject({ available: true });
    expect(byVersion[DEMO_PCU_RELEASE]).toMatchObject({ available: false, rule: 'pcuTo400First' });
    const dsp = found.options.find((o) => o.image.kind === 'DSP' && o.image.family === found.model);
    expect(dsp).toMatchObject({ available: false, rule: 'pcuFirst' });
    expect(found.noVersionMessage).toBeNull();
  });

  it('upgrades a demo MQTT inverter to the seeded PCU 4.0.0: it takes the file and reports the new version', async () => {
    const sn = config.devices.find((d) => d.kind === 'inverter' && d.pcuVersion === DEMO_PCU_VERSIONS.old)!.sn;
    const inverter = inverterOf(sn);
    mqtt = await connectMqttFleet(`mqtt://127.0.0.1:${broker.port}`, [{ inverter, secret: creds.secrets[sn]! }], {
      upgradeRestartMs: RESTART_MS,
    });
    await expect.poll(() => device(sn).then((d) => d.pcu_version), { timeout: 5000 }).toBe(DEMO_PCU_VERSIONS.old);
    await upgradeTo(sn, await seededImage('PCU', inverter.model, '4.0.0'));
    expect(inverter.pcuVersion).toBe('4.0.0');
  });

  it('upgrades a demo OSIM inverter (PCU 6.0.3) to the seeded PCU release over the gateway', async () => {
    const inverter = fleet.inverters.find((i) => i.sn !== mqtt?.devices.keys().next().value)!;
    const osim = new OsimDevice({
      host: '127.0.0.1',
      port: gateway.port,
      inverter,
      pcuVersion: 603,
      reconnectMs: 200,
      upgradeRestartMs: RESTART_MS,
    });
    osimDevices.push(osim);
    await osim.start();
    await expect.poll(() => device(inverter.sn).then((d) => d.pcu_version), { timeout: 5000 }).toBe('6.0.3');
    await upgradeTo(inverter.sn, await seededImage('PCU', inverter.model, DEMO_PCU_RELEASE));
    expect(inverter.pcuVersion).toBe(DEMO_PCU_RELEASE);
  });
});
