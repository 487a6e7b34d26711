import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reading } from '@voltfleet/domain/telemetry';
import { createFleet, demoFleetConfig, type FleetConfig, type SimInverterConfig } from '@voltfleet/simulator';
import type { Db } from '../../db/db.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { freePort } from '../../link/mosquitto-runner.js';
import { adminId } from '../../test/harness.js';
import { insertFleet } from '../../test/fleet-fixture.js';
import { energyMismatches, readEnergyTotals, type EnergyTotals } from '../../test/energy-check.js';
import { createProcessDatabase, type ProcessDatabase } from '../../test/process-db.js';
import { RecordingDevice } from '../../test/recording-device.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';

/*
 * Issue: the server process is killed (SIGKILL) during sustained ingest and restarted; every reading the broker
 * acknowledged is stored exactly once. A real server process (main.ts) on its own database; 30 devices publish QoS 1
 * readings as fast as the acknowledgements allow; the process is killed twice mid-stream and started again on the
 * same data while the devices keep reconnecting and resend what was not acknowledged.
 */

const DEVICES = 30;
const PER_DEVICE = 1000;
const REPORT_INTERVAL_S = 60;
const KILLS = 2;
const TIMEOUT_MS = 240_000;

interface Kill {
  /** Readings acknowledged before the process died, per device. */
  acked: Map<string, Set<number>>;
  ackedTotal: number;
  inFlight: number;
  unacknowledged: number;
  /** Readings in the database right after the kill, before any redelivery. */
  stored: Map<string, Set<number>>;
}

const byDevice = new Map<string, Reading[]>();
let database: ProcessDatabase;
let server: ServerProcess | undefined;
let devices: RecordingDevice[] = [];
const kills: Kill[] = [];
let drained = false;
let final: Map<string, Set<number>>;
let storedRows = 0;
let energy: EnergyTotals;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(predicate: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** 30 inverters on one plant, ts from ~17 hours ago to a few minutes ago: valid for the server's clock. */
function fleetConfig(startMs: number): FleetConfig {
  const demo = demoFleetConfig({ startMs, seed: 31 });
  const templates = demo.devices.filter((d): d is SimInverterConfig => d.kind === 'inverter');
  const plant = demo.plants[0]!;
  const devices = Array.from({ length: DEVICES }, (_, i) => ({
    ...templates[i % templates.length]!,
    sn: `VFDUR${String(i).padStart(6, '0')}`,
    plantId: plant.id,
    collectorSn: undefined,
    reportIntervalS: REPORT_INTERVAL_S,
  }));
  return { seed: 31, startMs, plants: [plant], devices };
}

async function readingsIn(db: Db): Promise<Map<string, Set<number>>> {
  const { rows } = await db.query<{ sn: string; ts: number }>(
    `SELECT d.sn, (extract(epoch FROM r.ts) * 1000)::float8 AS ts FROM readings r JOIN devices d ON d.id = r.device_id WHERE d.plant_id IS NOT NULL`,
  );
  const out = new Map<string, Set<number>>();
  for (const { sn, ts } of rows) {
    let set = out.get(sn);
    if (!set) out.set(sn, (set = new Set()));
    set.add(Number(ts));
  }
  storedRows = rows.length;
  return out;
}

const ackedTotal = () => devices.reduce((n, d) => n + d.acked.length, 0);

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await database.open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  const now = Date.now();
  const startMs = now - (PER_DEVICE + 5) * REPORT_INTERVAL_S * 1000;
  const config = fleetConfig(startMs);
  createFleet(config).advance(now - 60_000, REPORT_INTERVAL_S, (r) => {
    const list = byDevice.get(r.sn) ?? [];
    if (list.length < PER_DEVICE) list.push(r);
    byDevice.set(r.sn, list);
  });
  expect([...byDevice.values()].every((list) => list.length === PER_DEVICE)).toBe(true);

  database = await createProcessDatabase();
  const secrets = new Map<string, string>();
  await withDb(async (db) => {
    await insertFleet(db, config, await adminId(db));
    for (const sn of byDevice.keys()) {
      const secret = generateDeviceSecret();
      secrets.set(sn, secret);
      await db.query(`UPDATE devices SET secret_hash = $1 WHERE sn = $2`, [await hashDeviceSecret(secret), sn]);
    }
  });

  let [port, mqttPort] = [0, 0];
  const start = () => startServerProcess({ port, mqttPort, env: { ...database.env, ADMIN_PASSWORD: 'Durable-Pass1' } });
  // The first start picks free ports (new ones if another process took one meanwhile); restarts keep them.
  for (let attempt = 1; !server; attempt++) {
    [port, mqttPort] = [await freePort(), await freePort()];
    server = await start().catch((err: unknown) => {
      if (attempt >= 3) throw err;
      return undefined;
    });
  }
  devices = [...byDevice.keys()].map(
    (sn) => new RecordingDevice({ url: `mqtt://127.0.0.1:${mqttPort}`, sn, secret: secrets.get(sn)! }),
  );
  await Promise.all(devices.map((d) => d.start()));
  for (const d of devices) d.send(byDevice.get(d.sn)!);

  for (let k = 0; k < KILLS; k++) {
    // Kill at fixed shares of the stream (a third, two thirds), not after a fixed time: how far a fixed time gets
    // depends on the machine's speed and load, and a fast run could finish before the last kill.
    const target = Math.floor(((k + 1) * DEVICES * PER_DEVICE) / (KILLS + 1));
    await waitUntil(() => ackedTotal() >= target, `${target} acknowledgements`, 120_000);
    const inFlight = devices.reduce((n, d) => n + d.inFlight, 0);
    const exit = await server.stop('SIGKILL');
    server = undefined;
    expect(exit.signal).toBe('SIGKILL');
    // Every PUBACK the process wrote before it died has been read once all devices saw the connection close.
    await waitUntil(() => devices.every((d) => !d.isConnected), 'the devices to notice', 10_000);
    const acked = new Map(devices.map((d) => [d.sn, new Set(d.acked)]));
    const stored = await withDb(readingsIn);
    kills.push({
      acked,
      ackedTotal: ackedTotal(),
      inFlight,
      unacknowledged: devices.reduce((n, d) => n + d.unacknowledged, 0),
      stored,
    });
    // The devices keep trying while the server is down; they reconnect once it listens again.
    server = await start();
  }

  await waitUntil(() => devices.every((d) => d.unacknowledged === 0), 'the devices to drain', 120_000);
  drained = true;
  await Promise.all(devices.map((d) => d.stop()));
  const exit = await server.stop('SIGTERM');
  server = undefined;
  expect(exit.code).toBe(0);

  await withDb(async (db) => {
    final = await readingsIn(db);
    energy = await readEnergyTotals(db);
  });
}, TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
  await server?.stop('SIGKILL');
  await database?.dispose();
}, 60_000);

describe('SIGKILL during sustained ingest, then restart on the same data', () => {
  it('killed the process mid-stream, with readings in flight', () => {
    expect(kills).toHaveLength(KILLS);
    for (const kill of kills) {
      expect(kill.ackedTotal).toBeGreaterThan(0);
      expect(kill.inFlight).toBeGreaterThan(0);
      expect(kill.unacknowledged).toBeGreaterThan(0);
    }
    expect(kills.at(-1)!.ackedTotal).toBeLessThan(DEVICES * PER_DEVICE);
  });

  it('had committed every acknowledged reading at the moment of the kill', () => {
    for (const kill of kills) {
      for (const [sn, acked] of kill.acked) {
        const stored = kill.stored.get(sn) ?? new Set<number>();
        const missing = [...acked].filter((ts) => !stored.has(ts));
        expect(missing, `${sn}: acknowledged but not stored at the kill`).toEqual([]);
      }
    }
  });

  it('stores every acknowledged reading exactly once after the restarts, and nothing else', () => {
    expect(drained).toBe(true);
    // Every device came back after the kills and had its unacknowledged readings taken.
    devices.forEach((d) => expect(d.connects, d.sn).toBeGreaterThan(1));
    let acked = 0;
    for (const device of devices) {
      const sent = new Set(byDevice.get(device.sn)!.map((r) => r.ts));
      const stored = final.get(device.sn) ?? new Set<number>();
      // One PUBACK per reading: each publish is acknowledged once, never twice.
      expect(new Set(device.acked).size).toBe(device.acked.length);
      expect(
        device.acked.filter((ts) => !stored.has(ts)),
        `${device.sn}: acknowledged, not stored`,
      ).toEqual([]);
      expect(
        [...stored].filter((ts) => !sent.has(ts)),
        `${device.sn}: stored, never sent`,
      ).toEqual([]);
      // Drained: the device had every reading acknowledged, so exactly what it sent is stored.
      expect(stored.size).toBe(sent.size);
      acked += device.acked.length;
    }
    expect(acked).toBe(DEVICES * PER_DEVICE);
    expect(storedRows).toBe(DEVICES * PER_DEVICE);
  });

  it('keeps the energy rollups equal to the sum of the stored per-reading deltas', () => {
    expect(energy.readings.size).toBe(DEVICES);
    expect(energyMismatches(energy)).toEqual([]);
    const produced = [...energy.readings.values()].flat().reduce((a, b) => a + b, 0);
    // Load alone guarantees energy to account for, day or night.
    expect(produced).toBeGreaterThan(0);
  });
});
