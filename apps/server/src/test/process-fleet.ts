import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createFleet, demoFleetConfig, type MqttDevice, type SimInverterConfig } from '@voltfleet/simulator';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../db/db.js';
import { deviceDirectory } from '../features/devices/index.js';
import { generateDeviceSecret, hashDeviceSecret } from '../link/device-secret.js';
import { writeMosquittoAuthFiles } from '../link/mosquitto-auth.js';
import { startMosquitto, type MosquittoProcess } from '../link/mosquitto-runner.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA_CODE } from './constants.js';
import { adminId, encryptPassword } from './harness.js';

/*
 * What the tests of several real server processes on one native PostgreSQL and one Mosquitto share
 * (two-process.test.ts, scale-out.test.ts): the devices in the database, the broker with the auth files the server
 * writes, a logged-in HTTP client, a browser tab's live WebSocket and a process's /metrics.
 */

export interface FleetDevice {
  id: number;
  sn: string;
  secret: string;
  mqtt?: MqttDevice;
}

/** A plant of the administrator with `count` activated inverters, each with its MQTT secret. */
export async function insertInverters(
  db: Db,
  options: { plantName: string; snPrefix: string; count: number },
): Promise<{ plantId: number; devices: FleetDevice[] }> {
  const owner = await adminId(db);
  const plant = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 30, 14.4, 50.1, 'Europe/Prague', $2) RETURNING id`,
    [options.plantName, owner],
  );
  const plantId = plant.rows[0]!.id;
  const devices: FleetDevice[] = [];
  for (let i = 0; i < options.count; i++) {
    const sn = `${options.snPrefix}${String(i).padStart(4, '0')}`;
    const secret = generateDeviceSecret();
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, secret_hash, activated_at)
       VALUES ($1, 'inverter', '10K', $2, $3, $4, now()) RETURNING id`,
      [sn, owner, plantId, await hashDeviceSecret(secret)],
    );
    devices.push({ id: rows[0]!.id, sn, secret });
  }
  return { plantId, devices };
}

/**
 * `perDevice` readings a minute apart per serial number, the newest a minute ago, from the demo fleet's inverters
 * (real physics: energy counters, power, faults), oldest first.
 */
export function simulatedReadings(sns: string[], perDevice: number, seed = 18): Map<string, Reading[]> {
  const now = Date.now();
  const startMs = now - (perDevice + 2) * 60_000;
  const demo = demoFleetConfig({ startMs, seed });
  const templates = demo.devices.filter((d): d is SimInverterConfig => d.kind === 'inverter');
  const plant = demo.plants[0]!;
  const devices = sns.map((sn, i) => ({
    ...templates[i % templates.length]!,
    sn,
    plantId: plant.id,
    collectorSn: undefined,
    reportIntervalS: 60,
  }));
  const out = new Map<string, Reading[]>(sns.map((sn) => [sn, []]));
  createFleet({ seed, startMs, plants: [plant], devices }).advance(now - 60_000, 60, (r) => {
    const list = out.get(r.sn)!;
    if (list.length < perDevice) list.push(r);
  });
  for (const [sn, list] of out)
    if (list.length !== perDevice) throw new Error(`${sn}: ${list.length} simulated readings, not ${perDevice}`);
  return out;
}

export interface Broker {
  mosquitto: MosquittoProcess;
  /** MQTT_URL for the server processes: the platform's own login. */
  platformUrl: string;
  stop(): Promise<void>;
}

/**
 * A private Mosquitto whose password and ACL files are the ones the server writes (link/mosquitto-auth.ts) for the
 * devices in `db`, with a fresh platform login.
 */
export async function startBrokerFor(db: Db, name: string): Promise<Broker> {
  const platform = { username: 'voltfleet', password: randomBytes(18).toString('base64url') };
  const authDir = await mkdtemp(path.join(os.tmpdir(), `vf-${name}-`));
  try {
    const mosquitto = await startMosquitto(
      await writeMosquittoAuthFiles(deviceDirectory(db), { dir: authDir, platform }),
    );
    return {
      mosquitto,
      platformUrl: `mqtt://${platform.username}:${platform.password}@127.0.0.1:${mosquitto.port}`,
      stop: async () => {
        await mosquitto.stop();
        await rm(authDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(authDir, { recursive: true, force: true });
    throw err;
  }
}

/** The environment every server process of such a test shares (its database and broker, the test captcha). */
export function sharedProcessEnv(databaseEnv: Record<string, string>, broker: Broker): Record<string, string> {
  return {
    ...databaseEnv,
    MQTT_URL: broker.platformUrl,
    VOLTFLEET_CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE,
    WEATHER_PROVIDER: 'off',
  };
}

export interface Portal {
  readonly base: string;
  /** The session token after `login()`; sessions live in the database, so it is good on every `http` process. */
  token: string | undefined;
  request<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; data: T }>;
  login(): Promise<string>;
}

/** The API of one `http` process as the web app calls it (English messages). */
export function portal(base: string, token?: string): Portal {
  const client: Portal = {
    base,
    token,
    async request<T>(method: 'GET' | 'POST', url: string, body?: unknown) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          'accept-language': 'en',
          ...(client.token ? { token: client.token } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, data: ((await res.json()) as { data: T }).data };
    },
    async login() {
      const { data: key } = await client.request<{ publicKey: string }>('GET', '/api/auth/public-key');
      const { data: captcha } = await client.request<{ captchaId: string }>('GET', '/api/auth/captcha');
      const res = await client.request<{ token: string }>('POST', '/api/auth/login', {
        username: 'admin',
        password: encryptPassword(key.publicKey, TEST_ADMIN_PASSWORD),
        captchaId: captcha.captchaId,
        captchaCode: TEST_CAPTCHA_CODE,
      });
      if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
      client.token = res.data.token;
      return res.data.token;
    },
  };
  return client;
}

/** Polls `predicate` every 20 ms; fails with `what` after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A browser tab's live channel (/api/ws) on one `http` process: every message it got, in order. */
export class LiveTab {
  readonly messages: LiveMessage[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as LiveMessage));
  }

  /**
   * Opens the socket with the session token and waits for the server's hello; with `watchKnown`, also for the first
   * resync, which says every other process has read that this tab's devices are watched (decision 0037): from then
   * on their readings arrive live here.
   */
  static async open(port: number, token: string, options: { watchKnown?: boolean } = {}): Promise<LiveTab> {
    const tab = new LiveTab(new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { token } }));
    await waitFor(() => tab.messages.some((m) => m.type === 'hello'), 'the tab’s hello', 10_000);
    if (options.watchKnown) await waitFor(() => tab.of('resync').length > 0, 'the tab’s watch known', 20_000);
    return tab;
  }

  of<T extends LiveMessage['type']>(type: T): Extract<LiveMessage, { type: T }>[] {
    return this.messages.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type);
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.terminate();
  }
}

/** One process's /metrics (an `http` process's PORT, or METRICS_PORT of any other): a gauge's value by name. */
export async function readMetrics(port: number): Promise<(name: string) => number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return (name) => {
    const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!match) throw new Error(`/metrics on port ${port} has no ${name}`);
    return Number(match[1]);
  };
}
