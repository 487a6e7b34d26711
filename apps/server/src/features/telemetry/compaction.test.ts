import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldKey, Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { energyMismatches, readEnergyTotals } from '../../test/energy-check.js';
import { adminId, openTestDatabase } from '../../test/harness.js';
import { compactReadings, compactionHorizon } from './compaction.job.js';
import { Ingest } from './ingest.js';
import { READING_VALUE_COLUMNS, readingsIn } from './readings-source.js';
import { readingBins } from '../device-detail/device-history.repository.js';
import { compactedArraysSelect, decodeCompactedDay, type CompactedArraysRow } from './compact-decode.js';
import { compactedBranch } from './compact-format.js';
import { VALUES_STEP_MS } from './values-5m.js';
import { valueBins } from './values-5m.repository.js';

/*
 * The compaction job on a real database (PGlite, and native PostgreSQL in CI). Devices X and Y report once a minute for
 * the last 12 days with the same readings (daily counters that reset at the plant's midnight, a gap of three hours,
 * fields that come and go, 1–3 decimals, a seq, extra values); Y also has one reading X gets only after its day was
 * compacted. Z holds rows written directly with values no device sends (many decimals, -0, float noise, huge codes).
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
const now = Date.now();
const start = Math.floor(now / DAY) * DAY - 12 * DAY;
const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };
/** A late reading, 30 s into a minute of day −10 (compacted by then). */
const LATE_TS = start + 2 * DAY + 7 * 3_600_000 + 30_000;

let db: Db;
const devices: Record<'x' | 'y' | 'z' | 'w', { id: number; sn: string }> = {} as never;

function series(sn: string): Reading[] {
  const out: Reading[] = [];
  let total = 1000;
  let today = 0;
  let lastDay = -1;
  for (let ts = start; ts < now - 2 * MINUTE; ts += MINUTE) {
    const minuteOfDay = Math.floor((ts % DAY) / MINUTE);
    // Gap: the device was off from 02:00 to 05:00 UTC on day −9.
    if (ts >= start + 3 * DAY + 2 * 3_600_000 && ts < start + 3 * DAY + 5 * 3_600_000) continue;
    const day = Math.floor((ts + 3_600_000) / DAY); // local midnight of a UTC+1 plant
    if (day !== lastDay) today = 0;
    lastDay = day;
    const sun = Math.max(0, Math.sin(((minuteOfDay - 360) / 720) * Math.PI));
    const powerW = Math.round(sun * 8000 + (minuteOfDay % 7) * 3);
    const kwh = Math.round(powerW / 60) / 1000;
    total = Math.round((total + kwh) * 100) / 100;
    today = Math.round((today + kwh) * 100) / 100;
    const values: Reading['values'] = {
      pvPowerW: powerW,
      pvEnergyTotalKwh: total,
      pvEnergyTodayKwh: today,
      gridVoltageAV: Math.round((230 + Math.sin(minuteOfDay / 17) * 4) * 10) / 10,
      gridFrequencyHz: Math.round((50 + Math.sin(minuteOfDay / 5) * 0.04) * 100) / 100,
      pcsState: minuteOfDay % 300 === 0 ? 2 : 1,
    };
    // A field that comes and goes: the battery reports every other minute only.
    if (minuteOfDay % 2 === 0) values.batCellVoltageMaxV = Math.round((3.3 + (minuteOfDay % 50) / 1000) * 1000) / 1000;
    const r: Reading = { sn, ts, seq: Math.floor((ts - start) / MINUTE), values };
    if (minuteOfDay % 240 === 0) r.extra = { note: `Ünïcode ${minuteOfDay}`, n: minuteOfDay };
    out.push(r);
  }
  return out;
}

async function ingest(readings: Reading[], sn: string): Promise<void> {
  const sink = new Ingest(db, { maxBatch: 500 });
  const device = Object.values(devices).find((d) => d.sn === sn)!;
  await Promise.all(readings.map((r) => sink.submit(device, { ...r, sn })));
  await sink.flush();
}

/** Every stored value of a device's readings as text, raw and compacted alike, in time order. */
async function snapshot(deviceId: number, omit: string[] = []): Promise<Record<string, unknown>[]> {
  const columns = READING_VALUE_COLUMNS.filter((c) => !omit.includes(c));
  const { rows } = await db.query(
    `SELECT r.ts::text AS ts, ${columns.map((c) => `r.${c}::text AS ${c}`).join(', ')}
       FROM ${readingsIn({ device: '$1', from: "'-infinity'", to: "'infinity'", columns })} r ORDER BY r.ts`,
    [deviceId],
  );
  return rows;
}

/** Sums in another order differ in their last bits: compared to the nanowatt-hour. */
const rounded = (totals: Awaited<ReturnType<typeof readEnergyTotals>>) =>
  JSON.stringify(totals, (_k, v: unknown) =>
    v instanceof Map
      ? [...(v as Map<number, unknown>).entries()].sort((a, b) => a[0] - b[0])
      : typeof v === 'number'
        ? Math.round(v * 1e9) / 1e9
        : v,
  );

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params as never[]);
  return Number(rows[0]!.n);
}

async function rollups(deviceId: number) {
  const out: Record<string, unknown[]> = {};
  for (const t of ['device_energy_5m', 'device_energy_day', 'device_energy_month']) {
    const at = t.endsWith('5m') ? 'bucket' : t.endsWith('day') ? 'day' : 'month';
    out[t] = (
      await db.query(
        `SELECT ${at}::text AS at, round(pv_kwh::numeric, 9)::text AS pv FROM ${t} WHERE device_id = $1 ORDER BY 1`,
        [deviceId],
      )
    ).rows;
  }
  return out;
}

beforeAll(async () => {
  ({ db } = await openTestDatabase());
  const owner = await adminId(db);
  const plant = (
    await db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ('compaction', 1, 10, 14, 50, 'Africa/Lagos', $1) RETURNING id`,
      [owner],
    )
  ).rows[0]!.id;
  for (const key of ['x', 'y', 'z', 'w'] as const) {
    const sn = `VFCMP${key.toUpperCase()}000001`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
      [sn, owner, plant],
    );
    devices[key] = { id: rows[0]!.id, sn };
  }
  const readings = series('ignored');
  const late = readings.find((r) => r.ts > LATE_TS)!;
  const lateReading: Reading = { ...late, ts: LATE_TS, seq: undefined as never, values: { ...late.values } };
  delete lateReading.seq;
  await ingest(readings, devices.x.sn);
  await ingest([...readings, lateReading], devices.y.sn);
  lateX = lateReading;
}, 240_000);
afterAll(() => db?.close());

let lateX: Reading;

describe('readings compaction', () => {
  let before: Record<string, unknown>[];
  let beforeY: Record<string, unknown>[];
  const horizon = compactionHorizon(7, now);

  it('moves every day before the horizon into one row per device and day, every value read back the same', async () => {
    before = await snapshot(devices.x.id);
    beforeY = await snapshot(devices.y.id);
    const totals = rounded(await readEnergyTotals(db));
    const result = await compactReadings(db, 7, quiet, { now });
    expect(result.failed).toBe(0);
    // Days −12 … −8 of both devices (Z has no readings yet).
    expect(result.days).toBe(10);
    expect(await count(`SELECT count(*) AS n FROM readings_compact`)).toBe(10);
    expect(await count(`SELECT count(*) AS n FROM readings WHERE ts < $1`, [new Date(horizon)])).toBe(0);
    expect(await snapshot(devices.x.id)).toEqual(before);
    expect(await snapshot(devices.y.id)).toEqual(beforeY);
    expect(rounded(await readEnergyTotals(db))).toEqual(totals);
    expect(energyMismatches(await readEnergyTotals(db))).toEqual([]);
  }, 120_000);

  it('is idempotent: a second round finds nothing to do', async () => {
    const result = await compactReadings(db, 7, quiet, { now });
    expect(result).toMatchObject({ days: 0, readings: 0, failed: 0 });
    expect(await snapshot(devices.x.id)).toEqual(before);
  }, 120_000);

  it('a late reading for a compacted day is placed exactly: readings and rollups as if it had come in time', async () => {
    await ingest([lateX], devices.x.sn);
    const omit = ['received_at'];
    expect(await snapshot(devices.x.id, omit)).toEqual(await snapshot(devices.y.id, omit));
    expect(await rollups(devices.x.id)).toEqual(await rollups(devices.y.id));
    expect(energyMismatches(await readEnergyTotals(db))).toEqual([]);
    // Its day went back to raw for the chain; the next round compacts it again, unchanged.
    const raw = await snapshot(devices.x.id);
    expect(
      await count(`SELECT count(*) AS n FROM readings WHERE device_id = $1 AND ts < $2`, [
        devices.x.id,
        new Date(horizon),
      ]),
    ).toBeGreaterThan(0);
    const again = await compactReadings(db, 7, quiet, { now });
    expect(again.failed).toBe(0);
    expect(again.days).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM readings WHERE ts < $1`, [new Date(horizon)])).toBe(0);
    expect(await snapshot(devices.x.id)).toEqual(raw);
  }, 120_000);

  it('keeps every value exactly, whatever its digits, and a device’s newest reading raw', async () => {
    const z = devices.z.id;
    const day = start + DAY;
    await db.query(
      `INSERT INTO readings (device_id, ts, received_at, seq, prev_ts, pv_power_w, grid_frequency_hz, pv_energy_total_kwh,
                             fault_word, pcs_state, d_pv_kwh, extra)
       SELECT $1, v.ts, v.received_at, v.seq, v.prev_ts, v.p, v.f, v.e, v.fw, v.st, v.d, v.x
         FROM unnest($2::timestamptz[], $3::timestamptz[], $4::int8[], $5::timestamptz[], $6::real[], $7::real[],
                     $8::float8[], $9::int8[], $10::int2[], $11::float8[], $12::jsonb[])
           AS v(ts, received_at, seq, prev_ts, p, f, e, fw, st, d, x)`,
      [
        z,
        [day + 1, day + 60_000, day + 120_000, day + 180_000, day + 3 * DAY].map((t) => new Date(t).toISOString()),
        [
          '2020-01-01T00:00:00.123456Z',
          '2030-01-01T00:00:00.000001Z',
          '2000-06-01T12:00:00Z',
          '2000-06-01T12:00:00Z',
          '2000-06-01T12:00:00Z',
        ],
        ['9007199254740993', null, '0', '1', '2'],
        [null, '1999-12-31T23:59:59.999999Z', new Date(day + 60_000).toISOString(), null, null],
        ['-0', '3.4028235e+38', '1.1754944e-38', '0.1', '7'],
        ['49.99', '1e-45', '-123.456', null, '50'],
        ['0.30000000000000004', '-0', '1.7976931348623157e+308', '5e-324', '12.5'],
        ['9223372036854775807', '-9223372036854775808', '0', '4294967296', '1'],
        ['32767', '-32768', null, '0', '1'],
        ['0.1', '0', '2.2250738585072014e-308', '123456.789012', '0'],
        ['{"a": "quote \\" and ✓"}', null, '{"nested": {"k": [1, 2.5, null]}}', null, null],
      ],
    );
    const beforeZ = await snapshot(z);
    const result = await compactReadings(db, 7, quiet, { now });
    expect(result).toMatchObject({ days: 1, readings: 4, failed: 0 });
    expect(await snapshot(z)).toEqual(beforeZ);
    const { rows } = await db.query<{ decimals: string; exact: Record<string, unknown> | null }>(
      `SELECT decimals::text, exact FROM readings_compact WHERE device_id = $1`,
      [z],
    );
    // -0, 1e-45, 1.8e308 and 2.2e-308 no integer of few decimals holds: those columns keep their texts.
    expect(Object.keys(rows[0]!.exact ?? {}).sort()).toEqual([
      'd_pv_kwh',
      'grid_frequency_hz',
      'pv_energy_total_kwh',
      'pv_power_w',
    ]);
    // The newest reading (day −9) stays raw: the latest value of a silent device is read from the raw table.
    expect(await count(`SELECT count(*) AS n FROM readings WHERE device_id = $1`, [z])).toBe(1);
  }, 120_000);

  it('a history sent in order after its first days were compacted makes nothing raw again', async () => {
    const w = devices.w;
    const history = series('ignored');
    const inDays = (from: number, to: number) =>
      history.filter((r) => r.ts >= start + from * DAY && r.ts < start + to * DAY);
    await ingest(inDays(0, 2), w.sn);
    await compactReadings(db, 7, quiet, { now });
    const compacted = () => count(`SELECT count(*) AS n FROM readings_compact WHERE device_id = $1`, [w.id]);
    expect(await compacted()).toBe(2);
    // The next days arrive in order (a device catching up, the demo's history): each batch's previous reading is the
    // raw newest one, so no compacted day is touched.
    await ingest(inDays(2, 3), w.sn);
    expect(await compacted()).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM readings WHERE device_id = $1`, [w.id])).toBe(
      inDays(2, 3).length + 1,
    );
    // Z's rows were written by hand with made-up deltas: only W's rollups are checked.
    const mismatches = energyMismatches(await readEnergyTotals(db));
    expect(mismatches.filter((m) => m.startsWith(`device ${w.id} `))).toEqual([]);
  }, 120_000);

  // The history of a compacted day decodes its arrays in Node (values-5m.repository.ts): it must give what the SQL
  // decode gives, to the last bit, or fall back to it.
  const HISTORY: FieldKey[] = [
    'pvPowerW',
    'gridVoltageAV',
    'gridFrequencyHz',
    'batCellVoltageMaxV',
    'pvEnergyTodayKwh',
  ];
  const HISTORY_COLUMNS = [
    'pv_power_w',
    'grid_voltage_av',
    'grid_frequency_hz',
    'bat_cell_voltage_max_v',
    'pv_energy_today_kwh',
  ] as const;
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.fromEntries(['t', ...HISTORY].map((k) => [k, r[k] === null ? null : Number(r[k])])));

  it('decodes a compacted day in Node to the values the SQL decode reads, bit for bit', async () => {
    const day = new Date(start + 3 * DAY).toISOString().slice(0, 10);
    const where = `rc.device_id = $1 AND rc.day = $2::date`;
    const sql = await db.query<Record<string, number | null>>(
      `SELECT (extract(epoch FROM ts) * 1e6)::float8 AS us, ${HISTORY_COLUMNS.map((c) => `${c}::float8 AS ${c}`).join(', ')}
         FROM (${compactedBranch([...HISTORY_COLUMNS], where)}) x ORDER BY ts`,
      [devices.x.id, day],
    );
    const { rows } = await db.query<CompactedArraysRow>(
      `SELECT ${compactedArraysSelect(HISTORY_COLUMNS)} FROM readings_compact rc WHERE ${where}`,
      [devices.x.id, day],
    );
    const decoded = decodeCompactedDay(rows[0]!, HISTORY_COLUMNS)!;
    // The gap day: 21 hours of readings, the battery every other minute.
    expect(decoded.tUs.length).toBe(sql.rows.length);
    expect(sql.rows.length).toBe(21 * 60);
    sql.rows.forEach((row, r) => {
      expect(decoded.dayStartMs * 1000 + decoded.tUs[r]!).toBe(row.us);
      HISTORY_COLUMNS.forEach((c, i) => {
        const v = decoded.values[i]![r]!;
        expect([r, c, Number.isNaN(v) ? null : v]).toEqual([r, c, row[c]]);
      });
    });
    expect(decoded.values[3]!.filter((v) => Number.isNaN(v)).length).toBe(sql.rows.length / 2);
  });

  it('bins a compacted day as the SQL decode bins it: a gap, a bucket shared with the raw newest reading, texts', async () => {
    const cases = [
      { device: devices.x.id, from: start + 3 * DAY, raw: 0 },
      // W's newest reading of its first two days stayed raw when they were compacted; later days came after it.
      { device: devices.w.id, from: start + DAY, raw: 1 },
      // Z's columns that kept their texts (-0, 1e-45, …) are not decoded in Node: the SQL decode reads the day.
      { device: devices.z.id, from: start + DAY, raw: 0 },
    ];
    for (const c of cases) {
      const w = { deviceId: c.device, fromMs: c.from, toMs: c.from + DAY };
      const raw = await count(`SELECT count(*) AS n FROM readings WHERE device_id = $1 AND ts >= $2 AND ts < $3`, [
        c.device,
        new Date(w.fromMs),
        new Date(w.toMs),
      ]);
      expect([c.device, raw]).toEqual([c.device, c.raw]);
      const fromNode = plain(await valueBins(db, w, HISTORY));
      const fromSql = plain(await readingBins(db, w, HISTORY, VALUES_STEP_MS));
      expect(fromNode.length).toBeGreaterThan(0);
      expect(fromNode).toEqual(fromSql);
    }
  });
});
