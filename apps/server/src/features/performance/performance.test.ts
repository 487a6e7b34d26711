import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRanking, PlantPerformance, PlantRanking } from '@voltfleet/domain/performance';
import type { PlantListItem } from '@voltfleet/domain/plants';
import { clearSkyDailyPoaKwhM2 } from '@voltfleet/domain/solar';
import { localDay, shiftDay } from '@voltfleet/domain/time';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { startWeatherFixtureServer, type WeatherFixtureServer } from '../../test/weather-fixture-server.js';
import { openMeteoProvider } from '../weather/weather.provider.js';
import { WeatherService } from '../weather/weather.service.js';
import { PerformanceJob } from './performance.job.js';

// PR and expected energy against hand-computed days: open-meteo-performance.json is an answer in Open-Meteo's
// format (hourly global tilted irradiance, 7 past days and 3 forecast days) with values chosen to be summed by hand:
// a 4.2 kWh/m² day is 50+150+300+450+550+600+600+550+450+300+150+50 Wh/m², others are 0.5, 0.75 of it; the fifth day
// before today misses an hour (left out). The fixture server shifts it so its first forecast day is today.
const ZONE = 'Europe/Prague';
const today = () => localDay(Date.now(), ZONE);
const day = (offset: number) => shiftDay(today(), offset);

let fixtures: WeatherFixtureServer;
let s: TestServer;
let admin: string;
let viewer: string;
let own: number;
let foreign: number;

async function energy(plantId: number, offset: number, kwh: number) {
  await s.db.query(`INSERT INTO plant_energy_day (plant_id, day, pv_kwh) VALUES ($1, $2, $3)`, [
    plantId,
    day(offset),
    kwh,
  ]);
}

const performanceOf = (plantId: number, query: string, token = viewer, lang = 'en') =>
  api<PlantPerformance>(s.app, 'GET', `/api/plants/${plantId}/performance?${query}`, {
    token,
    lang,
  });

beforeAll(async () => {
  fixtures = await startWeatherFixtureServer();
  s = await startTestServer({ WEATHER_URL: fixtures.url, WEATHER_TIMEOUT_MS: '2000' });
  const root = await adminId(s.db);
  const role = await makeRole(s.db, 'performance viewer', ['A']);
  const branch = await makeUser(s.db, { username: 'perf_branch', roleId: role, superiorId: root });
  const other = await makeUser(s.db, { username: 'perf_other', roleId: role, superiorId: root });
  own = await makePlant(s.db, 'Performance own', branch.id);
  foreign = await makePlant(s.db, 'Performance foreign', other.id);
  await s.db.query(`UPDATE plants SET inclination_deg = 35, azimuth_deg = 180 WHERE id = ANY($1::int[])`, [
    [own, foreign],
  ]);
  // Hand-computed: PR = kWh / (10 kWp × kWh/m²).
  for (const [offset, kwh] of [
    [-8, 3.1],
    [-7, 33.6],
    [-6, 12.6],
    [-5, 20],
    [-4, 33.6],
    [-3, 30.24],
    [-2, 25.2],
    [-1, 33.6],
    [0, 5],
  ] as const)
    await energy(own, offset, kwh);
  await energy(foreign, -1, 40);
  fixtures.file = 'open-meteo-performance.json';
  const weather = new WeatherService(s.db, openMeteoProvider({ url: fixtures.url, timeoutMs: 2000 }));
  const outcomes = await weather.refreshDue(10, 60);
  expect(outcomes.every((o) => o.ok)).toBe(true);
  const job = new PerformanceJob(
    s.db,
    { syncConditions: async () => undefined },
    { settings: s.config.performance.settings },
  );
  await job.round();
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  viewer = await loginToken(s.app, 'perf_branch', 'Passw0rd-1');
});
afterAll(async () => {
  await s?.close();
  await fixtures?.close();
});

describe('irradiance from the weather service', () => {
  it('asks Open-Meteo for the hourly tilted irradiance on the plant array with a month of past days', () => {
    const query = fixtures.requests.find((q) => q.get('hourly'))!;
    expect(Object.fromEntries(query)).toMatchObject({
      hourly: 'global_tilted_irradiance',
      tilt: '35',
      azimuth: '0',
      past_days: '31',
      timezone: ZONE,
    });
  });

  it('stores each complete past day summed by hand, and leaves out the day with a missing hour', async () => {
    const { rows } = await s.db.query<{ day: string; poa: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, poa_kwh_m2 AS poa FROM weather_irradiance_days
        WHERE plant_id = $1 ORDER BY day`,
      [own],
    );
    expect(rows).toEqual([
      { day: day(-7), poa: 4.2 },
      { day: day(-6), poa: 2.1 },
      { day: day(-4), poa: 4.2 },
      { day: day(-3), poa: 4.2 },
      { day: day(-2), poa: 3.15 },
      { day: day(-1), poa: 4.2 },
    ]);
  });
});

describe('GET /api/plants/:plantId/performance', () => {
  it('gives actual, expected, PR and specific yield per day against the hand-computed figures', async () => {
    const res = await performanceOf(own, `from=${day(-7)}&to=${day(0)}`);
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.data.rows.map((r) => [r.period, r]));
    expect(rows[day(-7)]).toMatchObject({
      actualKwh: 33.6,
      poaKwhM2: 4.2,
      expectedKwh: 33.6,
      pr: 0.8,
      specificYieldKwhKwp: 3.36,
      source: 'openMeteo',
      days: 1,
    });
    expect(rows[day(-6)]).toMatchObject({ actualKwh: 12.6, poaKwhM2: 2.1, expectedKwh: 16.8, pr: 0.6 });
    expect(rows[day(-3)]).toMatchObject({ actualKwh: 30.24, pr: 0.72, expectedKwh: 33.6 });
    expect(rows[day(-2)]).toMatchObject({ actualKwh: 25.2, poaKwhM2: 3.15, pr: 0.8, expectedKwh: 25.2 });
    // Without the weather service's day, the clear-sky model stands in, marked, and judges no sunny day.
    const clear = clearSkyDailyPoaKwhM2(
      { latitude: 50.1, longitude: 14.4, tiltDeg: 35, azimuthDeg: 180 },
      day(-5),
      ZONE,
    );
    expect(rows[day(-5)]).toMatchObject({
      source: 'clearSky',
      sunnyDays: 0,
      poaKwhM2: Math.round(clear * 1000) / 1000,
    });
    // Today is still running: its energy counts, but it has no irradiance and no ratio yet.
    expect(rows[day(0)]).toMatchObject({ actualKwh: 5, poaKwhM2: null, pr: null, expectedKwh: null, source: null });
    expect(res.body.data).toMatchObject({ kwp: 10, designPr: 0.8 });
  });

  it("leaves the first day of a plant's data out of the ratio: it is partial", async () => {
    const res = await performanceOf(own, `from=${day(-8)}&to=${day(-8)}`);
    expect(res.body.data.rows[0]).toMatchObject({ actualKwh: 3.1, poaKwhM2: null, pr: null, source: null, days: 0 });
  });

  it('sums a span as ratios of sums, not means of ratios', async () => {
    const res = await performanceOf(own, `from=${day(-4)}&to=${day(-1)}`);
    // 33.6 + 30.24 + 25.2 + 33.6 = 122.64 kWh under 4.2 + 4.2 + 3.15 + 4.2 = 15.75 kWh/m² on 10 kWp.
    expect(res.body.data.total).toMatchObject({
      actualKwh: 122.64,
      poaKwhM2: 15.75,
      expectedKwh: 126,
      pr: 0.779,
      specificYieldKwhKwp: 12.26,
      source: 'openMeteo',
      days: 4,
    });
  });

  it('groups by month and year with the same totals', async () => {
    const span = `from=${day(-7)}&to=${day(-1)}`;
    const daily = (await performanceOf(own, span)).body.data.total;
    for (const granularity of ['month', 'year']) {
      const res = await performanceOf(own, `granularity=${granularity}&${span}`);
      expect(res.body.data.total).toEqual(daily);
      const sum = res.body.data.rows.reduce((a, r) => a + r.actualKwh, 0);
      expect(Math.round(sum * 100) / 100).toBe(daily.actualKwh);
      expect(res.body.data.rows[0]!.source).toBe('mixed');
    }
  });

  it('answers a plant of another branch exactly like a missing one', async () => {
    const foreignRes = await performanceOf(foreign, `from=${day(-7)}&to=${day(-1)}`);
    const missing = await performanceOf(2_000_000_000, `from=${day(-7)}&to=${day(-1)}`);
    expect(foreignRes.status).toBe(404);
    expect(foreignRes.body).toEqual(missing.body);
    expect((await performanceOf(foreign, `from=${day(-7)}&to=${day(-1)}`, admin)).status).toBe(200);
  });

  it.each([
    ['a date that does not exist', 'from=2026-02-30&to=2026-03-02', 'en', 'This value is not valid'],
    ['a reversed range', 'from=2026-03-02&to=2026-03-01', 'de', 'Das Enddatum darf nicht vor dem Startdatum liegen'],
    [
      'a day span over a year',
      'from=2025-01-01&to=2026-03-01',
      'cs',
      'Období je pro tento pohled příliš dlouhé; zvolte kratší',
    ],
    ['an unknown granularity', 'granularity=week&from=2026-03-01&to=2026-03-02', 'en', 'This value is not valid'],
    ['arrays', 'from=2026-03-01&from=2026-03-02&to=2026-03-03', 'en', undefined],
    ['a NUL byte', 'from=2026-03-01%00&to=2026-03-03', 'en', 'NUL character'],
  ])('refuses %s with a localised 400', async (_, query, lang, msg) => {
    const res = await performanceOf(own, query, viewer, lang);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    if (msg) expect(res.body.msg).toContain(msg);
  });
});

describe('rankings and the plant list', () => {
  it('ranks only the caller inverters against their siblings, worst first, and exports only them', async () => {
    const owner = (plantId: number) =>
      s.db.query<{ owner_id: number }>(`SELECT owner_id FROM plants WHERE id = $1`, [plantId]);
    for (const [plantId, prefix, kwh] of [
      [own, 'PERFOWN', [40, 20]],
      [foreign, 'PERFFOREIGN', [40, 40]],
    ] as const) {
      const ownerId = (await owner(plantId)).rows[0]!.owner_id;
      for (const [i, energy] of kwh.entries()) {
        const { rows } = await s.db.query<{ id: number }>(
          `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
          [`${prefix}${i}`, ownerId, plantId],
        );
        await s.db.query(`INSERT INTO device_energy_day (device_id, day, pv_kwh) VALUES ($1, $2, $3)`, [
          rows[0]!.id,
          day(-1),
          energy,
        ]);
      }
    }
    const res = await api<DeviceRanking>(s.app, 'GET', `/api/performance/devices?from=${day(-1)}&to=${day(-1)}`, {
      token: viewer,
    });
    // With one sibling each is compared with the other: 20 against 40, then 40 against 20.
    expect(res.body.data.rows.map((r) => [r.sn, r.siblingRatio, r.siblingMedianKwh])).toEqual([
      ['PERFOWN1', 0.5, 40],
      ['PERFOWN0', 2, 20],
    ]);
    const file = await s.app.inject({
      method: 'GET',
      url: `/api/performance/devices/export?from=${day(-1)}&to=${day(-1)}&format=csv`,
      headers: { token: viewer },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('PERFOWN1');
    expect(file.body).not.toContain('PERFFOREIGN');
  });

  it('ranks only the caller plants, worst ratio first', async () => {
    const res = await api<PlantRanking>(s.app, 'GET', `/api/performance/plants?from=${day(-1)}&to=${day(-1)}`, {
      token: admin,
    });
    const names = res.body.data.rows.map((r) => r.plantName);
    // foreign: 40 kWh under 4.2 kWh/m² → 0.952; own: 0.8.
    expect(names.indexOf('Performance own')).toBeLessThan(names.indexOf('Performance foreign'));
    const mine = await api<PlantRanking>(s.app, 'GET', `/api/performance/plants?from=${day(-1)}&to=${day(-1)}`, {
      token: viewer,
    });
    expect(mine.body.data.rows.map((r) => r.plantName)).toEqual(['Performance own']);
    expect(mine.body.data.rows[0]).toMatchObject({ pr: 0.8, expectedKwh: 33.6, actualKwh: 33.6, source: 'openMeteo' });
  });

  it('exports the ranking of the caller plants with headers in their language', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/performance/plants/export?from=${day(-7)}&to=${day(-1)}&format=csv`,
      headers: { token: viewer, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Performance Ratio');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Performance own');
    expect(res.body).not.toContain('foreign');
  });

  it('shows in the plant list the ratio of the last 30 complete days, as the tab gives it', async () => {
    const list = await api<PlantListItem[]>(s.app, 'GET', '/api/plants', { token: viewer });
    const row = list.body.data.find((p) => p.plantId === own)!;
    const tab = await performanceOf(own, `from=${day(-30)}&to=${day(-1)}`);
    expect(row.performanceRatio30d).toBe(tab.body.data.total.pr);
    expect(row.performanceRatio30d).not.toBeNull();
  });
});
