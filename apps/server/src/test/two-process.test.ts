import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import WebSocket from 'ws';
import type { SimInverter } from '@voltfleet/simulator';
import { MqttDevice, inverterCommands } from '@voltfleet/simulator';
import type { Command, LiveMessage, Reading } from '@voltfleet/domain';
import type { Db } from '../db/db.js';
import { deviceDirectory } from '../features/devices/device-directory.js';
import { generateDeviceSecret, hashDeviceSecret } from '../link/device-secret.js';
import { writeMosquittoAuthFiles } from '../link/mosquitto-auth.js';
import { freePort, mosquittoAvailable, startMosquitto, type MosquittoProcess } from '../link/mosquitto-runner.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA_CODE } from './constants.js';
import { adminId, encryptPassword } from './harness.js';
import { createProcessDatabase, type ProcessDatabase } from './process-db.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { testSimInverter } from './sim-inverter.js';

/*
 * Scale-out (ARCHITECTURE.md): two real server processes (main.ts) on one native PostgreSQL and one Mosquitto.
 * Process 1 only serves HTTP and the browser's WebSocket; process 2 runs ingest, the OSIM gateway and the jobs.
 * A simulated inverter talks MQTT to Mosquitto only, so everything it sends reaches process 1's tab through
 * process 2 and PostgreSQL LISTEN/NOTIFY, and a command issued on process 1 reaches it through process 2.
 */

const POSTGRES = inject('template').kind === 'postgres';
// CI installs Mosquitto: there a missing broker fails the test instead of skipping it.
const MOSQUITTO = mosquittoAvailable() || Boolean(process.env.CI);
const DEVICES = 3;
const READINGS = 20;
const platform = { username: 'voltfleet', password: randomBytes(18).toString('base64url') };

let database: ProcessDatabase;
let db: Db;
let mosquitto: MosquittoProcess;
let authDir: string;
let httpProcess: ServerProcess;
let workProcess: ServerProcess;
let base: string;
let token: string;
let socket: WebSocket;
const live: LiveMessage[] = [];
const devices: { id: number; sn: string; secret: string; mqtt?: MqttDevice }[] = [];
let inverter: SimInverter;

async function http<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'accept-language': 'en',
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

async function login(): Promise<string> {
  const { data: key } = await http<{ publicKey: string }>('GET', '/api/auth/public-key');
  const { data: captcha } = await http<{ captchaId: string }>('GET', '/api/auth/captcha');
  const res = await http<{ token: string }>('POST', '/api/auth/login', {
    username: 'admin',
    password: encryptPassword(key.publicKey, TEST_ADMIN_PASSWORD),
    captchaId: captcha.captchaId,
    captchaCode: TEST_CAPTCHA_CODE,
  });
  if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
  return res.data.token;
}

function simInverter(sn: string): SimInverter {
  return testSimInverter(sn, { seed: 2 });
}

async function waitFor(predicate: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const liveOf = <T extends LiveMessage['type']>(type: T) =>
  live.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type);

/** On failure, what both processes and the broker said. */
function showLogsOnFailure(): void {
  onTestFailed(() => {
    console.error(`--- process 1 (http) ---\n${httpProcess.log()}`);
    console.error(`--- process 2 (ingest,osim,jobs) ---\n${workProcess.log()}`);
    console.error(`--- mosquitto ---\n${mosquitto.log()}`);
  });
}

describe.skipIf(!POSTGRES || !MOSQUITTO)(
  'two server processes on one PostgreSQL and one Mosquitto (needs native PostgreSQL and Mosquitto: the server-pg suite)',
  () => {
    beforeAll(async () => {
      database = await createProcessDatabase();
      db = await database.open();
      const owner = await adminId(db);
      const plant = await db.query<{ id: number }>(
        `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
         VALUES ('two processes', 1, 30, 14.4, 50.1, 'Europe/Prague', $1) RETURNING id`,
        [owner],
      );
      for (let i = 0; i < DEVICES; i++) {
        const sn = `VFTWOP${String(i).padStart(4, '0')}`;
        const secret = generateDeviceSecret();
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO devices (sn, kind, model, owner_id, plant_id, secret_hash, activated_at)
           VALUES ($1, 'inverter', '10K', $2, $3, $4, now()) RETURNING id`,
          [sn, owner, plant.rows[0]!.id, await hashDeviceSecret(secret)],
        );
        devices.push({ id: rows[0]!.id, sn, secret });
      }
      authDir = await mkdtemp(path.join(os.tmpdir(), 'vf-two-process-'));
      mosquitto = await startMosquitto(await writeMosquittoAuthFiles(deviceDirectory(db), { dir: authDir, platform }));
      const shared = {
        ...database.env,
        MQTT_URL: `mqtt://${platform.username}:${platform.password}@127.0.0.1:${mosquitto.port}`,
        VOLTFLEET_CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE,
        WEATHER_PROVIDER: 'off',
      };
      const [port1, port2, osimPort, unusedMqttPort] = await Promise.all([
        freePort(),
        freePort(),
        freePort(),
        freePort(),
      ]);
      // One after the other: each start checks migrations and the seed.
      httpProcess = await startServerProcess({
        port: port1,
        mqttPort: unusedMqttPort,
        env: { ...shared, ROLES: 'http' },
        readyWhen: { mqtt: false },
      });
      workProcess = await startServerProcess({
        port: port2,
        mqttPort: unusedMqttPort,
        env: {
          ...shared,
          ROLES: 'ingest,osim,jobs',
          OSIM_PORT: String(osimPort),
          MQTT_CLIENT_ID: `vf-two-process-${process.pid}`,
          LOG_LEVEL: 'info',
        },
        readyWhen: { http: false, mqtt: false, output: /device link: subscribed to/ },
      });
      base = `http://127.0.0.1:${port1}`;
      token = await login();
      socket = new WebSocket(`ws://127.0.0.1:${port1}/api/ws`, { headers: { token } });
      socket.on('message', (data) => live.push(JSON.parse(String(data)) as LiveMessage));
      await waitFor(() => live.some((m) => m.type === 'hello'), 'the tab’s hello', 10_000);
      inverter = simInverter(devices[0]!.sn);
      for (const [i, d] of devices.entries()) {
        d.mqtt = new MqttDevice({
          url: mosquitto.url,
          sn: d.sn,
          secret: d.secret,
          reconnectPeriodMs: 200,
          ...(i === 0 ? { onCommand: inverterCommands(inverter) } : {}),
        });
        await d.mqtt.start();
      }
    }, 90_000);

    afterAll(async () => {
      if (socket?.readyState === WebSocket.OPEN) socket.terminate();
      for (const d of devices) await d.mqtt?.close();
      await Promise.all([httpProcess?.stop(), workProcess?.stop()]);
      await mosquitto?.stop();
      await db?.close();
      await database?.dispose();
      if (authDir) await rm(authDir, { recursive: true, force: true });
    }, 40_000);

    it('readings sent through process 2 appear live on process 1’s tab and are stored exactly once', async () => {
      showLogsOnFailure();
      const start = Date.now() - READINGS * 10_000;
      const sent = new Map<string, Reading>();
      for (const d of devices) {
        for (let k = 0; k < READINGS; k++) {
          const reading: Reading = {
            sn: d.sn,
            ts: start + k * 10_000,
            seq: k,
            values: { pvPowerW: 1000 + 10 * k, pvEnergyTodayKwh: 0.01 * k, pvEnergyTotalKwh: 500 + 0.01 * k },
          };
          sent.set(`${d.id}:${reading.ts}`, reading);
          d.mqtt!.publishReading(reading);
        }
      }
      for (const d of devices) expect(await d.mqtt!.drain(15_000)).toBe(true);
      // Mosquitto acknowledges the devices on receipt; process 2 stores after that, each reading once.
      const stored = async () =>
        (
          await db.query<{ n: number; distinct_ts: number }>(
            `SELECT count(*)::int AS n, count(DISTINCT (device_id, ts))::int AS distinct_ts
               FROM readings WHERE device_id = ANY($1::int[])`,
            [devices.map((d) => d.id)],
          )
        ).rows[0];
      const all = { n: DEVICES * READINGS, distinct_ts: DEVICES * READINGS };
      await expect.poll(stored, { timeout: 15_000 }).toEqual(all);
      // The tab sees every device's newest reading (older ones of a batch may be merged away), nothing invented.
      const newest = start + (READINGS - 1) * 10_000;
      await expect
        .poll(() => devices.every((d) => liveOf('reading').some((r) => r.deviceId === d.id && r.ts === newest)), {
          timeout: 10_000,
        })
        .toBe(true);
      const readings = liveOf('reading');
      const keys = readings.map((r) => `${r.deviceId}:${r.ts}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(readings.length).toBeLessThanOrEqual(DEVICES * READINGS);
      for (const r of readings) expect(r.values).toEqual(sent.get(`${r.deviceId}:${r.ts}`)?.values);
      expect(await stored()).toEqual(all);
    });

    it('a command issued on process 1 is delivered by process 2, and its status changes arrive on process 1’s tab', async () => {
      showLogsOnFailure();
      const device = devices[0]!;
      const issued = await http<{ commands: Command[] }>('POST', '/api/commands', {
        deviceIds: [device.id],
        kind: 'workMode',
        value: 4,
        idempotencyKey: `two-process-${process.pid}`,
      });
      expect(issued.status).toBe(200);
      const id = issued.data.commands[0]!.id;
      const statuses = () =>
        liveOf('commandStatus')
          .filter((m) => m.commandId === id)
          .map((m) => m.status);
      // Process 2's dispatcher polls every 2 s: 'sent', then 'succeeded' once the inverter reports the value back.
      await expect.poll(statuses, { timeout: 15_000 }).toEqual(['sent', 'succeeded']);
      expect(inverter.parameters.workMode).toBe(4);
      const stored = await http<Command>('GET', `/api/commands/${id}`);
      expect(stored.data).toMatchObject({ status: 'succeeded', parameters: { workMode: 4 } });
      // Each status once: not again as process 1's echo or a second delivery.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(statuses()).toEqual(['sent', 'succeeded']);
    });
  },
);
