import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { testTemplate } from './template.js';
import type { Db } from '../db/db.js';
import { deviceDirectory } from '../features/devices/device-directory.js';
import { generateDeviceSecret, hashDeviceSecret } from '../link/device-secret.js';
import { writeMosquittoAuthFiles } from '../link/mosquitto-auth.js';
import { freePort, mosquittoAvailable, startMosquitto, type MosquittoProcess } from '../link/mosquitto-runner.js';
import { readingJson } from '../link/test-support.js';
import { adminId } from './harness.js';
import { createProcessDatabase, type ProcessDatabase } from './process-db.js';
import { RawDeviceFleet } from './raw-device-fleet.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/*
 * Connections (issue 18): a fleet of devices, all from 127.0.0.1, connected to one server process, on its in-process
 * broker and through Mosquitto. After a broker restart every device is back with zero refused logins (correct
 * devices are never limited by their address's volume: docs/decisions/0011) and the server stays under 1 GB.
 * bench/connections runs the same with 10,000 devices and measures it.
 */

const POSTGRES = testTemplate().kind === 'postgres';
// CI installs Mosquitto: there a missing broker fails the test instead of skipping it.
const MOSQUITTO = mosquittoAvailable() || Boolean(process.env.CI);
/** Far over the address login limit (30), so a limit counting correct logins would show. */
const DEVICES = 2_000;
/**
 * How long the test waits for every device to be back: a guard against a hang, not a speed target. Each reconnect
 * checks a device secret (a deliberately slow hash), so how fast 2,000 come back depends on how busy the machine's
 * cores are: 117 in a minute while the other suites ran beside it. Issue 18's minute is measured where speed is
 * measured, by bench/connections (10,000 devices, beside its anchor).
 */
const RECONNECT_BOUND_MS = 300_000;
const RSS_LIMIT_MB = 1024;

let database: ProcessDatabase | undefined;
let fleet: RawDeviceFleet | undefined;
const stops: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
  for (const stop of stops.splice(0).reverse()) await stop();
  await database?.dispose();
  database = undefined;
}, 60_000);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** `what` is read when the wait gives up, so it can tell how far things got. */
async function waitFor(predicate: () => boolean, what: string | (() => string), timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `DEVICES` inverters with their secrets, stocked in with one INSERT (the hashes are what stock-in stores). */
async function stockIn(db: Db, prefix: string): Promise<{ sn: string; secret: string }[]> {
  const owner = await adminId(db);
  const plant = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ('connections', 1, 30, 14.4, 50.1, 'Europe/Prague', $1) RETURNING id`,
    [owner],
  );
  const devices = Array.from({ length: DEVICES }, (_, i) => ({
    sn: `${prefix}${String(i).padStart(5, '0')}`,
    secret: generateDeviceSecret(),
  }));
  const hashes = await Promise.all(devices.map((d) => hashDeviceSecret(d.secret)));
  await db.query(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, secret_hash, activated_at)
     SELECT sn, 'inverter', '10K', $1, $2, hash, now() FROM unnest($3::text[], $4::text[]) AS d(sn, hash)`,
    [owner, plant.rows[0]!.id, devices.map((d) => d.sn), hashes],
  );
  return devices;
}

async function metric(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/** The fleet on `port`: waits until every device is connected; `since` (epoch ms) lets it see reconnects only. */
async function allConnected(f: RawDeviceFleet, since: number, timeoutMs: number): Promise<void> {
  await waitFor(
    () => {
      const stats = f.stats(true);
      return stats.connected === DEVICES && stats.connectedAt.every((t) => t !== null && t >= since);
    },
    () => {
      const { connected, attempts, refusedByCode, connackTimeouts, drops } = f.stats();
      const after = f.stats(true).connectedAt.filter((t) => t !== null && t >= since).length;
      return (
        `all ${DEVICES} devices connected (${connected} are, ${after} of them since the wait began; ` +
        `${attempts} attempts, ${connackTimeouts} without CONNACK, ${drops} drops, ` +
        `refused by code ${JSON.stringify(refusedByCode)})`
      );
    },
    timeoutMs,
  );
}

describe('connections: a fleet from one address reconnects after a broker restart, none refused', () => {
  it(`in-process broker: ${DEVICES} devices back after the server process restarts`, async () => {
    database = await createProcessDatabase();
    const db = await database.open();
    const devices = await stockIn(db, 'VFCONN');
    // A PGlite directory has one holder at a time: the server's.
    await db.close();
    const [port, mqttPort] = await Promise.all([freePort(), freePort()]);
    const env = { ...database.env, WEATHER_PROVIDER: 'off' };
    let server: ServerProcess = await startServerProcess({ port, mqttPort, env, readyTimeoutMs: 120_000 });
    stops.push(() => server.stop());
    onTestFailed(() => console.error(server.log()));

    const payloads = (sn: string) => [Buffer.from(readingJson(sn, 1)), Buffer.from(readingJson(sn, 2))];
    fleet = new RawDeviceFleet(devices.map((d) => ({ ...d, payloads: payloads(d.sn) })));
    await fleet.connect(mqttPort);
    await allConnected(fleet, 0, RECONNECT_BOUND_MS);
    expect(rssMb(server.pid)).toBeLessThan(RSS_LIMIT_MB);
    const refusedBefore = await metric(port, 'voltfleet_link_rejected');

    // The broker restarts with its process: nothing is remembered, every device logs in again from 127.0.0.1.
    const restartAt = Date.now();
    await server.stop('SIGTERM');
    server = await startServerProcess({ port, mqttPort, env, readyTimeoutMs: 120_000 });
    await allConnected(fleet, restartAt, RECONNECT_BOUND_MS);
    expect(fleet.stats().refusedByCode).toEqual({});
    expect(refusedBefore + (await metric(port, 'voltfleet_link_rejected'))).toBe(0);
    expect(rssMb(server.pid)).toBeLessThan(RSS_LIMIT_MB);

    // Every device works after its reconnect: a reading each, acknowledged after the commit.
    fleet.publishRound(1, 2_000);
    await waitFor(() => fleet!.stats().pubacks === DEVICES, `${DEVICES} PUBACKs`, RECONNECT_BOUND_MS);
    expect(await metric(port, 'voltfleet_ingest_readings_stored')).toBe(DEVICES);
    expect(rssMb(server.pid)).toBeLessThan(RSS_LIMIT_MB);
  }, 900_000);

  it.skipIf(!POSTGRES || !MOSQUITTO)(
    `Mosquitto: ${DEVICES} devices back after Mosquitto restarts (needs native PostgreSQL and Mosquitto: the server-pg suite)`,
    async () => {
      database = await createProcessDatabase();
      const db = await database.open();
      const devices = await stockIn(db, 'VFCONM');
      const authDir = await mkdtemp(path.join(os.tmpdir(), 'vf-connections-'));
      stops.push(() => rm(authDir, { recursive: true, force: true }));
      const platform = { username: 'voltfleet', password: randomBytes(18).toString('base64url') };
      const files = await writeMosquittoAuthFiles(deviceDirectory(db), { dir: authDir, platform });
      let mosquitto: MosquittoProcess = await startMosquitto(files);
      stops.push(() => mosquitto.stop());
      const [port, unusedMqttPort] = await Promise.all([freePort(), freePort()]);
      const server = await startServerProcess({
        port,
        mqttPort: unusedMqttPort,
        env: {
          ...database.env,
          MQTT_URL: `mqtt://${platform.username}:${platform.password}@127.0.0.1:${mosquitto.port}`,
          MQTT_CLIENT_ID: `vf-connections-${process.pid}`,
          WEATHER_PROVIDER: 'off',
          LOG_LEVEL: 'info',
        },
        readyTimeoutMs: 120_000,
        readyWhen: { mqtt: false, output: /device link: subscribed to/ },
      });
      stops.push(() => server.stop());
      stops.push(() => db.close());
      onTestFailed(() => console.error(`${server.log()}\n--- mosquitto ---\n${mosquitto.log()}`));

      fleet = new RawDeviceFleet(devices.map((d) => ({ ...d, payloads: [Buffer.from(readingJson(d.sn, 1))] })));
      await fleet.connect(mosquitto.port);
      await allConnected(fleet, 0, RECONNECT_BOUND_MS);

      // Mosquitto restarts on the same port; the devices (and the server's own link) connect again.
      const restartAt = Date.now();
      const mqttPort = mosquitto.port;
      await mosquitto.stop();
      mosquitto = await startMosquitto(files, [], { port: mqttPort });
      await allConnected(fleet, restartAt, RECONNECT_BOUND_MS);
      expect(fleet.stats().refusedByCode).toEqual({});
      expect(rssMb(server.pid)).toBeLessThan(RSS_LIMIT_MB);
      expect(rssMb(mosquitto.pid)).toBeLessThan(RSS_LIMIT_MB);

      // Every device works after its reconnect: each reading reaches the server and is stored once.
      fleet.publishRound(0, 2_000);
      await waitFor(() => fleet!.stats().pubacks === DEVICES, `${DEVICES} PUBACKs from Mosquitto`, RECONNECT_BOUND_MS);
      const stored = async () =>
        Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM readings`)).rows[0]!.n);
      const deadline = Date.now() + 60_000;
      while ((await stored()) < DEVICES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await stored()).toBe(DEVICES);
      expect(await metric(port, 'voltfleet_link_rejected')).toBe(0);
    },
    900_000,
  );
});
