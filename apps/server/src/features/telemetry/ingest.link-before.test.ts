import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet, demoFleetConfig, type FleetConfig } from '@voltfleet/simulator';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { insertFleet } from '../../test/fleet-fixture.js';
import { Ingest } from './ingest.js';

// A stretch of the past written after newer readings, oldest first (the demo's months before its recent week):
// with `linkBefore` its batches are not linked to the newer readings, so the first newer reading keeps its interval
// until the stretch's last batch links it, once; the energy is then the simulator's own.

const START = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;

let db: Db;
let deviceId: number;
let sn: string;
let readings: Reading[];
let truth: Record<string, { pv: number }>;

beforeAll(async () => {
  db = await openTestDb();
  const demo = demoFleetConfig({ startMs: START, seed: 5 });
  const plant = demo.plants.find((p) => p.timeZone === 'Europe/Prague')!;
  const inverter = demo.devices.find((d) => d.plantId === plant.id && d.kind === 'inverter')!;
  const devices = demo.devices.filter((d) => d.plantId === plant.id);
  const config: FleetConfig = { seed: 5, startMs: START, plants: [plant], devices };
  const ids = await insertFleet(db, config, await adminId(db));
  sn = inverter.sn;
  deviceId = ids.deviceIds.get(sn)!;
  const fleet = createFleet(config);
  readings = [];
  fleet.advance(START + 4 * DAY, 300, (r) => r.sn === sn && readings.push(r));
  truth = fleet.groundTruth().devices[sn]!.daily;
});
afterAll(() => db.close());

const prevTsOf = async (ts: number) =>
  (
    await db.query<{ prev_ts: Date | null }>(`SELECT prev_ts FROM readings WHERE device_id = $1 AND ts = $2`, [
      deviceId,
      new Date(ts),
    ])
  ).rows[0]?.prev_ts ?? null;

async function write(ingest: Ingest, list: Reading[]): Promise<void> {
  await Promise.all(list.map((r) => ingest.submit({ id: deviceId, sn }, r)));
  await ingest.flush();
}

describe('ingest, linkBefore', () => {
  it('leaves the newer readings unlinked while the older ones are written, and links them at the end', async () => {
    const boundary = START + 2 * DAY;
    const newer = readings.filter((r) => r.ts > boundary);
    const older = readings.filter((r) => r.ts <= boundary);
    const ingest = new Ingest(db);
    await write(ingest, newer);
    const first = newer[0]!.ts;
    expect(await prevTsOf(first)).toBeNull();

    // The older stretch up to its last hour, in several batches, not linked to the newer readings.
    ingest.linkBefore(boundary);
    const lastHour = older.filter((r) => r.ts > boundary - HOUR);
    const before = older.filter((r) => r.ts <= boundary - HOUR);
    for (let i = 0; i < before.length; i += 100) await write(ingest, before.slice(i, i + 100));
    expect(await prevTsOf(first)).toBeNull();

    // Its last hour linked: the first newer reading takes its predecessor, once.
    ingest.linkBefore(null);
    await write(ingest, lastHour);
    expect(await prevTsOf(first)).toEqual(new Date(boundary));

    // Every full local day holds the simulator's own energy (the first and last days are partial).
    const { rows } = await db.query<{ day: string; pv: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, pv_kwh AS pv FROM device_energy_day WHERE device_id = $1`,
      [deviceId],
    );
    const stored = new Map(rows.map((r) => [r.day, Number(r.pv)]));
    const days = Object.keys(truth).sort().slice(1, -1);
    expect(days.length).toBeGreaterThanOrEqual(3);
    for (const day of days) expect(stored.get(day) ?? 0).toBeCloseTo(truth[day]!.pv, 1);
  });
});
