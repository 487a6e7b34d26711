import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, openTestDatabase } from '../../test/harness.js';
import { compactReadings } from './compaction.job.js';
import { Ingest } from './ingest.js';
import { READING_VALUE_COLUMNS, readingsIn } from './readings-source.js';
import { purgeReadings } from './retention.job.js';
import { retentionCutoff } from './retention.js';

/*
 * Retention across compacted months (issue 39), with the shortest window (2 months) as in retention.test.ts. Device A
 * reports every 2 hours from month −5 to now; B for ten days of month −4 and went silent (its newest reading, its
 * anchor, stays raw); C until just before the cut-off and again 10 days ago, so its anchor (its last reading before
 * the cut-off) lies inside a compacted day. Everything older than 7 days is compacted, then purged.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP = 2 * HOUR;
const MONTHS = 2;
const now = Date.now();
const cutoff = retentionCutoff(MONTHS, now);
const monthStart = (back: number) => retentionCutoff(back, now);
const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };

let db: Db;
const devices: Record<'a' | 'b' | 'c', { id: number; sn: string }> = {} as never;
const lastTotal = new Map<string, number>();

function reading(sn: string, ts: number, total: number): Reading {
  lastTotal.set(sn, total);
  return { sn, ts, values: { pvEnergyTotalKwh: total, loadEnergyTotalKwh: total / 2, pvPowerW: 750 } };
}

function series(sn: string, from: number, to: number): Reading[] {
  const out: Reading[] = [];
  for (let ts = from; ts < to; ts += STEP)
    out.push(reading(sn, ts, Math.round((lastTotal.get(sn) ?? 100) * 10 + 15) / 10));
  return out;
}

async function ingest(readings: Reading[]): Promise<void> {
  const sink = new Ingest(db, { maxBatch: 500 });
  const bySn = new Map(Object.values(devices).map((d) => [d.sn, d]));
  await Promise.all(readings.map((r) => sink.submit(bySn.get(r.sn)!, r)));
  await sink.flush();
}

/** Every reading since `from` (raw and compacted alike), every value as text. */
async function snapshot(from: number): Promise<unknown[]> {
  const { rows } = await db.query(
    `SELECT r.device_id, r.ts::text AS ts, ${READING_VALUE_COLUMNS.map((c) => `r.${c}::text AS ${c}`).join(', ')}
       FROM ${readingsIn({ devices: 'ARRAY(SELECT id FROM devices)', from: '$1', to: "'infinity'", columns: READING_VALUE_COLUMNS })} r
      ORDER BY r.device_id, r.ts`,
    [new Date(from)],
  );
  return rows;
}

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

const rawBefore = async () =>
  (
    await db.query<{ device_id: number; ts: Date }>(
      `SELECT device_id, ts FROM readings WHERE ts < $1 ORDER BY device_id, ts`,
      [new Date(cutoff)],
    )
  ).rows.map((r) => [r.device_id, r.ts.getTime()]);

const compactedDays = async (where = 'true') =>
  Number(
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings_compact WHERE ${where}`, [])).rows[0]!.n,
  );

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  const owner = await adminId(db);
  const plantId = (
    await db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ('compacted retention', 1, 10, 14, 50, 'Europe/Prague', $1) RETURNING id`,
      [owner],
    )
  ).rows[0]!.id;
  for (const key of ['a', 'b', 'c'] as const) {
    const sn = `VFCRT${key.toUpperCase()}000001`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
      [sn, owner, plantId],
    );
    devices[key] = { id: rows[0]!.id, sn };
  }
  const { a, b, c } = devices;
  await ingest([
    ...series(a.sn, monthStart(5) + HOUR, now - HOUR),
    ...series(b.sn, monthStart(4) + HOUR, monthStart(4) + 10 * DAY),
    ...series(c.sn, monthStart(5) + HOUR, monthStart(2) - HOUR),
  ]);
  await ingest([reading(c.sn, now - 10 * DAY, (lastTotal.get(c.sn) ?? 0) + 40)]);
}, 180_000);
afterAll(() => db?.close());

describe('retention across compacted months', () => {
  const anchorB = monthStart(4) + HOUR + 119 * STEP;
  const anchorC = monthStart(2) - HOUR - STEP;

  it('purges compacted days before the cut-off, keeping the anchors raw and every later reading as it was', async () => {
    const compacted = await compactReadings(db, 7, quiet, { now });
    expect(compacted.failed).toBe(0);
    // C's last day before the cut-off is compacted (its newest reading, 10 days ago, stays raw); B's only day left
    // raw is its newest.
    expect(
      await compactedDays(`device_id = ${devices.c.id} AND first_ts <= '${new Date(anchorC).toISOString()}'
      AND last_ts >= '${new Date(anchorC).toISOString()}'`),
    ).toBe(1);
    expect(await compactedDays(`day < '${new Date(cutoff).toISOString().slice(0, 10)}'`)).toBeGreaterThan(100);
    const kept = await snapshot(cutoff);
    const sums = await rollupSums();

    const result = await purgeReadings(db, MONTHS, quiet, { now });
    expect(result.compacted).toBeGreaterThan(100);
    expect(await compactedDays(`day < '${new Date(cutoff).toISOString().slice(0, 10)}'`)).toBe(0);
    expect(await rawBefore()).toEqual([
      [devices.b.id, anchorB],
      [devices.c.id, anchorC],
    ]);
    expect(await snapshot(cutoff)).toEqual(kept);
    expect(await rollupSums()).toEqual(sums);
    // A second round finds nothing more.
    expect(await purgeReadings(db, MONTHS, quiet, { now })).toMatchObject({ compacted: 0, dropped: [], trimmed: [] });
  }, 120_000);

  it('counts a reading after the purge exactly from the kept anchor, whether it was raw or compacted', async () => {
    const pv = async (deviceId: number) =>
      Math.round(
        (
          await db.query<{ pv: number }>(
            `SELECT coalesce(sum(pv_kwh), 0)::float8 AS pv FROM device_energy_month WHERE device_id = $1`,
            [deviceId],
          )
        ).rows[0]!.pv * 1e6,
      ) / 1e6;
    const { b, c } = devices;
    const [pvB, pvC] = [await pv(b.id), await pv(c.id)];
    const totalB = lastTotal.get(b.sn)!;
    // B: silent for months, then 5 kWh more on its lifetime counter, counted from its raw anchor.
    await ingest([reading(b.sn, now - HOUR / 2, totalB + 5)]);
    expect(await pv(b.id)).toBeCloseTo(pvB + 5, 6);
    // C: a late reading between its anchor (made raw again by the purge) and its reading of 10 days ago.
    const { rows: anchor } = await db.query<{ pv: number }>(
      `SELECT pv_energy_total_kwh::float8 AS pv FROM readings WHERE device_id = $1 AND ts = $2`,
      [c.id, new Date(anchorC)],
    );
    await ingest([reading(c.sn, now - 20 * DAY, anchor[0]!.pv + 10)]);
    const { rows } = await db.query<{ prev: Date; d: number }>(
      `SELECT prev_ts AS prev, d_pv_kwh::float8 AS d FROM readings WHERE device_id = $1 AND ts = $2`,
      [c.id, new Date(now - 20 * DAY)],
    );
    expect(rows[0]!.prev.getTime()).toBe(anchorC);
    expect(rows[0]!.d).toBeCloseTo(10, 9);
    expect(await pv(c.id)).toBeCloseTo(pvC, 6);
  }, 120_000);
});
