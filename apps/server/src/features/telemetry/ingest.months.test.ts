import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleetConfig, type FleetConfig } from '@voltfleet/simulator';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { insertFleet } from '../../test/fleet-fixture.js';
import { Ingest } from './ingest.js';

// Ingest creates each reading's monthly partition before it writes (remembering the last month's bounds): readings
// on both sides of a month's and a year's first millisecond, in one batch and in batches that go back and forth, are
// all stored.

let db: Db;
let deviceId: number;
let sn: string;

beforeAll(async () => {
  db = await openTestDb();
  const start = Date.parse('2025-01-01T00:00:00Z');
  const demo = demoFleetConfig({ startMs: start, seed: 3 });
  const device = demo.devices.find((d) => d.kind === 'inverter')!;
  const plant = demo.plants.find((p) => p.id === device.plantId)!;
  const config: FleetConfig = { seed: 3, startMs: start, plants: [plant], devices: [device] };
  const ids = await insertFleet(db, config, await adminId(db));
  sn = device.sn;
  deviceId = ids.deviceIds.get(sn)!;
});
afterAll(() => db.close());

const reading = (iso: string, pvTotalKwh: number): Reading => ({
  sn,
  ts: Date.parse(iso),
  values: { pvPowerW: 1000, pvEnergyTotalKwh: pvTotalKwh },
});

async function write(ingest: Ingest, list: Reading[]): Promise<void> {
  await Promise.all(list.map((r) => ingest.submit({ id: deviceId, sn }, r)));
  await ingest.flush();
}

const stored = async () =>
  (await db.query<{ ts: Date }>(`SELECT ts FROM readings WHERE device_id = $1 ORDER BY ts`, [deviceId])).rows.map((r) =>
    r.ts.toISOString(),
  );

describe('ingest across months', () => {
  it('stores readings on both sides of month and year boundaries, in one batch and back and forth', async () => {
    const ingest = new Ingest(db);
    // A year's boundary inside one batch; then, batch by batch, a month's last and next first millisecond while the
    // month before is remembered, and back to that earlier month.
    const batches = [
      [reading('2024-12-31T23:59:59.999Z', 10), reading('2025-01-01T00:00:00.000Z', 10.1)],
      [reading('2025-01-31T23:59:59.999Z', 11)],
      [reading('2025-02-01T00:00:00.000Z', 11.1)],
      [reading('2025-01-15T12:00:00.000Z', 10.5)],
    ];
    for (const batch of batches) await write(ingest, batch);
    expect(ingest.stats.failedBatches).toBe(0);
    expect(await stored()).toEqual([
      '2024-12-31T23:59:59.999Z',
      '2025-01-01T00:00:00.000Z',
      '2025-01-15T12:00:00.000Z',
      '2025-01-31T23:59:59.999Z',
      '2025-02-01T00:00:00.000Z',
    ]);
    const { rows } = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'readings'::regclass AND c.relname LIKE 'readings_202%' AND c.relname < 'readings_2026'
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['readings_2024_12', 'readings_2025_01', 'readings_2025_02']);
  });
});
