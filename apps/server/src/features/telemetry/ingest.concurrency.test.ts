import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { Ingest } from './ingest.js';

// Several ingest processes share one PostgreSQL (scale-out): their batches add to the same plant rollup rows at the
// same time. Two "processes" here are two Ingest instances on one pool (each transaction on its own connection),
// whose devices list the plants in opposite orders. Before rollup rows were written in one order, such batches
// deadlocked ("deadlock detected": a failed, unacknowledged batch).

const PLANTS = 12;
const DEVICES = 160;
const ROUNDS = 150;

let db: Db;
const devices: { id: number; sn: string; process: 0 | 1 }[] = [];

beforeAll(async () => {
  db = await openTestDb();
  const owner = await adminId(db);
  const plants: number[] = [];
  for (let p = 0; p < PLANTS; p++) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ($1, 1, 100, 14, 50, 'Europe/Prague', $2) RETURNING id`,
      [`shared ${p}`, owner],
    );
    plants.push(rows[0]!.id);
  }
  for (let i = 0; i < DEVICES; i++) {
    const process = (i % 2) as 0 | 1;
    const group = Math.floor((i * PLANTS) / DEVICES);
    const plant = plants[process === 0 ? group : PLANTS - 1 - group]!;
    const sn = `VFCONC${String(i).padStart(6, '0')}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
      [sn, owner, plant],
    );
    devices.push({ id: rows[0]!.id, sn, process });
  }
});
afterAll(() => db.close());

describe.skipIf(testTemplate().kind !== 'postgres')('ingest processes sharing PostgreSQL', () => {
  it('add to shared plant rollups concurrently without deadlocks, every reading once', async () => {
    const ingests = [
      new Ingest(db, { maxBatch: 20, concurrency: 1 }),
      new Ingest(db, { maxBatch: 20, concurrency: 1 }),
    ];
    const start = Date.now() - 2 * 3_600_000;
    for (let k = 0; k < ROUNDS; k++) {
      await Promise.all(
        devices.map((d) => {
          const reading: Reading = {
            sn: d.sn,
            ts: start + k * 60_000,
            values: { pvEnergyTotalKwh: k * 0.1, pvEnergyTodayKwh: k * 0.1, loadEnergyTotalKwh: k * 0.05 },
          };
          return ingests[d.process]!.submit(d, reading);
        }),
      );
    }
    expect(ingests.map((i) => i.stats.failedBatches)).toEqual([0, 0]);
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings`);
    expect(count.rows[0]!.n).toBe(DEVICES * ROUNDS);
    const sums = await db.query<{ readings: number; plants: number }>(
      `SELECT (SELECT sum(d_pv_kwh) FROM readings)::float8 AS readings, (SELECT sum(pv_kwh) FROM plant_energy_day)::float8 AS plants`,
    );
    expect(sums.rows[0]!.plants).toBeCloseTo(sums.rows[0]!.readings, 6);
    expect(sums.rows[0]!.readings).toBeGreaterThan(0);
  }, 60_000);
});
