import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTERY_HEALTH_FALLING_CODE, DEFAULT_ALARM_RULES } from '@voltfleet/domain/alarms';
import { DEFAULT_PERFORMANCE_SETTINGS, type BatteryHealth } from '@voltfleet/domain/performance';
import type { Reading } from '@voltfleet/domain/telemetry';
import { localDay, localDayStart, shiftDay } from '@voltfleet/domain/time';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  loginToken,
  makePlant,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { AlarmEngine } from '../alarms/index.js';
import { compactReadings, compactionHorizon } from '../telemetry/compaction.job.js';
import { Ingest } from '../telemetry/ingest.js';
import { BatteryHealthJob } from './battery-health.job.js';

/*
 * Issue 42: the battery-health days are read from the inverter's readings, raw and compacted, never from the 5-minute
 * values table (this test never runs its job: the table stays empty, as it is for every day before the job's first
 * round). 45 past days of hourly readings and today's so far; the history arrives in two parts, as the demo seeds
 * it: first up to noon of the tenth day back, then the rest, after which all but the last 7 days are compacted.
 */

const ZONE = 'Europe/Prague';
const HOUR = 3_600_000;
const now = Date.now();
const today = localDay(now, ZONE);
const DAYS = 45;
const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };
/** The day `k` days back. */
const dayBack = (k: number) => shiftDay(today, -k);
/** The health a day ends with: 2 points a month down to 90 % yesterday (and on below it today). */
const sohOf = (k: number) => 90 + ((k - 1) * 2) / 30;
/** Where the first part of the history ends: noon of the tenth day back. */
const partEnd = localDayStart(dayBack(10), ZONE)! + 12 * HOUR;

let s: TestServer;
let token: string;
const inverter = { id: 0, sn: 'BHDAYINV1' };
let batteryId = 0;
const engine = () => new AlarmEngine(s.db, { rules: DEFAULT_ALARM_RULES });
let job: BatteryHealthJob;

/**
 * Hourly readings in [from, to): the 10th hour of a day reports half a point more health, the 20th the widest cell
 * spread (3.42/3.30 V, 120 mV; 50 mV otherwise); counters grow every hour.
 */
function readings(from: number, to: number): Reading[] {
  const out: Reading[] = [];
  for (let ts = from; ts < to; ts += HOUR) {
    const day = localDay(ts, ZONE);
    const k = Math.round((Date.parse(today) - Date.parse(day)) / 86_400_000);
    const hour = Math.round((ts - localDayStart(day, ZONE)!) / HOUR);
    const n = (ts - localDayStart(dayBack(DAYS), ZONE)!) / HOUR;
    out.push({
      sn: inverter.sn,
      ts,
      values: {
        batSocPct: 50,
        batSohPct: sohOf(k) + (hour === 10 ? 0.5 : 0),
        batCellVoltageMaxV: hour === 20 ? 3.42 : 3.4,
        batCellVoltageMinV: hour === 20 ? 3.3 : 3.35,
        batCycleCount: 200 - k,
        loadEnergyTotalKwh: 1000 + n * 0.5,
        batChargeTotalKwh: 500 + n * 0.2,
      },
    });
  }
  return out;
}

async function ingest(list: Reading[]) {
  const sink = new Ingest(s.db, { maxBatch: 2000 });
  await Promise.all(list.map((r) => sink.submit(inverter, r)));
  await sink.flush();
}

async function rows() {
  const { rows: days } = await s.db.query<{
    day: string;
    soh_pct: number | null;
    soh_min_pct: number | null;
    soh_max_pct: number | null;
    cell_spread_mv: number | null;
    cycle_count: number | null;
  }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, soh_pct, soh_min_pct, soh_max_pct, cell_spread_mv, cycle_count
       FROM battery_health_days WHERE device_id = $1 ORDER BY day`,
    [inverter.id],
  );
  return new Map(days.map((d) => [d.day, d]));
}

/** The figures of a whole day `k` back (its 10th hour: 0.5 points more; its 20th: the 120 mV spread). */
function expectWholeDay(row: Record<string, unknown> | undefined, k: number) {
  expect(row).toBeDefined();
  expect(row!.soh_pct as number).toBeCloseTo(sohOf(k), 4);
  expect(row!.soh_min_pct as number).toBeCloseTo(sohOf(k), 4);
  expect(row!.soh_max_pct as number).toBeCloseTo(sohOf(k) + 0.5, 4);
  expect(row!.cell_spread_mv as number).toBeCloseTo(120, 2);
  expect(row!.cycle_count).toBe(200 - k);
}

const activeAlarms = async () =>
  (
    await s.db.query<{ device_id: number; raised_at: Date }>(
      `SELECT device_id, raised_at FROM alarms WHERE code = $1 AND state = 'active'`,
      [BATTERY_HEALTH_FALLING_CODE],
    )
  ).rows;

beforeAll(async () => {
  s = await startTestServer();
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  const owner = await adminId(s.db);
  const plantId = await makePlant(s.db, 'Battery days roof', owner);
  const device = async (sn: string, kind: string, via: number | null) =>
    (
      await s.db.query<{ id: number }>(
        `INSERT INTO devices (sn, kind, model, owner_id, plant_id, reports_via, activated_at)
         VALUES ($1, $2, 'X', $3, $4, $5, now()) RETURNING id`,
        [sn, kind, owner, plantId, via],
      )
    ).rows[0]!.id;
  inverter.id = await device(inverter.sn, 'inverter', null);
  batteryId = await device('BHDAYBAT1', 'battery', inverter.id);
  job = new BatteryHealthJob(s.db, engine(), DEFAULT_PERFORMANCE_SETTINGS, { batch: 20, judgeEveryMs: 1000 });
  await ingest(readings(localDayStart(dayBack(DAYS), ZONE)!, partEnd));
}, 120_000);
afterAll(() => s?.close());

describe('the battery-health days', () => {
  it('fills the newest complete days first, a batch per round, from raw readings (half of a day seeded half)', async () => {
    expect(await job.round(now)).toMatchObject({ filledDays: 20 });
    const days = await rows();
    expect([...days.keys()]).toEqual([...Array(20).keys()].map((i) => dayBack(29 - i)));
    expectWholeDay(days.get(dayBack(20)), 20);
    // The tenth day back so far: its morning (its widest spread is in the evening).
    expect(days.get(dayBack(10))).toMatchObject({ cycle_count: 190 });
    expect(days.get(dayBack(10))!.cell_spread_mv!).toBeCloseTo(50, 2);
    expect(days.get(dayBack(10))!.soh_max_pct!).toBeCloseTo(sohOf(10) + 0.5, 4);
    // 20 days span less than the month the fall rate needs: no alarm yet.
    expect(await activeAlarms()).toEqual([]);
  });

  it('reads the rest of the backlog over the next rounds, compacted days and a day whose readings came later', async () => {
    await ingest(readings(partEnd, now - 60_000));
    const compacted = await compactReadings(s.db, 7, quiet, { now });
    expect(compacted).toMatchObject({ failed: 0 });
    expect(compacted.days).toBeGreaterThan(30);
    const raw = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM readings WHERE device_id = $1 AND ts < $2`,
      [inverter.id, new Date(compactionHorizon(7, now))],
    );
    expect(raw.rows[0]!.n).toBe(0);
    const values = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_values_5m`);
    expect(values.rows[0]!.n).toBe(0);

    // Due: the 9 newer days, the tenth back (its energy grew) and the 16 older: 26, twenty a round, newest first.
    expect(await job.round(now + 1)).toMatchObject({ filledDays: 20 });
    expect(await job.round(now + 2)).toMatchObject({ filledDays: 6 });
    expect(await job.round(now + 3)).toEqual({ filledDays: 0, judged: 0 });
    const days = await rows();
    expect([...days.keys()]).toEqual([...Array(DAYS).keys()].map((i) => dayBack(DAYS - i)));
    for (let k = 1; k <= DAYS; k++) expectWholeDay(days.get(dayBack(k)), k);
  });

  it('raises the alarm on the battery device from those days, since the first day fitted', async () => {
    const alarms = await activeAlarms();
    expect(alarms.map((a) => a.device_id)).toEqual([batteryId]);
    expect(alarms[0]!.raised_at.getTime()).toBe(localDayStart(dayBack(DAYS), ZONE));
  });

  it("answers the page the same days and today's newest health", async () => {
    const res = await api<BatteryHealth>(s.app, 'GET', `/api/devices/${batteryId}/battery-health`, { token });
    expect(res.status).toBe(200);
    const h = res.body.data;
    expect(h.sohTrend.map((p) => p.day)).toEqual([...Array(DAYS + 1).keys()].map((i) => dayBack(DAYS - i)));
    expect(h.sohPct).toBe(Math.round(sohOf(0) * 100) / 100);
    expect(h.sohFallPerMonthPct).toBe(2);
    expect(h.bmsCycleCount).toBe(200);
    expect(h.cellSpreadTrend.find((p) => p.day === dayBack(30))).toEqual({ day: dayBack(30), spreadMv: 120 });
  });

  it('looks at the last week only in a quiet round, at the whole span in the hourly one', async () => {
    await s.db.query(`DELETE FROM battery_health_days WHERE device_id = $1 AND day = $2::date`, [
      inverter.id,
      dayBack(30),
    ]);
    expect(await job.round(now + 4)).toEqual({ filledDays: 0, judged: 0 });
    expect(await job.round(now + 5000)).toEqual({ filledDays: 1, judged: 1 });
    expectWholeDay((await rows()).get(dayBack(30)), 30);
  });
});
