import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import type { Reading } from '@voltfleet/domain/telemetry';
import { openDb, type Db } from '../../db/db.js';
import { adminId, openTestDatabase } from '../../test/harness.js';
import { Ingest } from './ingest.js';
import { partitionName } from './ingest.repository.js';
import { purgeReadings, type RetentionResult } from './retention.job.js';
import { releaseRetentionLock, tryRetentionLock } from './retention.repository.js';
import { retentionCutoff } from './retention.js';

/*
 * The retention job on a real database (PGlite, and native PostgreSQL in CI), with a window of 2 months (the
 * shortest allowed) so the history stays small. Device A reports every 2 hours from month −5 to now; B reported for
 * ten days of month −4 and went silent; C reported until the end of month −3 and again 10 days ago. Months −5, −4
 * and −3 lie before the cut-off: −5 holds no anchor and is dropped whole; −4 keeps B's newest reading and −3 C's
 * last one before the cut-off (its next reading is still within the 35 days the link accepts), all else goes.
 */

const POSTGRES = testTemplate().kind === 'postgres';
const HOUR = 3_600_000;
const STEP = 2 * HOUR;
const MONTHS = 2;
const now = Date.now();
const cutoff = retentionCutoff(MONTHS, now);
const monthStart = (back: number) => retentionCutoff(back, now);
const monthOf = (back: number) => new Date(monthStart(back)).toISOString().slice(0, 7);
const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };

let db: Db;
let url: string | undefined;
let plantId: number;
const devices: Record<'a' | 'b' | 'c', { id: number; sn: string }> = {} as never;
const lastTotal = new Map<string, number>();

function reading(sn: string, ts: number, total: number): Reading {
  lastTotal.set(sn, total);
  return { sn, ts, values: { pvEnergyTotalKwh: total, loadEnergyTotalKwh: total / 2 } };
}

/** Readings every 2 hours over [from, to), the counter growing 1.5 kWh a step (a 10 kW inverter allows 30). */
function series(sn: string, from: number, to: number): Reading[] {
  const out: Reading[] = [];
  for (let ts = from; ts < to; ts += STEP)
    out.push(reading(sn, ts, Math.round((lastTotal.get(sn) ?? 100) * 10 + 15) / 10));
  return out;
}

async function ingest(readings: Reading[]): Promise<void> {
  // A fresh Ingest each time, like a restarted process: the chain is read from the table, not a remembered tail.
  const sink = new Ingest(db, { maxBatch: 200 });
  const bySn = new Map(Object.values(devices).map((d) => [d.sn, d]));
  await Promise.all(readings.map((r) => sink.submit(bySn.get(r.sn)!, r)));
  await sink.flush();
}

/** Every rollup table summed per quantity, as one comparable value. */
async function rollupSums(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of ['device', 'plant'].flatMap((k) => ['5m', 'day', 'month'].map((p) => `${k}_energy_${p}`))) {
    const { rows } = await db.query(
      `SELECT count(*)::int8 AS n, round(sum(pv_kwh)::numeric, 6)::float8 AS pv, round(sum(load_kwh)::numeric, 6)::float8 AS load
         FROM ${table}`,
    );
    out[table] = rows[0];
  }
  return out;
}

async function pvOf(deviceId: number): Promise<number> {
  const { rows } = await db.query<{ pv: number }>(
    `SELECT coalesce(sum(pv_kwh), 0)::float8 AS pv FROM device_energy_month WHERE device_id = $1`,
    [deviceId],
  );
  return Math.round(rows[0]!.pv * 1e6) / 1e6;
}

async function oldReadings(): Promise<{ device_id: number; ts: Date }[]> {
  const { rows } = await db.query<{ device_id: number; ts: Date }>(
    `SELECT device_id, ts FROM readings WHERE ts < $1 ORDER BY device_id, ts`,
    [new Date(cutoff)],
  );
  return rows;
}

const countSince = async () =>
  (await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM readings WHERE ts >= $1`, [new Date(cutoff)]))
    .rows[0]!.n;

async function attachedPartitions(): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'readings'::regclass ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  ({ db, url } = await openTestDatabase());
  const owner = await adminId(db);
  plantId = (
    await db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ('retention', 1, 10, 14, 50, 'Europe/Prague', $1) RETURNING id`,
      [owner],
    )
  ).rows[0]!.id;
  for (const key of ['a', 'b', 'c'] as const) {
    const sn = `VFRET${key.toUpperCase()}000001`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
      [sn, owner, plantId],
    );
    devices[key] = { id: rows[0]!.id, sn };
  }
  const { a, b, c } = devices;
  await ingest([
    ...series(a.sn, monthStart(5) + HOUR, now - HOUR),
    ...series(b.sn, monthStart(4) + HOUR, monthStart(4) + 10 * 24 * HOUR),
    ...series(c.sn, monthStart(5) + HOUR, monthStart(2) - HOUR),
  ]);
  await ingest([reading(c.sn, now - 10 * 24 * HOUR, (lastTotal.get(c.sn) ?? 0) + 40)]);
}, 180_000);
afterAll(() => db?.close());

describe('readings retention', () => {
  let before: Awaited<ReturnType<typeof rollupSums>>;
  let keptSince: number;
  let droppedRows: number;
  let runs: RetentionResult[];

  it('drops whole months without anchors, trims the others to them, never touches the window or the rollups', async () => {
    before = await rollupSums();
    keptSince = await countSince();
    droppedRows = (
      await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM readings WHERE ts >= $1 AND ts < $2`, [
        new Date(monthStart(5)),
        new Date(monthStart(4)),
      ])
    ).rows[0]!.n;
    expect(await attachedPartitions()).toEqual(expect.arrayContaining([5, 4, 3].map((k) => partitionName(monthOf(k)))));
    // Two purges at once: two pools on PostgreSQL (as two processes), two calls on PGlite's one connection.
    const other = POSTGRES ? await openDb({ databaseUrl: url }) : db;
    try {
      runs = await Promise.all([purgeReadings(db, MONTHS, quiet), purgeReadings(other, MONTHS, quiet)]);
    } finally {
      if (other !== db) await other.close();
    }
    expect(runs.flatMap((r) => r.dropped.map((d) => d.month))).toEqual([monthOf(5)]);
    expect(runs.flatMap((r) => r.trimmed.map((t) => [t.month, t.kept])).sort()).toEqual(
      [
        [monthOf(4), 1],
        [monthOf(3), 1],
      ].sort(),
    );
    expect(runs.find((r) => r.dropped.length > 0)!.dropped[0]!.rows).toBe(droppedRows);

    const left = await oldReadings();
    expect(left.map((r) => r.device_id)).toEqual([devices.b.id, devices.c.id].sort((x, y) => x - y));
    expect(left.find((r) => r.device_id === devices.b.id)!.ts.getTime()).toBe(monthStart(4) + HOUR + 119 * STEP);
    expect(left.find((r) => r.device_id === devices.c.id)!.ts.getTime()).toBeLessThan(monthStart(2));
    expect(await countSince()).toBe(keptSince);
    expect(await rollupSums()).toEqual(before);

    const partitions = await attachedPartitions();
    expect(partitions).not.toContain(partitionName(monthOf(5)));
    expect(partitions).toEqual(expect.arrayContaining([4, 3, 2, 1, 0].map((k) => partitionName(monthOf(k)))));
    const { rows } = await db.query(`SELECT to_regclass($1) AS t`, [partitionName(monthOf(5))]);
    expect(rows[0]).toEqual({ t: null });
  });

  it('is idempotent: a second round finds nothing to do and changes nothing', async () => {
    const again = await purgeReadings(db, MONTHS, quiet);
    expect(again).toMatchObject({ skipped: false, dropped: [], trimmed: [] });
    expect(await oldReadings()).toHaveLength(2);
    expect(await rollupSums()).toEqual(before);
  });

  it.skipIf(!POSTGRES)('skips the round while another process holds the purge lock', async () => {
    const other = await openDb({ databaseUrl: url });
    try {
      await other.session(async (conn) => {
        expect(await tryRetentionLock(conn)).toBe(true);
        expect(await purgeReadings(db, MONTHS, quiet)).toMatchObject({ skipped: true, dropped: [], trimmed: [] });
        await releaseRetentionLock(conn);
      });
    } finally {
      await other.close();
    }
    expect(await purgeReadings(db, MONTHS, quiet)).toMatchObject({ skipped: false });
  });

  it('counts the energy of a device that reports again after the purge from its kept reading', async () => {
    const { b, c } = devices;
    const pvB = await pvOf(b.id);
    const pvC = await pvOf(c.id);
    // B: silent for months, then 5 kWh more on its lifetime counter.
    await ingest([reading(b.sn, now - HOUR / 2, (lastTotal.get(b.sn) ?? 0) + 5)]);
    expect(await pvOf(b.id)).toBeCloseTo(pvB + 5, 6);
    // C: a late reading between its anchor and its reading of 10 days ago splits that interval: the sum stays.
    const { rows } = await db.query<{ pv: number }>(
      `SELECT pv_energy_total_kwh::float8 AS pv FROM readings WHERE device_id = $1 ORDER BY ts LIMIT 1`,
      [c.id],
    );
    await ingest([reading(c.sn, now - 20 * 24 * HOUR, rows[0]!.pv + 10)]);
    expect(await pvOf(c.id)).toBeCloseTo(pvC, 6);
    const { rows: chain } = await db.query<{ n: number }>(
      `SELECT count(*)::int8 AS n FROM readings WHERE device_id = $1 AND ts >= $2 AND prev_ts IS NOT NULL`,
      [c.id, new Date(cutoff)],
    );
    expect(chain[0]!.n).toBe(2);
  });
});
