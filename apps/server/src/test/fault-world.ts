import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import {
  DEVICE_TOPICS,
  commandAckJson,
  deviceStatusJson,
  type CommandAnswer,
  type DeviceCommand,
} from '@voltfleet/domain/protocol';
import { type Reading } from '@voltfleet/domain/telemetry';
import { startPostgres, type PostgresCluster } from '../../../../scripts/pg-harness.mjs';
import { openDb, type Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../seed.js';
import { hashPassword } from '../features/auth/index.js';
import { deviceDirectory } from '../features/devices/index.js';
import { generateDeviceSecret, hashDeviceSecret } from '../link/device-secret.js';
import { writeMosquittoAuthFiles } from '../link/mosquitto-auth.js';
import { freePort, startMosquitto, type MosquittoProcess } from '../link/mosquitto-runner.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA_CODE } from './constants.js';
import { adminId, encryptPassword } from './harness.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/*
 * The world of the fault tests (faults.test.ts, docs/faults.md): a PostgreSQL cluster of its own (the tests restart
 * it, which the suite's shared cluster must not see), a Mosquitto with persistence (the tests kill it), and two real
 * server processes: `http` serves the API and the browser's WebSocket, `work` runs ingest and jobs through Mosquitto.
 * Every live event of `work` reaches `http`'s tab through NOTIFY, so the LISTEN connection matters.
 */

export interface FaultDevice {
  id: number;
  sn: string;
  secret: string;
}

export interface FaultWorld {
  cluster: PostgresCluster;
  db: Db;
  databaseUrl: string;
  mosquitto: MosquittoProcess;
  http: ServerProcess;
  work: ServerProcess;
  base: string;
  token: string;
  devices: Map<string, FaultDevice>;
  /** GETs or POSTs the API of the http process as the administrator. */
  api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; data: T }>;
  /** Kills Mosquitto (SIGKILL) and starts it again on the same port, configuration and persistence file. */
  crashMosquitto(between?: () => Promise<void>): Promise<void>;
  /** SIGKILLs the work process and starts it again with the same settings (its MQTT session survives at the broker). */
  crashWork(between?: () => Promise<void>): Promise<void>;
  /** What the processes and the broker said (failure messages). */
  logs(): string;
  close(): Promise<void>;
}

const PLATFORM = { username: 'voltfleet', password: randomBytes(18).toString('base64url') };

/** Readings of one device every 10 s up to a minute ago: valid for the server's clock, none in the future. */
export function readingsOf(sn: string, count: number, now = Date.now()): Reading[] {
  const start = now - 60_000 - count * 10_000;
  return Array.from({ length: count }, (_, k) => ({
    sn,
    ts: start + k * 10_000,
    seq: k,
    values: { pvPowerW: 1000 + k, pvEnergyTodayKwh: 0.01 * k, pvEnergyTotalKwh: 500 + 0.01 * k },
  }));
}

export async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function login(base: string): Promise<string> {
  const get = async <T>(url: string, body?: unknown): Promise<{ status: number; data: T }> => {
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, data: ((await res.json()) as { data: T }).data };
  };
  const { data: key } = await get<{ publicKey: string }>('/api/auth/public-key');
  const { data: captcha } = await get<{ captchaId: string }>('/api/auth/captcha');
  const res = await get<{ token: string }>('/api/auth/login', {
    username: 'admin',
    password: encryptPassword(key.publicKey, TEST_ADMIN_PASSWORD),
    captchaId: captcha.captchaId,
    captchaCode: TEST_CAPTCHA_CODE,
  });
  if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
  return res.data.token;
}

/** Builds the world with the given devices (serial numbers), each with its own secret, on one plant. */
export async function startFaultWorld(serials: readonly string[]): Promise<FaultWorld> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vf-faults-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  try {
    const cluster = await startPostgres();
    cleanup.push(() => cluster.stop());
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/voltfleet');
    const admin = await openDb({ databaseUrl: cluster.url });
    await admin.query('CREATE DATABASE voltfleet');
    await admin.close();
    const db = await openDb({ databaseUrl });
    cleanup.push(() => db.close());
    await migrate(db);
    await seed(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir, hash: hashPassword, log: () => undefined });
    const owner = await adminId(db);
    const plant = await db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ('faults', 1, 30, 14.4, 50.1, 'Europe/Prague', $1) RETURNING id`,
      [owner],
    );
    const devices = new Map<string, FaultDevice>();
    for (const sn of serials) {
      const secret = generateDeviceSecret();
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO devices (sn, kind, model, owner_id, plant_id, secret_hash, activated_at)
         VALUES ($1, 'inverter', '10K', $2, $3, $4, now()) RETURNING id`,
        [sn, owner, plant.rows[0]!.id, await hashDeviceSecret(secret)],
      );
      devices.set(sn, { id: rows[0]!.id, sn, secret });
    }
    const authFiles = await writeMosquittoAuthFiles(deviceDirectory(db), {
      dir: path.join(dataDir, 'mosquitto-auth'),
      platform: PLATFORM,
    });
    let mosquitto = await startMosquitto(authFiles, [], { persistence: true });
    cleanup.push(() => mosquitto.stop());
    const [httpPort, workPort, unusedMqttPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const shared = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MQTT_URL: `mqtt://${PLATFORM.username}:${PLATFORM.password}@127.0.0.1:${mosquitto.port}`,
      VOLTFLEET_CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE,
      WEATHER_PROVIDER: 'off',
    };
    const http = await startServerProcess({
      port: httpPort,
      mqttPort: unusedMqttPort,
      env: { ...shared, ROLES: 'http' },
      readyWhen: { mqtt: false },
    });
    cleanup.push(() => http.stop('SIGKILL'));
    const startWork = () =>
      startServerProcess({
        port: workPort,
        mqttPort: unusedMqttPort,
        env: {
          ...shared,
          ROLES: 'ingest,jobs',
          // The same client id after a restart: the broker kept this session's messages meanwhile.
          MQTT_CLIENT_ID: `vf-faults-${process.pid}`,
          // Longer than a restart takes (an answer redelivered to the restarted process must not find its command
          // timed out already) with a loaded CI machine's margin (20 s was too little once, 2026-12-02), short enough
          // for a test.
          COMMAND_TIMEOUT_SECONDS: '30',
          LOG_LEVEL: 'info',
        },
        readyWhen: { http: false, mqtt: false, output: /device link: subscribed to/ },
      });
    let work = await startWork();
    cleanup.push(() => work.stop('SIGKILL'));
    const base = `http://127.0.0.1:${httpPort}`;
    const world: FaultWorld = {
      cluster,
      db,
      databaseUrl,
      mosquitto,
      http,
      work,
      base,
      token: await login(base),
      devices,
      async api<T>(method: 'GET' | 'POST', url: string, body?: unknown) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            'accept-language': 'en',
            token: world.token,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, data: ((await res.json()) as { data: T }).data };
      },
      async crashMosquitto(between) {
        await mosquitto.kill('SIGKILL');
        await between?.();
        mosquitto = await startMosquitto(authFiles, [], {
          persistence: true,
          port: mosquitto.port,
          dir: mosquitto.dir,
        });
        world.mosquitto = mosquitto;
      },
      async crashWork(between) {
        const exit = await work.stop('SIGKILL');
        if (exit.signal !== 'SIGKILL') throw new Error(`the work process ended before the kill: ${exit.code}`);
        await between?.();
        work = await startWork();
        world.work = work;
      },
      logs: () =>
        `--- http ---\n${world.http.log()}\n--- work ---\n${world.work.log()}\n--- mosquitto ---\n${mosquitto.log()}`,
      async close() {
        for (const step of cleanup.reverse()) await step().catch(() => undefined);
      },
    };
    return world;
  } catch (err) {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    throw err;
  }
}

/**
 * A device that counts every command the broker hands it (first deliveries: a QoS 1 redelivery of the same
 * publish carries the DUP flag and is not a second send) and answers as told: like the inverter would, never, or
 * with a refusal. A command is executed once per command id, as the device protocol asks (docs/protocol.md).
 */
export class CountingDevice {
  /** First deliveries per command id. */
  readonly received = new Map<string, number>();
  readonly executed: string[] = [];
  private readonly client: MqttClient;

  constructor(
    url: string,
    device: FaultDevice,
    private readonly answer: ((command: DeviceCommand) => CommandAnswer) | 'silent',
  ) {
    this.client = mqtt.connect(url, {
      clientId: device.sn,
      username: device.sn,
      password: device.secret,
      protocolVersion: 4,
      clean: false,
      reconnectPeriod: 200,
      manualConnect: true,
    });
    this.client.on('message', (topic, payload, packet) => this.command(device.sn, payload, packet.dup));
    this.client.on('error', () => undefined);
  }

  async start(sn: string): Promise<void> {
    this.client.connect();
    await new Promise<void>((resolve) => this.client.once('connect', () => resolve()));
    await this.client.subscribeAsync(DEVICE_TOPICS.command(sn), { qos: 1 });
    // Online, as a device says after connecting: the platform sends commands to devices it has seen.
    await this.client.publishAsync(DEVICE_TOPICS.status(sn), deviceStatusJson({ status: 'online', ts: Date.now() }), {
      qos: 1,
    });
  }

  stop(): Promise<void> {
    return this.client.endAsync(true);
  }

  private command(sn: string, payload: Buffer, dup: boolean): void {
    const command = JSON.parse(payload.toString()) as DeviceCommand;
    if (!dup) this.received.set(command.commandId, (this.received.get(command.commandId) ?? 0) + 1);
    if (this.answer === 'silent' || this.executed.includes(command.commandId)) return;
    this.executed.push(command.commandId);
    const answer = this.answer(command);
    this.client.publish(DEVICE_TOPICS.ack(sn), commandAckJson(command.commandId, answer), { qos: 1 });
  }
}
