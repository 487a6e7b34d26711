import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyTrend, PlantStatsSummary } from '@voltfleet/domain/plants';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../test/harness.js';
import type { Caller } from '../../platform/auth.js';
import { addDevice, addFigures, addPlant, flatTariff } from '../../test/plant-figures-fixture.js';
import { scopeOf, statisticsSummary } from './plant-stats.service.js';

// West is in UTC-8, East in UTC+8. At NOW West's clock reads 2026-12-31 12:00 and East's 2027-01-01 04:00: their
// today, month and year all differ, and differ from the UTC date (2026-12-31 20:00).
const NOW = Date.parse('2026-12-31T20:00:00Z');
const WEST = 'Etc/GMT+8';
const EAST = 'Asia/Shanghai';
const PASSWORD = 'Passw0rd-1';

let s: TestServer;
const plants = { west: 0, east: 0, dark: 0, foreign: 0 };
let dealerA: { id: number; path: string };
const tokens: Record<string, string> = {};

// admin ─┬─ statsDealerA: West (online, EUR), East (alarm, CNY, own saving factors), Dark (no devices: offline)
//        ├─ statsDealerB: Foreign (figures that must never show up for dealer A)
//        ├─ statsPlantOnly: a role with module A but not the statistics page A/A
//        └─ statsDevicesOnly: a role without module A
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  dealerA = await makeUser(s.db, { username: 'statsDealerA', roleId: dealer, superiorId: root });
  const dealerB = await makeUser(s.db, { username: 'statsDealerB', roleId: dealer, superiorId: root });
  await makeUser(s.db, {
    username: 'statsPlantOnly',
    roleId: await makeRole(s.db, 'PlantOnly', ['A']),
    superiorId: root,
  });
  const devicesRole = await makeRole(s.db, 'DevicesOnly', ['B', 'B/A']);
  await makeUser(s.db, { username: 'statsDevicesOnly', roleId: devicesRole, superiorId: root });

  plants.west = await addPlant(s.db, { name: 'West', ownerId: dealerA.id, timeZone: WEST, currency: 'EUR', type: 1 });
  plants.east = await addPlant(s.db, { name: 'East', ownerId: dealerA.id, timeZone: EAST, type: 2, powerKw: 50 });
  plants.dark = await addPlant(s.db, { name: 'Dark', ownerId: dealerA.id, timeZone: 'UTC', type: 2 });
  plants.foreign = await addPlant(s.db, { name: 'Foreign', ownerId: dealerB.id, timeZone: EAST, powerKw: 500 });
  const west = await addDevice(s.db, { sn: 'STATSWEST01', ownerId: dealerA.id, plantId: plants.west });
  // West stays normal with one active minor alarm (a recovered one and the foreign plant's active one count nowhere).
  const foreignDevice = await addDevice(s.db, { sn: 'STATSFOR01', ownerId: dealerB.id, plantId: plants.foreign });
  for (const [device, plant, severity, rank, state] of [
    [west, plants.west, 'minor', 2, 'active'],
    [west, plants.west, 'critical', 0, 'recovered'],
    [foreignDevice, plants.foreign, 'critical', 0, 'active'],
  ] as const)
    await s.db.query(
      `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at,
                           recovered_at)
       VALUES ($1, $2, 'grid.frequencyHigh', 'grid', $3, $4, $5, now(), now(), CASE WHEN $5 = 'recovered' THEN now() END)`,
      [device, plant, severity, rank, state],
    );
  await addDevice(s.db, { sn: 'STATSEAST01', ownerId: dealerA.id, plantId: plants.east, alarm: true });

  // Load = PV and no grid: each bucket earns PV × price (earnings are (load − import + export) × price).
  const figure = (plant: number, zone: string, at: string, pv: number) =>
    addFigures(s.db, plant, zone, at, { pv, load: pv, batCharge: pv / 2 });
  await figure(plants.west, WEST, '2026-12-31 10:00', 1); // West: today, this month, this year
  await figure(plants.west, WEST, '2026-12-05 10:00', 2); // West: this month, this year
  await figure(plants.west, WEST, '2026-03-01 10:00', 4); // West: this year
  await figure(plants.west, WEST, '2025-06-01 10:00', 8); // West: total only
  await figure(plants.east, EAST, '2027-01-01 10:00', 16); // East: today, this month, this year
  await figure(plants.east, EAST, '2026-12-31 10:00', 32); // East: last year — the UTC date's "today"
  await figure(plants.foreign, EAST, '2027-01-01 10:00', 1000);
  await figure(plants.foreign, EAST, '2026-12-31 10:00', 1000);
  await flatTariff(s.db, plants.west, 'EUR', 0.5);
  await flatTariff(s.db, plants.east, 'CNY', 1);
  await flatTariff(s.db, plants.foreign, 'CNY', 1);
  await s.db.query(
    `INSERT INTO plant_energy_saving (plant_id, coal_kg_per_kwh, co2_kg_per_kwh, trees_per_kwh) VALUES ($1, 1, 2, 0.1)`,
    [plants.east],
  );
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of ['statsDealerA', 'statsPlantOnly', 'statsDevicesOnly']) {
    tokens[name] = await loginToken(s.app, name, PASSWORD);
  }
}, 60_000);
afterAll(() => s.close());

const callerA = (): Caller => ({
  id: dealerA.id,
  username: 'statsDealerA',
  path: dealerA.path,
  level: 1,
  roleId: 0,
  permissions: new Set(['A', 'A/A']),
  approved: true,
  tokenHash: '',
});

describe('statistics summary: each plant’s periods in its own time zone', () => {
  let summary: PlantStatsSummary;
  beforeAll(async () => {
    summary = await statisticsSummary(s.db, scopeOf(callerA(), 300), NOW);
  });

  it('sums generation over each plant’s local today, month, year and all time', () => {
    expect(summary.energy.today.pvKwh).toBe(1 + 16);
    expect(summary.energy.month.pvKwh).toBe(1 + 2 + 16);
    expect(summary.energy.year.pvKwh).toBe(1 + 2 + 4 + 16);
    expect(summary.energy.total.pvKwh).toBe(1 + 2 + 4 + 8 + 16 + 32);
    expect(summary.energy.total.loadKwh).toBe(63);
    expect(summary.energy.today.batChargeKwh).toBe(8.5);
    expect(summary.energy.today.gridImportKwh).toBe(0);
  });

  it('reports earnings per currency, never added across currencies', () => {
    expect(summary.earnings.today).toEqual([
      { currency: 'CNY', amount: 16 },
      { currency: 'EUR', amount: 0.5 },
    ]);
    expect(summary.earnings.month).toEqual([
      { currency: 'CNY', amount: 16 },
      { currency: 'EUR', amount: 1.5 },
    ]);
    expect(summary.earnings.year).toEqual([
      { currency: 'CNY', amount: 16 },
      { currency: 'EUR', amount: 3.5 },
    ]);
    expect(summary.earnings.total).toEqual([
      { currency: 'CNY', amount: 48 },
      { currency: 'EUR', amount: 7.5 },
    ]);
  });

  it('derives the energy-saving figures from total generation with each plant’s factors', () => {
    // West 15 kWh with the defaults (0.4 / 0.997 / 0.0545), East 48 kWh with its own (1 / 2 / 0.1).
    expect(summary.savings.pvKwh).toBe(63);
    expect(summary.savings.coalKg).toBeCloseTo(15 * 0.4 + 48, 1);
    expect(summary.savings.co2Kg).toBeCloseTo(15 * 0.997 + 96, 1);
    expect(summary.savings.trees).toBeCloseTo(15 * 0.0545 + 4.8, 1);
  });

  it('counts the plants by status and type, with their installed power and capacity', () => {
    expect(summary.counts).toEqual({ all: 3, online: 2, normal: 1, alarm: 1, offline: 1 });
    // Beside them, the active alarms by severity: East's major one puts it in alarm; West's minor one leaves it
    // normal, and says so.
    expect(summary.activeAlarms).toEqual({
      total: 2,
      bySeverity: { critical: 0, major: 1, minor: 1, warning: 0 },
      normalPlantsWithAlarms: 1,
    });
    expect(summary.byType).toEqual([
      { type: 1, count: 1 },
      { type: 2, count: 2 },
      { type: 3, count: 0 },
    ]);
    expect(summary.powerKw).toBe(10 + 50 + 10);
    expect(summary.capacityKwh).toBe(140);
  });
});

describe('GET /api/plant-statistics/summary', () => {
  it('covers only the plants in the caller’s scope', async () => {
    const mine = await api<PlantStatsSummary>(s.app, 'GET', '/api/plant-statistics/summary', {
      token: tokens.statsDealerA,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.counts.all).toBe(3);
    expect(mine.body.data.energy.total.pvKwh).toBe(63);
    const all = await api<PlantStatsSummary>(s.app, 'GET', '/api/plant-statistics/summary', { token: tokens.admin });
    expect(all.body.data.energy.total.pvKwh).toBe(2063);
    expect(all.body.data.counts.all).toBeGreaterThanOrEqual(4);
  });

  it('needs the statistics page permission A/A', async () => {
    for (const who of ['statsPlantOnly', 'statsDevicesOnly']) {
      const res = await api(s.app, 'GET', '/api/plant-statistics/summary', { token: tokens[who] });
      expect(res.status, who).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await api(s.app, 'GET', '/api/plant-statistics/summary')).status).toBe(401);
  });
});

describe('GET /api/plant-statistics/trend', () => {
  const trend = (query: string, token = tokens.statsDealerA) =>
    api<EnergyTrend>(s.app, 'GET', `/api/plant-statistics/trend?${query}`, { token });
  const pv = (t: EnergyTrend) => t.series.find((x) => x.quantity === 'pv')!.valuesKwh;
  const at = (t: EnergyTrend, label: string) => pv(t)[t.labels.indexOf(label)];

  it('gives a bar per year of all the plants’ figures, gaps included', async () => {
    const res = await trend('range=total');
    expect(res.status).toBe(200);
    expect(res.body.data.labels).toEqual(['2025', '2026', '2027']);
    expect(pv(res.body.data)).toEqual([8, 1 + 2 + 4 + 32, 16]);
    expect(res.body.data.series.map((x) => x.quantity)).toEqual([
      'pv',
      'load',
      'gridImport',
      'gridExport',
      'batCharge',
      'batDischarge',
    ]);
  });

  it('gives the months of a year and the days of a month, in each plant’s own calendar', async () => {
    const year = (await trend('range=year&date=2026-06-15')).body.data;
    expect(year.labels).toHaveLength(12);
    expect(at(year, '2026-03')).toBe(4);
    expect(at(year, '2026-12')).toBe(1 + 2 + 32);
    expect(at(year, '2026-01')).toBe(0);
    const month = (await trend('range=month&date=2026-12-01')).body.data;
    expect(month.labels).toHaveLength(31);
    expect(at(month, '2026-12-05')).toBe(2);
    expect(at(month, '2026-12-31')).toBe(1 + 32);
  });

  it('gives the hours of a local day: 10:00 in West and 10:00 in East share the 10:00 bar', async () => {
    const day = (await trend('range=day&date=2026-12-31')).body.data;
    expect(day.labels).toHaveLength(24);
    expect(at(day, '10:00')).toBe(33);
    expect(pv(day).reduce((a, b) => a + b, 0)).toBe(33);
    expect(day.series.find((x) => x.quantity === 'batCharge')!.valuesKwh[10]).toBe(16.5);
  });

  it('is empty where nothing is stored, and the administrator sees every plant', async () => {
    expect((await trend('range=day&date=2024-01-01')).body.data.labels).toEqual([]);
    const all = (await trend('range=day&date=2026-12-31', tokens.admin)).body.data;
    expect(at(all, '10:00')).toBe(1033);
  });

  it.each([
    ['range=week', 'range'],
    ['range=month&date=2026-02-30', 'date'],
    ['range=day&date=31.12.2026', 'date'],
    ['range=day&plantId=1', ''],
  ])('refuses %s with a localised message', async (query, path) => {
    const en = await trend(query);
    expect(en.status).toBe(400);
    expect(en.body.code).toBe('validation');
    const de = await api(s.app, 'GET', `/api/plant-statistics/trend?${query}`, {
      token: tokens.statsDealerA,
      lang: 'de',
    });
    expect(de.body.msg).not.toBe(en.body.msg);
    if (path) expect(JSON.stringify(en.body.data)).toContain(path);
  });

  it('needs A/A', async () => {
    expect((await trend('range=day', tokens.statsPlantOnly)).status).toBe(403);
  });
});
