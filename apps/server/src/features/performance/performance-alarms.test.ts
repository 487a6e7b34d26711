import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_RULES } from '@voltfleet/domain/alarms';
import { clearSkyDailyPoaKwhM2 } from '@voltfleet/domain/solar';
import { localDay, localDayStart, shiftDay } from '@voltfleet/domain/time';
import { adminId, makePlant, startTestServer, type TestServer } from '../../test/harness.js';
import { startWeatherFixtureServer, type WeatherFixtureServer } from '../../test/weather-fixture-server.js';
import { AlarmEngine } from '../alarms/index.js';
import { openMeteoProvider } from '../weather/weather.provider.js';
import { WeatherService } from '../weather/weather.service.js';
import { PerformanceJob } from './performance.job.js';

// The under-performance rules end to end: irradiance from an Open-Meteo answer served by a local server, energy in
// the rollups, the job, and the real alarm engine. The answers are built from the clear-sky model of their own dates
// (a sunny day gives 0.9 of the clear sky, a grey one 0.3), so the test sees the same sunny and grey days whatever the
// season it runs in.
const ZONE = 'Europe/Prague';
const SITE = { latitude: 50.1, longitude: 14.4, tiltDeg: 35, azimuthDeg: 180 };
const today = localDay(Date.now(), ZONE);
const day = (offset: number) => shiftDay(today, offset);
const clear = (offset: number) => clearSkyDailyPoaKwhM2(SITE, day(offset), ZONE);

let fixtures: WeatherFixtureServer;
let s: TestServer;
let engine: AlarmEngine;
const events: string[] = [];

/** An Open-Meteo answer: hourly tilted irradiance from 31 days ago to 2 days ahead, `clearness(offset)` of the clear sky. */
function answer(clearness: (offset: number) => number) {
  const time: string[] = [];
  const gti: number[] = [];
  for (let offset = -31; offset <= 2; offset += 1) {
    // Ten hours of equal irradiance (the hours ending 09:00 … 18:00): their sum is the day's irradiation.
    const perHourWh = (clearness(offset) * clear(offset) * 1000) / 10;
    for (let h = 0; h < 24; h += 1) {
      time.push(`${day(offset)}T${String(h).padStart(2, '0')}:00`);
      gti.push(h >= 9 && h <= 18 ? Math.round(perHourWh * 10) / 10 : 0);
    }
  }
  const days = [0, 1, 2].map(day);
  return {
    latitude: SITE.latitude,
    longitude: SITE.longitude,
    timezone: ZONE,
    hourly: { time, global_tilted_irradiance: gti },
    daily: {
      time: days,
      weather_code: [1, 2, 3],
      temperature_2m_max: [10, 11, 12],
      temperature_2m_min: [1, 2, 3],
      precipitation_sum: [0, 0, 0],
      wind_speed_10m_max: [5, 6, 7],
    },
  };
}

/** A 10 kWp plant with two 10K inverters; returns the plant and the inverters, lead (lowest id) first. */
async function plantWithTwins(name: string): Promise<{ plantId: number; a: number; b: number }> {
  const owner = await adminId(s.db);
  const plantId = await makePlant(s.db, name, owner);
  await s.db.query(`UPDATE plants SET inclination_deg = 35, azimuth_deg = 180 WHERE id = $1`, [plantId]);
  const ids: number[] = [];
  for (const suffix of ['A', 'B']) {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
      [`${name.replace(/\W/g, '')}${suffix}`, owner, plantId],
    );
    ids.push(rows[0]!.id);
  }
  return { plantId, a: ids[0]!, b: ids[1]! };
}

/** A day's energy: the plant's and each inverter's PV kWh. */
async function produce(p: { plantId: number; a: number; b: number }, offset: number, a: number, b: number) {
  await s.db.query(
    `INSERT INTO plant_energy_day (plant_id, day, pv_kwh) VALUES ($1, $2, $3)
     ON CONFLICT (plant_id, day) DO UPDATE SET pv_kwh = excluded.pv_kwh`,
    [p.plantId, day(offset), a + b],
  );
  for (const [id, kwh] of [
    [p.a, a],
    [p.b, b],
  ] as const)
    await s.db.query(
      `INSERT INTO device_energy_day (device_id, day, pv_kwh) VALUES ($1, $2, $3)
       ON CONFLICT (device_id, day) DO UPDATE SET pv_kwh = excluded.pv_kwh`,
      [id, day(offset), kwh],
    );
}

async function fetchIrradiance(plantId: number, body: unknown) {
  fixtures.body = body;
  const weather = new WeatherService(s.db, openMeteoProvider({ url: fixtures.url, timeoutMs: 2000 }));
  expect(await weather.refresh({ plantId, timeZone: ZONE, ...SITE })).toEqual({
    ok: true,
  });
}

async function activePerformanceAlarms(deviceIds: number[]) {
  const { rows } = await s.db.query<{ device_id: number; code: string; raised_at: Date }>(
    `SELECT device_id, code, raised_at FROM alarms
      WHERE device_id = ANY($1::int[]) AND group_name = 'performance' AND state = 'active' ORDER BY device_id, code`,
    [deviceIds],
  );
  return rows;
}

let lost: { plantId: number; a: number; b: number };
let cloudy: { plantId: number; a: number; b: number };
let job: PerformanceJob;

beforeAll(async () => {
  fixtures = await startWeatherFixtureServer();
  s = await startTestServer({ WEATHER_URL: fixtures.url });
  engine = new AlarmEngine(s.db, { rules: DEFAULT_ALARM_RULES });
  engine.on('alarm', (e: { event: string; alarm: { deviceId: number; code: string } }) =>
    events.push(`${e.event} ${e.alarm.code} ${e.alarm.deviceId}`),
  );
  job = new PerformanceJob(s.db, engine, { settings: s.config.performance.settings });
  lost = await plantWithTwins('String lost');
  cloudy = await plantWithTwins('Cloudy week');
  // A healthy array gives 0.8 of 10 kWp × irradiation, half from each inverter.
  const healthy = (offset: number, clearness: number) => (0.8 * 10 * clearness * clear(offset)) / 2;
  for (let offset = -31; offset <= -1; offset += 1) {
    const h = healthy(offset, 0.9);
    // The last three days: inverter B lost one of its two strings.
    await produce(lost, offset, h, offset >= -3 ? h / 2 : h);
    // The last week grey, both inverters alike, the ratio lower under weak light (0.6 rather than 0.8).
    if (offset >= -7) await produce(cloudy, offset, 0.75 * healthy(offset, 0.3), 0.75 * healthy(offset, 0.3));
    else await produce(cloudy, offset, h, h);
  }
  await fetchIrradiance(
    lost.plantId,
    answer(() => 0.9),
  );
  await fetchIrradiance(
    cloudy.plantId,
    answer((offset) => (offset >= -7 ? 0.3 : 0.9)),
  );
  await job.round();
});
afterAll(async () => {
  await engine?.stop();
  await s?.close();
  await fixtures?.close();
});

describe('under-performance alarms', () => {
  it('raises the plant alarm on its lead inverter and the sibling alarm on the inverter that lost a string', async () => {
    const alarms = await activePerformanceAlarms([lost.a, lost.b]);
    expect(alarms.map((a) => [a.device_id, a.code])).toEqual([
      [lost.a, 'performance.plantBelowBaseline'],
      [lost.b, 'performance.deviceBelowSiblings'],
    ]);
    // Raised at the start of the first of the three sunny days under the margin, in the plant's calendar.
    for (const a of alarms) expect(a.raised_at.getTime()).toBe(localDayStart(day(-3), ZONE));
    expect(events).toEqual(
      expect.arrayContaining([
        `raised performance.plantBelowBaseline ${lost.a}`,
        `raised performance.deviceBelowSiblings ${lost.b}`,
      ]),
    );
  });

  it('raises nothing for a grey week, though its ratio is low', async () => {
    expect(await activePerformanceAlarms([cloudy.a, cloudy.b])).toEqual([]);
    const { rows } = await s.db.query<{ sunny: boolean; n: number }>(
      `SELECT sunny, count(*)::int AS n FROM plant_irradiance_days WHERE plant_id = $1 GROUP BY sunny ORDER BY sunny`,
      [cloudy.plantId],
    );
    expect(rows).toEqual([
      { sunny: false, n: 7 },
      // The first day of the plant's data (partial) gets none.
      { sunny: true, n: 23 },
    ]);
  });

  it('raises each alarm once, however often the job runs', async () => {
    await job.round();
    expect(await activePerformanceAlarms([lost.a, lost.b])).toHaveLength(2);
    expect(events.filter((e) => e.startsWith('raised'))).toHaveLength(2);
  });

  it('recovers both when a sunny day is back within the margin', async () => {
    const h = (0.8 * 10 * 0.9 * clear(-1)) / 2;
    await produce(lost, -1, h, h);
    await job.judge(Date.now());
    expect(await activePerformanceAlarms([lost.a, lost.b])).toEqual([]);
    expect(events.filter((e) => e.startsWith('recovered'))).toHaveLength(2);
  });
});
