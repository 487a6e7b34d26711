import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay, localDayStart } from '@voltfleet/domain/time';
import { type FieldKey, type Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, makePlant, openTestDb } from '../../test/harness.js';
import { readingBins } from '../device-detail/device-history.repository.js';
import { Ingest } from './ingest.js';
import { aggregateValues } from './values-5m.job.js';
import { LATE_MS, SETTLE_MS, VALUES_STEP_MS, bucketStartMs } from './values-5m.js';
import {
  VALUE_COLUMNS,
  purgeValuesBefore,
  setValuesProgress,
  valueBins,
  valuesProgress,
} from './values-5m.repository.js';

/*
 * The 5-minute values table (decision 0019) on a real database (PGlite; native PostgreSQL in CI): a device in
 * Kathmandu (UTC+05:45, so its midnight is on the 5-minute grid but not on the hour) reports every minute with some
 * fields missing now and then. Whatever the table covers, a day's 5-minute bins must equal the raw readings binned.
 */

const ZONE = 'Asia/Kathmandu';
const MINUTE = 60_000;
const HOUR = 3_600_000;
const FIELDS: FieldKey[] = ['pvPowerW', 'gridVoltageAV', 'batSocPct', 'loadPowerW', 'pvEnergyTodayKwh', 'batTempC'];
const quiet = { debug: () => undefined, error: () => undefined };
const now = Date.now();
const day = localDay(now - 24 * HOUR, ZONE);
const dayStart = localDayStart(day, ZONE)!;
const dayEnd = dayStart + 24 * HOUR;

let db: Db;
let device: { id: number; sn: string };
let sink: Ingest;

/** A small deterministic generator (the values differ reading to reading, some fields absent). */
function* lcg(seed: number): Generator<number, never> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x / 2147483648;
  }
}

function reading(ts: number, r: Generator<number>): Reading {
  const minuteOfDay = Math.floor((ts - dayStart) / MINUTE);
  const values: Reading['values'] = {
    pvPowerW: Math.round(r.next().value * 9000),
    gridVoltageAV: 220 + r.next().value * 20,
    loadPowerW: Math.round(r.next().value * 4000),
    pvEnergyTodayKwh: Math.round(minuteOfDay * 3) / 100,
  };
  // Battery fields missing from about a third of the readings: avg() skips them, as the table must.
  if (r.next().value > 0.33) {
    values.batSocPct = Math.round(r.next().value * 1000) / 10;
    values.batTempC = 15 + r.next().value * 10;
  }
  return { sn: device.sn, ts, values };
}

async function store(readings: Reading[]) {
  await Promise.all(readings.map((x) => sink.submit(device, x)));
  await sink.flush();
}

const binsOfTable = (fromMs = dayStart, toMs = dayEnd) => valueBins(db, { deviceId: device.id, fromMs, toMs }, FIELDS);
const binsOfRaw = (fromMs = dayStart, toMs = dayEnd) =>
  readingBins(db, { deviceId: device.id, fromMs, toMs }, FIELDS, VALUES_STEP_MS);

/** The two bin lists equal: the same bins, the same values (to 1e-9: floating sums may be added in another order). */
async function expectSameAsRaw(fromMs = dayStart, toMs = dayEnd) {
  const [table, raw] = await Promise.all([binsOfTable(fromMs, toMs), binsOfRaw(fromMs, toMs)]);
  expect(table.length).toBe(raw.length);
  expect(raw.length).toBeGreaterThan(0);
  table.forEach((row, i) => {
    const other = raw[i]!;
    expect(Number(row.t)).toBe(other.t);
    for (const key of FIELDS) {
      const a = row[key] === null ? null : Number(row[key]);
      const b = other[key] ?? null;
      if (a === null || b === null) expect([key, a]).toEqual([key, b]);
      else expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
    }
  });
}

async function tableRows(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM device_values_5m WHERE device_id = $1`,
    [device.id],
  );
  return rows[0]!.n;
}

async function staleMarks(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM device_values_5m_stale WHERE device_id = $1`,
    [device.id],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  db = await openTestDb();
  const owner = await adminId(db);
  const plantId = await makePlant(db, 'Values roof', owner);
  await db.query(`UPDATE plants SET time_zone = $1 WHERE id = $2`, [ZONE, plantId]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
     VALUES ('VFVAL00001', 'inverter', '10K', $1, $2, now()) RETURNING id`,
    [owner, plantId],
  );
  device = { id: rows[0]!.id, sn: 'VFVAL00001' };
  sink = new Ingest(db, { maxBatch: 500 });
  const r = lcg(7);
  const readings: Reading[] = [];
  // Yesterday in Kathmandu, a reading a minute (a minute skipped now and then), then today until an hour ago.
  for (let ts = dayStart; ts < now - HOUR; ts += MINUTE) if (r.next().value > 0.05) readings.push(reading(ts, r));
  await store(readings);
}, 120_000);
afterAll(() => db?.close());

describe('the 5-minute values table', () => {
  it('has one column per history field of the catalogue, as the migration made it', async () => {
    const { rows } = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'device_values_5m' AND column_name NOT IN ('device_id', 'bucket') ORDER BY ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(VALUE_COLUMNS.map((c) => c.column));
  });

  it('the first round starts covering at the newest settled bucket and aggregates nothing older', async () => {
    const round = await aggregateValues(db, quiet);
    const settled = bucketStartMs(Date.now() - LATE_MS - SETTLE_MS);
    expect(round.skipped).toBe(false);
    expect(round.aggregated).toBe(0);
    const progress = await valuesProgress(db);
    expect(progress.coveredFrom?.getTime()).toBe(progress.coveredTo?.getTime());
    expect(Math.abs(progress.coveredTo!.getTime() - settled)).toBeLessThanOrEqual(VALUES_STEP_MS);
    expect(await tableRows()).toBe(0);
    // Nothing covered yet in the day: every bin is binned from raw readings.
    await expectSameAsRaw();
  });

  it('aggregates settled buckets an hour a transaction up to the span’s new end, never an unsettled one', async () => {
    // Cover from 06:00 local yesterday, as if the job had started then; the round runs at 18:00 + the settling time.
    const from = dayStart + 6 * HOUR;
    await setValuesProgress(db, { coveredFrom: new Date(from), coveredTo: new Date(from) });
    const round = await aggregateValues(db, quiet, { now: dayStart + 18 * HOUR + LATE_MS + SETTLE_MS + 1000 });
    expect(round.coveredTo).toBe(new Date(dayStart + 18 * HOUR).toISOString());
    expect(round.aggregated).toBe(12 * 12);
    const { rows } = await db.query<{ lo: Date; hi: Date }>(
      `SELECT min(bucket) AS lo, max(bucket) AS hi FROM device_values_5m WHERE device_id = $1`,
      [device.id],
    );
    expect([rows[0]!.lo.getTime(), rows[0]!.hi.getTime()]).toEqual([from, dayStart + 18 * HOUR - VALUES_STEP_MS]);
  });

  it('a day half covered reads the same bins as the raw readings: raw before, the table within, raw after', async () => {
    await expectSameAsRaw();
    // Windows that start or end inside the covered span, or lie wholly in it.
    await expectSameAsRaw(dayStart + 3 * HOUR, dayStart + 9 * HOUR);
    await expectSameAsRaw(dayStart + 9 * HOUR, dayStart + 20 * HOUR);
    await expectSameAsRaw(dayStart + 7 * HOUR, dayStart + 8 * HOUR);
  });

  it('reads the covered buckets from the table and the others from the readings', async () => {
    // Tampering with the table (a test only) shows which bins come from it.
    const inside = dayStart + 12 * HOUR;
    const outside = dayStart + 3 * HOUR;
    await db.query(
      `UPDATE device_values_5m SET pv_power_w = -1 WHERE device_id = $1 AND bucket = ANY($2::timestamptz[])`,
      [device.id, [new Date(inside), new Date(outside)]],
    );
    const bins = await binsOfTable();
    expect(bins.find((b) => Number(b.t) === inside)?.pvPowerW).toBe(-1);
    expect(bins.find((b) => Number(b.t) === outside)?.pvPowerW).not.toBe(-1);
    // A window wholly inside the span, with no stale mark, is read from the table alone: every bin of it.
    const within = await binsOfTable(dayStart + 9 * HOUR, dayStart + 15 * HOUR);
    expect(within).toHaveLength(6 * 12);
    expect(within.find((b) => Number(b.t) === inside)?.pvPowerW).toBe(-1);
  });

  it('a late reading marks its bucket stale: read raw at once, aggregated again by the next round', async () => {
    const bucket = dayStart + 12 * HOUR;
    // Between two stored minutes: a reading the device kept in its storage and sends now.
    await store([{ sn: device.sn, ts: bucket + 30_000, values: { pvPowerW: 8888, gridVoltageAV: 240 } }]);
    expect(await staleMarks()).toBe(1);
    await expectSameAsRaw();
    // A window wholly inside the span that holds the marked bucket is not read from the table alone.
    await expectSameAsRaw(dayStart + 9 * HOUR, dayStart + 15 * HOUR);
    expect((await binsOfTable()).find((b) => Number(b.t) === bucket)?.pvPowerW).not.toBe(-1);

    const round = await aggregateValues(db, quiet, { now: dayStart + 18 * HOUR + LATE_MS + SETTLE_MS + 1000 });
    expect(round.refreshed).toBe(1);
    expect(await staleMarks()).toBe(0);
    await expectSameAsRaw();
  });

  it('a live reading marks nothing (its bucket has not settled), nor one before the covered span', async () => {
    await store([{ sn: device.sn, ts: Date.now(), values: { pvPowerW: 1234 } }]);
    await store([{ sn: device.sn, ts: Date.now() - LATE_MS / 4, values: { pvPowerW: 1235 } }]);
    // 01:00:30 yesterday, before the span's start at 06:00: the history never reads the table there.
    await store([{ sn: device.sn, ts: dayStart + HOUR + 30_000, values: { pvPowerW: 1236 } }]);
    // Another process (a fresh ingest) that knows the span's start skips the statement; the same outcome.
    const other = new Ingest(db);
    await other.submit(device, { sn: device.sn, ts: dayStart + 2 * HOUR + 30_000, values: { pvPowerW: 1237 } });
    expect(await staleMarks()).toBe(0);
    await expectSameAsRaw();
  });

  it('the device history of a day (5-minute bins) equals the raw readings binned, whatever the table covers', async () => {
    // Cover everything up to now, then compare the whole day and today so far.
    await aggregateValues(db, quiet, { maxChunks: 100 });
    const progress = await valuesProgress(db);
    expect(progress.coveredTo!.getTime()).toBeGreaterThan(now - 2 * HOUR);
    // Two buckets spoilt and marked stale: the next round writes them again from their readings.
    const spoilt = [new Date(dayStart + 13 * HOUR), new Date(dayStart + 14 * HOUR)];
    await db.query(
      `UPDATE device_values_5m SET pv_power_w = -1 WHERE device_id = $1 AND bucket = ANY($2::timestamptz[])`,
      [device.id, spoilt],
    );
    await db.query(`INSERT INTO device_values_5m_stale SELECT $1, unnest($2::timestamptz[])`, [device.id, spoilt]);
    expect((await aggregateValues(db, quiet)).refreshed).toBe(2);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_values_5m WHERE device_id = $1 AND pv_power_w = -1 AND bucket >= $2`,
      [device.id, new Date(dayStart + 6 * HOUR)],
    );
    expect(rows[0]!.n).toBe(0);
    await expectSameAsRaw();
    const today = localDayStart(localDay(now, ZONE), ZONE)!;
    await expectSameAsRaw(today, today + 24 * HOUR);
  });

  it('retention: rows before the cut-off go and the span starts at it, so those days read the raw readings', async () => {
    const cutoff = new Date(dayStart + 12 * HOUR);
    const before = await valuesProgress(db);
    const deleted = await purgeValuesBefore(db, cutoff, 1);
    expect(deleted).toBe(6 * 12);
    const after = await valuesProgress(db);
    expect(after.coveredFrom).toEqual(cutoff);
    expect(after.coveredTo).toEqual(before.coveredTo);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_values_5m WHERE bucket < $1`,
      [cutoff],
    );
    expect(rows[0]!.n).toBe(0);
    await expectSameAsRaw();
    // Again: nothing more to delete, the span unchanged.
    expect(await purgeValuesBefore(db, cutoff)).toBe(0);
    expect(await valuesProgress(db)).toEqual(after);
  });
});
