import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reading } from '@voltfleet/domain/telemetry';
import { localDay, localDayStart, shiftDay } from '@voltfleet/domain/time';
import { readEnergyTotals } from '../../test/energy-check.js';
import { TEST_ADMIN_PASSWORD, adminId, api, loginToken, startTestServer, type TestServer } from '../../test/harness.js';
import { compactReadings, compactionHorizon } from './compaction.job.js';
import { Ingest } from './ingest.js';
import { acceptedFrom, retentionCutoff } from './retention.js';
import { chainAnchors } from './retention.repository.js';

/*
 * Issue 39: every reader answers the same before and after compaction. A year of simulated readings of two inverters
 * of a plant in Europe/Prague (both daylight-saving days in it), one every 15 minutes (bounded for CI time) and every
 * minute for a morning,
 * with daily counters that reset at the plant's midnight, a total counter replaced (back to 0), gaps of two days and
 * of a few hours (one across the repeated hour of October). Compaction then moves all but the last 7 days. The
 * 5-minute values job has not run (aggregating a year of them took minutes on PGlite): history's days are binned from
 * the readings before compaction as after (values-5m.test.ts covers the table). Each reader is asked through
 * its HTTP route where it has one.
 */

const ZONE = 'Europe/Prague';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STEP = 15 * MINUTE;
const now = Date.now();
const today = localDay(now, ZONE);
const firstDay = shiftDay(today, -365);
const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };

let s: TestServer;
let token: string;
let plantId: number;
const devices: { id: number; sn: string }[] = [];

/** The plant-local days of the year, with their start and end. */
const days: { day: string; from: number; to: number }[] = [];
for (let d = firstDay; d < today; d = shiftDay(d, 1))
  days.push({ day: d, from: localDayStart(d, ZONE)!, to: localDayStart(shiftDay(d, 1), ZONE)! });
const [springDay, autumnDay] = [
  days.find((d) => d.to - d.from < 24 * HOUR)!,
  days.find((d) => d.to - d.from > 24 * HOUR)!,
];
const normalDay = days[120]!;
/** Device 0 is off for two whole days; device 1 for three hours, and across the repeated hour of the autumn day. */
const offDays = new Set([days[100]!.day, days[101]!.day]);
const offHours: [number, number][] = [
  [days[150]!.from + 9 * HOUR, days[150]!.from + 12 * HOUR],
  [autumnDay.from + 1.5 * HOUR, autumnDay.from + 4 * HOUR],
];
/** Device 1's total counter is replaced at noon of this day: it starts again at 0. */
const resetDay = days[200]!;
/** A morning reported every minute: 5-minute bins of several readings. */
const denseDay = days[250]!;

function series(index: number): Reading[] {
  const out: Reading[] = [];
  let total = 1000 + index * 500;
  for (const { day, from, to } of days) {
    if (index === 0 && offDays.has(day)) continue;
    let todayKwh = 0;
    for (let ts = Math.ceil(from / STEP) * STEP; ts < to;) {
      const off = index === 1 && offHours.some(([a, b]) => ts >= a && ts < b);
      const hour = (ts - from) / HOUR;
      const sun = Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI));
      const powerW = Math.round(sun * (7000 + index * 900) + ((ts / STEP) % 7));
      const dense = day === denseDay.day && hour >= 8 && hour < 11;
      const kwh = Math.round((powerW * (dense ? 1 : 15)) / 60) / 1000;
      if (index === 1 && day === resetDay.day && hour >= 12 && hour < 12 + 1 / 12) total = 0;
      total = Math.round((total + kwh) * 1000) / 1000;
      todayKwh = Math.round((todayKwh + kwh) * 1000) / 1000;
      if (!off)
        out.push({
          sn: devices[index]!.sn,
          ts,
          values: {
            pvPowerW: powerW,
            pvEnergyTodayKwh: todayKwh,
            pvEnergyTotalKwh: total,
            loadPowerW: 300 + ((ts / STEP) % 11) * 20,
            loadEnergyTotalKwh: Math.round(total * 400) / 1000,
            gridVoltageAV: Math.round((230 + Math.sin(ts / 3_000_000) * 4) * 10) / 10,
            batSocPct: Math.round(50 + 40 * Math.sin(hour / 4)),
          },
        });
      ts += dense ? MINUTE : STEP;
    }
  }
  return out;
}

interface Answers {
  history: Record<string, unknown>;
  report: Record<string, unknown>;
  generation: Record<string, unknown>;
  energy: string;
  anchors: string;
}

const FIELDS = 'pvPowerW,gridVoltageAV,batSocPct,loadPowerW,pvEnergyTodayKwh';

async function get(path: string): Promise<unknown> {
  const res = await api(s.app, 'GET', path, { token });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(200);
  return res.body.data;
}

/**
 * Sums in another order differ in their last bits: compared to 12 significant digits (a year's 35,000 deltas of a
 * device, summed over the plant in another order, differ by 1e-8 kWh of 41,000: to the nanowatt-hour is too close).
 * Per-device maps in device order: a GROUP BY without ORDER BY answers in any order (PostgreSQL's did change).
 */
const rounded = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) =>
    v instanceof Map
      ? [...(v as Map<number, unknown>).entries()].sort((a, b) => a[0] - b[0])
      : typeof v === 'number'
        ? Number(v.toPrecision(12))
        : v,
  );

async function answers(): Promise<Answers> {
  const windows = {
    normal: [normalDay.day, normalDay.day],
    spring: [springDay.day, springDay.day],
    autumn: [autumnDay.day, autumnDay.day],
    dense: [denseDay.day, denseDay.day],
    gap: [days[99]!.day, days[102]!.day],
    reset: [shiftDay(resetDay.day, -1), shiftDay(resetDay.day, 1)],
    week: [autumnDay.day, shiftDay(autumnDay.day, 6)],
  };
  const history: Record<string, unknown> = {};
  for (const device of devices)
    for (const [name, [start, end]] of Object.entries(windows))
      history[`${device.id} ${name}`] = await get(
        `/api/devices/${device.id}/history?fields=${FIELDS}&range=custom&start=${start}&end=${end}`,
      );
  const report: Record<string, unknown> = {};
  const generation: Record<string, unknown> = {};
  const ids = devices.map((d) => d.id).join(',');
  for (const { day } of [normalDay, springDay, autumnDay, denseDay, resetDay]) {
    for (const step of ['5m', '1h'])
      report[`${day} ${step}`] = await get(
        `/api/reports/data?deviceIds=${ids}&indices=pvPowerW,gridVoltageAV,batSocPct,pvEnergyTodayKwh&period=day&date=${day}&step=${step}`,
      );
    generation[day] = await get(`/api/plants/${plantId}/generation?range=day&date=${day}`);
  }
  // Retention's anchors for every cut-off of the year: each device's last reading before it.
  const anchors: unknown[] = [];
  for (const back of [2, 6, 11]) {
    const cutoff = retentionCutoff(back, now);
    anchors.push(await chainAnchors(s.db, new Date(cutoff), new Date(Math.max(cutoff, acceptedFrom(now)))));
    // And for a device silent since: anchors of an imagined later "now" (no reading in [cutoff, +35 days)).
    anchors.push(await chainAnchors(s.db, new Date(cutoff), new Date(cutoff + 35 * 24 * HOUR)));
  }
  return { history, report, generation, energy: rounded(await readEnergyTotals(s.db)), anchors: rounded(anchors) };
}

let before: Answers;
let after: Answers;

beforeAll(async () => {
  s = await startTestServer();
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  const owner = await adminId(s.db);
  plantId = (
    await s.db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ('compaction readers', 1, 10, 14.4, 50.1, $1, $2) RETURNING id`,
      [ZONE, owner],
    )
  ).rows[0]!.id;
  for (const sn of ['VFCMR0000001', 'VFCMR0000002']) {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
      [sn, owner, plantId],
    );
    devices.push({ id: rows[0]!.id, sn });
  }
  for (const [i, device] of devices.entries()) {
    const sink = new Ingest(s.db, { maxBatch: 2000 });
    const readings = series(i);
    for (let k = 0; k < readings.length; k += 20_000)
      await Promise.all(readings.slice(k, k + 20_000).map((r) => sink.submit(device, r)));
    await sink.flush();
  }
}, 600_000);
afterAll(() => s?.close());

describe('every reader answers the same before and after compaction', () => {
  it('compacts every day of the year but the last 7', async () => {
    before = await answers();
    const result = await compactReadings(s.db, 7, quiet, { now });
    expect(result.failed).toBe(0);
    const { rows } = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings WHERE ts < $1`, [
      new Date(compactionHorizon(7, now)),
    ]);
    expect(rows[0]!.n).toBe(0);
    after = await answers();
  }, 600_000);

  it.each(['history', 'report', 'generation', 'energy', 'anchors'] as const)('%s', (reader) => {
    expect(after[reader]).toEqual(before[reader]);
  });
});
