import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { adminId, startTestServer, type TestServer } from '../../test/harness.js';
import { insertPlant } from '../plants/plants.repository.js';
import { deviceDirectory } from '../devices/device-directory.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { writeMosquittoAuthFiles } from '../../link/mosquitto-auth.js';
import { mosquittoAvailable, startMosquitto, type MosquittoProcess } from '../../link/mosquitto-runner.js';
import { connectExternalLink, type ExternalLink } from '../../link/mqtt-external.js';
import { connectDevice } from '../../link/test-support.js';
import { Ingest } from './ingest.js';

const DEVICES = 20;
const PER_DEVICE = 40;
const platform = { username: 'voltfleet', password: randomBytes(18).toString('base64url') };

let s: TestServer;
let mosquitto: MosquittoProcess;
let link: ExternalLink;
let ingest: Ingest;
let authDir: string;
const secrets = new Map<string, string>();

// CI installs Mosquitto, so there a missing broker is a failure, not a skip.
describe.skipIf(!mosquittoAvailable() && !process.env.CI)(
  'ingest through an external Mosquitto into this suite’s database',
  () => {
    beforeAll(async () => {
      s = await startTestServer();
      const owner = await adminId(s.db);
      const plant = await insertPlant(s.db, {
        name: 'external_broker',
        type: 1,
        powerKw: 50,
        capacityKwh: 20,
        longitude: 14.42,
        latitude: 50.08,
        address: '',
        azimuthDeg: 180,
        inclinationDeg: 30,
        currency: 'CZK',
        onGridType: 1,
        timeZone: 'Europe/Prague',
        ownerId: owner,
        constructionDate: null,
      });
      for (let i = 0; i < DEVICES; i++) {
        const sn = `VFEXTDB${String(i).padStart(4, '0')}`;
        const secret = generateDeviceSecret();
        secrets.set(sn, secret);
        await s.db.query(
          `INSERT INTO devices (sn, kind, model, owner_id, plant_id, secret_hash) VALUES ($1, 'inverter', '10K', $2, $3, $4)`,
          [sn, owner, plant, await hashDeviceSecret(secret)],
        );
      }
      const directory = deviceDirectory(s.db);
      authDir = await mkdtemp(path.join(os.tmpdir(), 'vf-ext-ingest-'));
      mosquitto = await startMosquitto(await writeMosquittoAuthFiles(directory, { dir: authDir, platform }));
      ingest = new Ingest(s.db);
      const url = `mqtt://${platform.username}:${platform.password}@127.0.0.1:${mosquitto.port}`;
      link = await connectExternalLink({
        url,
        clientId: 'vf-ext-ingest',
        devices: directory,
        sink: ingest,
        reconnectPeriodMs: 100,
      });
    }, 60_000);
    afterAll(async () => {
      await link?.close(0);
      await mosquitto?.stop();
      await s?.close();
      if (authDir) await rm(authDir, { recursive: true, force: true });
    });

    it('stores every acknowledged reading once, redeliveries included, with counters rolled up', async () => {
      const clients: MqttClient[] = [];
      for (const [sn, secret] of secrets) clients.push(await connectDevice(mosquitto.url, sn, secret));
      const start = Date.now() - PER_DEVICE * 60_000;
      const payload = (sn: string, i: number) =>
        JSON.stringify({
          sn,
          ts: start + i * 60_000,
          seq: i,
          values: { pvPowerW: 3000, pvEnergyTodayKwh: i * 0.05, pvEnergyTotalKwh: 1000 + i * 0.05 },
        });
      await Promise.all(
        clients.map(async (client, d) => {
          const sn = [...secrets.keys()][d]!;
          for (let i = 0; i < PER_DEVICE; i++)
            await client.publishAsync(`dev/${sn}/up/reading`, payload(sn, i), { qos: 1 });
          // A device that missed the PUBACK sends the same reading again.
          await client.publishAsync(`dev/${sn}/up/reading`, payload(sn, PER_DEVICE - 1), { qos: 1 });
        }),
      );
      // Mosquitto acknowledges devices on receipt; the platform acknowledges Mosquitto only after each commit, so
      // everything the broker accepted arrives in the database, exactly once.
      const stored = async () =>
        (
          await s.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM readings r JOIN devices d ON d.id = r.device_id WHERE d.sn LIKE 'VFEXTDB%'`,
          )
        ).rows[0]!.n;
      await expect.poll(stored, { timeout: 20_000, interval: 200 }).toBe(DEVICES * PER_DEVICE);
      await expect.poll(() => ingest.stats.duplicates, { timeout: 5_000 }).toBe(DEVICES);
      await new Promise((r) => setTimeout(r, 300));
      expect(await stored()).toBe(DEVICES * PER_DEVICE);
      const energy = await s.db.query<{ kwh: number }>(`SELECT sum(pv_kwh) AS kwh FROM device_energy_5m`);
      // Each device's counter grew by 0.05 kWh per minute over PER_DEVICE - 1 intervals.
      expect(Number(energy.rows[0]!.kwh)).toBeCloseTo(DEVICES * (PER_DEVICE - 1) * 0.05, 6);
      await Promise.all(clients.map((c) => c.endAsync(true)));
    });
  },
);
