import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTERY_HEALTH_FALLING_CODE, DEFAULT_ALARM_RULES } from '@voltfleet/domain/alarms';
import { DEFAULT_PERFORMANCE_SETTINGS, type BatteryHealth } from '@voltfleet/domain/performance';
import { localDay, localDayStart, shiftDay } from '@voltfleet/domain/time';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { AlarmEngine } from '../alarms/index.js';
import { Ingest } from '../telemetry/ingest.js';
import { startBatteryHealthJob } from './battery-health.job.js';
import { judgeBatteries, spanStart } from './battery-health.service.js';

const ZONE = 'Europe/Prague';
const HOUR = 3_600_000;
const now = Date.now();
// Calendar days back from the plant's today: counting 24-hour steps back would land twice on the day of a clock change
// (the test failed in the last hour of a Prague day with the October change inside its 100 days).
const dayBack = (k: number) => shiftDay(localDay(now, ZONE), -k);
const settings = DEFAULT_PERFORMANCE_SETTINGS;
let s: TestServer;
let tokenA: string;
let tokenB: string;
const ids: Record<string, number> = {};

/** The plant-local month `back` months before the current one, 'YYYY-MM'. */
function monthBack(back: number): string {
  const [y, m] = localDay(now, ZONE).split('-').map(Number) as [number, number];
  const i = y * 12 + m - 1 - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

async function device(sn: string, kind: string, ownerId: number, plantId: number | null, via?: number) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, reports_via, activated_at)
     VALUES ($1, $2, 'X', $3, $4, $5, now()) RETURNING id`,
    [sn, kind, ownerId, plantId, via ?? null],
  );
  ids[sn] = rows[0]!.id;
  return rows[0]!.id;
}

/**
 * 100 plant-local days up to yesterday of daily health (as the job writes it from the readings: at 10:00 the health
 * half a point above the day's value, cells 3.40/3.35 V; at 20:00 the day's value, cells 3.42/3.30 V, the day's widest
 * spread, 120 mV). The day's health falls `fallPerMonth` points per 30 days down to 90 % yesterday; the cycle count is
 * 100 plus the day's index. battery-health.days.test.ts reads such days from readings.
 */
async function fill(deviceId: number, fallPerMonth: number) {
  const rows: unknown[][] = [];
  for (let k = 100; k >= 1; k--) {
    const soh = 90 + ((k - 1) * fallPerMonth) / 30;
    rows.push([dayBack(k), soh, soh, soh + 0.5, 120, 200 - k]);
  }
  await s.db.query(
    `INSERT INTO battery_health_days (device_id, day, soh_pct, soh_min_pct, soh_max_pct, cell_spread_mv, cycle_count,
                                      energy_kwh)
     SELECT $1, *, 0 FROM unnest($2::date[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])`,
    [deviceId, ...[0, 1, 2, 3, 4, 5].map((c) => rows.map((r) => r[c]))],
  );
}

const health = (id: number, query = '', token = tokenA, lang = 'en') =>
  api<BatteryHealth>(s.app, 'GET', `/api/devices/${id}/battery-health${query}`, { token, lang });

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'batA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'batB', roleId: dealer, superiorId: root });
  // Plant A: 20 kWh shared by two batteries, each behind its inverter.
  const plantA = await makePlant(s.db, 'Battery roof A', a.id);
  await device('BHINVA1', 'inverter', a.id, plantA);
  await device('BHINVA2', 'inverter', a.id, plantA);
  await device('BHBATA1', 'battery', a.id, plantA, ids.BHINVA1);
  await device('BHBATA2', 'battery', a.id, plantA, ids.BHINVA2);
  await device('BHDTUA', 'collector', a.id, plantA);
  // Plant C: one inverter whose battery is not a device of its own (its readings carry battery values).
  const plantC = await makePlant(s.db, 'Battery roof C', a.id);
  await device('BHINVC', 'inverter', a.id, plantC);
  // Branch B's battery.
  const plantB = await makePlant(s.db, 'Battery roof B', b.id);
  await device('BHINVB', 'inverter', b.id, plantB);
  await device('BHBATB', 'battery', b.id, plantB, ids.BHINVB);

  await fill(ids.BHINVA1!, 2);
  await fill(ids.BHINVA2!, 0.1);
  await fill(ids.BHINVC!, 2);
  await fill(ids.BHINVB!, 2);
  await new Ingest(s.db).submit(
    { id: ids.BHINVC!, sn: 'BHINVC' },
    { sn: 'BHINVC', ts: now - HOUR, values: { batSocPct: 55, batPowerW: 100 } },
  );
  // Monthly energy of A1's inverter: two months ago 100 → 90 kWh, last month 0.5 → 0.4 kWh (too little to judge),
  // this month 200 → 188 kWh; and a year and a month ago, outside twelve months.
  const months: [number, number, number][] = [
    [13, 1000, 900],
    [2, 100, 90],
    [1, 0.5, 0.4],
    [0, 200, 188],
  ];
  for (const [back, charge, discharge] of months)
    await s.db.query(
      `INSERT INTO device_energy_month (device_id, month, bat_charge_kwh, bat_discharge_kwh)
       VALUES ($1, $2::date, $3, $4)`,
      [ids.BHINVA1!, `${monthBack(back)}-01`, charge, discharge],
    );
  tokenA = await loginToken(s.app, 'batA', 'Passw0rd-1');
  tokenB = await loginToken(s.app, 'batB', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('GET /api/devices/:deviceId/battery-health', () => {
  it("answers a battery's figures from its inverter's daily health and monthly rollups", async () => {
    const res = await health(ids.BHBATA1!, '?months=3');
    expect(res.status).toBe(200);
    const h = res.body.data;
    const first = `${monthBack(2)}-01`;
    const shownDays = [...Array(100).keys()].map((k) => dayBack(100 - k)).filter((d) => d >= first);
    expect(h).toMatchObject({
      deviceId: ids.BHBATA1,
      capacityKwh: 10,
      sohPct: 90,
      sohFallPerMonthPct: 2,
      alarmFallPerMonthPct: 0.5,
      bmsCycleCount: 199,
      // 90 + 0.4 + 188 kWh discharged over 10 kWh.
      equivalentFullCycles: 27.8,
      efficiencyByMonth: [
        { month: monthBack(2), chargeKwh: 100, dischargeKwh: 90, efficiency: 0.9 },
        { month: monthBack(1), chargeKwh: 0.5, dischargeKwh: 0.4, efficiency: null },
        { month: monthBack(0), chargeKwh: 200, dischargeKwh: 188, efficiency: 0.94 },
      ],
    });
    expect(h.sohTrend.map((p) => p.day)).toEqual(shownDays);
    expect(h.sohTrend.at(-2)).toEqual({ day: shownDays.at(-2), sohPct: 90.07 });
    expect(h.cellSpreadTrend).toEqual(shownDays.map((day) => ({ day, spreadMv: 120 })));
  });

  it('reads twelve months by default, and an inverter with a battery answers its own', async () => {
    const battery = (await health(ids.BHBATA1!)).body.data;
    expect(battery.sohTrend).toHaveLength(100);
    expect(battery.efficiencyByMonth.map((m) => m.month)).not.toContain(monthBack(13));
    expect(battery.efficiencyByMonth).toHaveLength(3);
    const inverter = (await health(ids.BHINVA1!)).body.data;
    expect({ ...inverter, deviceId: 0 }).toEqual({ ...battery, deviceId: 0 });
    // No battery device in plant C: the plant's capacity is its one inverter's.
    const own = (await health(ids.BHINVC!)).body.data;
    expect(own).toMatchObject({ capacityKwh: 20, sohPct: 90, sohFallPerMonthPct: 2, efficiencyByMonth: [] });
    expect(own.equivalentFullCycles).toBeNull();
  });

  it('answers a device without battery data with empty trends and nulls', async () => {
    const res = await health(ids.BHDTUA!);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      deviceId: ids.BHDTUA,
      capacityKwh: null,
      sohPct: null,
      sohTrend: [],
      sohFallPerMonthPct: null,
      alarmFallPerMonthPct: 0.5,
      equivalentFullCycles: null,
      bmsCycleCount: null,
      efficiencyByMonth: [],
      cellSpreadTrend: [],
    });
  });

  it("answers another branch's battery exactly like a missing one", async () => {
    const foreign = await health(ids.BHBATB!, '?months=2', tokenA, 'de');
    const missing = await health(2_000_000_001, '?months=2', tokenA, 'de');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await health(ids.BHBATB!, '', tokenB)).status).toBe(200);
    expect((await health(ids.BHBATA1!, '', tokenB)).status).toBe(404);
  });

  it.each(['?months=0', '?months=121', '?months=1e309', '?months=1.5', '?months=x', '?months=1&months=2', '?months='])(
    'refuses %s with a localised validation answer',
    async (query) => {
      const res = await health(ids.BHBATA1!, query, tokenA, 'de');
      expect(res.status).toBe(400);
      const msg = 'Dieser Wert ist ungültig';
      expect(res.body).toEqual({ code: 'validation', msg, data: { issues: [{ path: 'months', message: msg }] } });
    },
  );

  it('refuses a caller without a session', async () => {
    const res = await api(s.app, 'GET', `/api/devices/${ids.BHBATA1}/battery-health`);
    expect(res.status).toBe(401);
  });
});

describe('spanStart', () => {
  it("starts at the first local day of the month months - 1 before the current, across a year's end", () => {
    const jan = Date.parse('2026-01-15T12:00:00Z');
    expect(spanStart(jan, ZONE, 1)).toEqual({ fromMonth: '2026-01-01', from: new Date('2025-12-31T23:00:00Z') });
    expect(spanStart(jan, ZONE, 13).fromMonth).toBe('2025-01-01');
    expect(spanStart(jan, ZONE, 2).fromMonth).toBe('2025-12-01');
  });
});

describe('the battery-health alarm job', () => {
  const active = async () => {
    const { rows } = await s.db.query<{ device_id: number; raised_at: Date }>(
      `SELECT device_id, raised_at FROM alarms WHERE code = $1 AND state = 'active' ORDER BY device_id`,
      [BATTERY_HEALTH_FALLING_CODE],
    );
    return rows;
  };

  it('judges the battery devices and the inverter without one; 2 points a month is falling, 0.1 is not', async () => {
    const verdicts = await judgeBatteries(s.db, settings, now);
    const byDevice = Object.fromEntries(verdicts.map((v) => [v.deviceId, v.present]));
    expect(byDevice).toEqual({
      [ids.BHBATA1!]: true,
      [ids.BHBATA2!]: false,
      [ids.BHINVC!]: true,
      [ids.BHBATB!]: true,
    });
    // Since the first day of the 90 days fitted.
    const since = verdicts.find((v) => v.deviceId === ids.BHBATA1)!.since.getTime();
    expect(since).toBe(localDayStart(dayBack(90), ZONE));
  });

  it('raises the alarm on the battery device at its start, once, and recovers it when health holds', async () => {
    const engine = new AlarmEngine(s.db, { rules: DEFAULT_ALARM_RULES });
    const events: string[] = [];
    engine.on('alarm', (e: { event: string; alarm: { deviceId: number } }) =>
      events.push(`${e.event} ${e.alarm.deviceId}`),
    );
    await startBatteryHealthJob(s.db, engine, settings, { error: () => undefined })();
    expect((await active()).map((a) => a.device_id)).toEqual(
      [ids.BHBATA1!, ids.BHINVC!, ids.BHBATB!].sort((x, y) => x - y),
    );
    expect(events).toHaveLength(3);
    // A second round changes nothing.
    await startBatteryHealthJob(s.db, engine, settings, { error: () => undefined })();
    expect(events).toHaveLength(3);

    // A1's health now holds at 90 %: its alarm recovers; the others stay.
    await s.db.query(`UPDATE battery_health_days SET soh_pct = 90 WHERE device_id = $1`, [ids.BHINVA1!]);
    await startBatteryHealthJob(s.db, engine, settings, { error: () => undefined })();
    expect(events.slice(3)).toEqual([`recovered ${ids.BHBATA1}`]);
    expect((await active()).map((a) => a.device_id)).not.toContain(ids.BHBATA1);
    expect((await health(ids.BHBATA1!)).body.data.sohFallPerMonthPct).toBe(0);
  });
});
