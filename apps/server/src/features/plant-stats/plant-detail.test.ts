import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay, localParts } from '@voltfleet/domain/time';
import {
  type EnergyTrend,
  type Generation,
  type PlantDevices,
  type PlantIndicators,
  type PlantListItem,
  type PlantOverview,
  type PlantRealtime,
  type PlantSavings,
} from '@voltfleet/domain/plants';
import { type Reading } from '@voltfleet/domain/telemetry';
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
import { Ingest } from '../telemetry/ingest.js';
import { addDevice, addFigures, addPlant, flatTariff } from '../../test/plant-figures-fixture.js';

const ZONE = 'Europe/Prague';
const FIVE_MIN = 300_000;
const PASSWORD = 'Passw0rd-1';
// Two whole 5-minute slots well before now (and a reading just now, for the live power flow), with the slot before them
// in the same local day: the day's curve must hold all three (it failed 35 minutes after Prague's midnight, when the
// second slot began the next day).
const SLOT = sameDaySlot(Math.floor((Date.now() - 40 * 60_000) / FIVE_MIN) * FIVE_MIN);

function sameDaySlot(slot: number): number {
  let at = slot;
  while (localDay(at - FIVE_MIN, ZONE) !== localDay(at + FIVE_MIN, ZONE)) at -= FIVE_MIN;
  return at;
}
const DAY = localDay(SLOT, ZONE);

let s: TestServer;
const tokens: Record<string, string> = {};
const plants = { live: 0, quiet: 0, foreign: 0 };
const devices = { one: 0, two: 0 };

const reading = (sn: string, ts: number, values: Reading['values']): Reading => ({ sn, ts, values });

// admin ─┬─ detailDealerA: plant Live (two reporting inverters, one silent collector; detailOwner affiliated)
//        │                 and plant Quiet (stored figures only)
//        ├─ detailDealerB: plant Foreign
//        └─ detailNoPlants: a role without module A
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'detailDealerA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'detailDealerB', roleId: dealer, superiorId: root });
  const owner = await makeUser(s.db, { username: 'detailOwner', roleId: dealer, superiorId: b.id });
  const noPlants = await makeRole(s.db, 'NoPlants', ['B', 'B/A']);
  await makeUser(s.db, { username: 'detailNoPlants', roleId: noPlants, superiorId: root });

  plants.live = await addPlant(s.db, { name: 'Live', ownerId: a.id, timeZone: ZONE, currency: 'EUR' });
  plants.quiet = await addPlant(s.db, { name: 'Quiet', ownerId: a.id, timeZone: 'Asia/Shanghai' });
  plants.foreign = await addPlant(s.db, { name: 'Foreign', ownerId: b.id, timeZone: ZONE });
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [plants.live, owner.id]);
  devices.one = await addDevice(s.db, { sn: 'DETAILINV01', ownerId: a.id, plantId: plants.live });
  devices.two = await addDevice(s.db, { sn: 'DETAILINV02', ownerId: a.id, plantId: plants.live, alarm: true });
  await addDevice(s.db, { sn: 'DETAILCOL01', ownerId: a.id, plantId: plants.live, seen: false });
  await flatTariff(s.db, plants.live, 'EUR', 0.2);

  // Through the real ingest: slot 1 has device one at 1000 W and 3000 W (mean 2000) and device two at 500 W;
  // slot 2 has 4000 W and 1000 W. The newest readings (a minute ago) make the live power flow.
  const ingest = new Ingest(s.db, { maxBatch: 50 });
  const link = (sn: 'DETAILINV01' | 'DETAILINV02') => ({ id: sn === 'DETAILINV01' ? devices.one : devices.two, sn });
  const now = Date.now() - 60_000;
  const sent = [
    reading('DETAILINV01', SLOT + 60_000, { pvPowerW: 1000, pvEnergyTotalKwh: 100, loadEnergyTotalKwh: 50 }),
    reading('DETAILINV02', SLOT + 90_000, { pvPowerW: 500, pvEnergyTotalKwh: 200, loadEnergyTotalKwh: 10 }),
    reading('DETAILINV01', SLOT + 120_000, { pvPowerW: 3000, pvEnergyTotalKwh: 100.1, loadEnergyTotalKwh: 50.1 }),
    reading('DETAILINV01', SLOT + FIVE_MIN + 30_000, { pvPowerW: 4000, pvEnergyTotalKwh: 100.3 }),
    reading('DETAILINV02', SLOT + FIVE_MIN + 60_000, { pvPowerW: 1000, pvEnergyTotalKwh: 200.1 }),
    reading('DETAILINV01', now, {
      pvPowerW: 4200,
      loadPowerW: 1500,
      gridPowerW: -2000,
      batPowerW: -700,
      batSocPct: 60,
      pvEnergyTotalKwh: 100.9,
    }),
    reading('DETAILINV02', now, { pvPowerW: 800, loadPowerW: 500, gridPowerW: 100, batSocPct: 80 }),
  ];
  for (const r of sent) await ingest.submit(link(r.sn as 'DETAILINV01'), r);
  await ingest.flush();

  await addFigures(s.db, plants.quiet, 'Asia/Shanghai', '2026-05-02 12:00', { pv: 5, load: 3, gridExport: 2 });
  await addFigures(s.db, plants.quiet, 'Asia/Shanghai', '2026-05-20 12:05', { pv: 7, load: 4, gridImport: 1 });
  await addFigures(s.db, plants.quiet, 'Asia/Shanghai', '2025-01-01 00:00', { pv: 11 });
  await addFigures(s.db, plants.foreign, ZONE, '2026-05-02 12:00', { pv: 999 });
  await s.db.query(
    `INSERT INTO plant_script_indicators (plant_id, name, value, unit) VALUES ($1, 'selfUse', 82.5, '%'), ($1, 'avoided', 3, 'kWh')`,
    [plants.quiet],
  );

  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of ['detailDealerA', 'detailNoPlants']) tokens[name] = await loginToken(s.app, name, PASSWORD);
}, 60_000);
afterAll(() => s.close());

const get = <T>(path: string, token = tokens.detailDealerA, lang = 'en') => api<T>(s.app, 'GET', path, { token, lang });

describe('plant detail: basic data', () => {
  it('shows the live power flow from the newest reading of each device, and today in the plant’s zone', async () => {
    const res = await get<PlantOverview>(`/api/plants/${plants.live}/overview`);
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.power).toMatchObject({
      pvPowerW: 5000,
      loadPowerW: 2000,
      gridPowerW: -1900,
      batPowerW: -700,
      batSocPct: 70,
      devicesReporting: 2,
    });
    expect(o.timeZone).toBe(ZONE);
    expect(o.utcOffset).toMatch(/^UTC\+[12]$/);
    expect(o.today).toBe(localDay(Date.now(), ZONE));
    expect(o.localTime.slice(0, 10)).toBe(o.today);
    expect(o.status).toBe('alarm');
    const stored = await s.db.query<{ pv: number }>(
      `SELECT pv_kwh AS pv FROM plant_figures_day WHERE plant_id = $1 AND day = $2::date`,
      [plants.live, o.today],
    );
    expect(o.energyToday.pvKwh).toBeGreaterThan(0);
    expect(o.energyToday.pvKwh).toBeCloseTo(stored.rows[0]!.pv, 3);
    expect(o.earningsToday.currency).toBe('EUR');
  });

  it('shows no live figures for a plant whose devices have not reported recently', async () => {
    const o = (await get<PlantOverview>(`/api/plants/${plants.quiet}/overview`)).body.data;
    expect(o.power).toEqual({
      pvPowerW: null,
      loadPowerW: null,
      gridPowerW: null,
      batPowerW: null,
      batSocPct: null,
      readingAt: null,
      devicesReporting: 0,
    });
    expect(o.utcOffset).toBe('UTC+8');
    expect(o.status).toBe('offline');
  });
});

describe('plant list figures', () => {
  it('shows each plant’s PV power, today’s yield and active alarms exactly as its detail page does', async () => {
    const res = await get<PlantListItem[]>('/api/plants');
    expect(res.status).toBe(200);
    const listed = new Map(res.body.data.map((p) => [p.plantId, p]));
    // Scope: the other dealer's plant is not listed.
    expect([...listed.keys()].sort()).toEqual([plants.live, plants.quiet].sort());
    for (const plantId of [plants.live, plants.quiet]) {
      const row = listed.get(plantId)!;
      const overview = (await get<PlantOverview>(`/api/plants/${plantId}/overview`)).body.data;
      const alarms = await get<{ total: number }>(`/api/alarms?plantId=${plantId}&state=active`);
      expect(row.pvPowerW).toBe(overview.power.pvPowerW);
      expect(row.pvEnergyTodayKwh).toBe(overview.energyToday.pvKwh);
      expect(row.activeAlarms.count).toBe(alarms.body.data.total);
      expect(row.specificYieldKwhPerKwp).toBe(Math.round((overview.energyToday.pvKwh / row.powerKw) * 100) / 100);
    }
    // The figures are real: Live reports 5000 W now and generated today, Quiet has neither.
    expect(listed.get(plants.live)).toMatchObject({ pvPowerW: 5000, activeAlarms: { count: 1 } });
    expect(listed.get(plants.live)!.pvEnergyTodayKwh).toBeGreaterThan(0);
    expect(listed.get(plants.quiet)).toMatchObject({ pvPowerW: null, pvEnergyTodayKwh: 0, specificYieldKwhPerKwp: 0 });
  });

  it('gives no specific yield for a plant without installed power', async () => {
    await s.db.query(`UPDATE plants SET power_kw = 0 WHERE id = $1`, [plants.quiet]);
    try {
      const rows = (await get<PlantListItem[]>('/api/plants')).body.data;
      expect(rows.find((p) => p.plantId === plants.quiet)!.specificYieldKwhPerKwp).toBeNull();
    } finally {
      await s.db.query(`UPDATE plants SET power_kw = 10 WHERE id = $1`, [plants.quiet]);
    }
  });
});

describe('plant detail: associated info, savings, indicators', () => {
  it('lists the devices with their status, the owner and the affiliated accounts', async () => {
    const d = (await get<PlantDevices>(`/api/plants/${plants.live}/devices`)).body.data;
    expect(d.devices.map((x) => [x.sn, x.runningStatus])).toEqual([
      ['DETAILCOL01', 'offline'],
      ['DETAILINV01', 'online'],
      ['DETAILINV02', 'alarm'],
    ]);
    expect(d.owner?.username).toBe('detailDealerA');
    expect(d.affiliatedUsers.map((u) => u.username)).toEqual(['detailOwner']);
  });

  it('derives coal, CO2 and trees from the generation of each period', async () => {
    const sv = (await get<PlantSavings>(`/api/plants/${plants.quiet}/savings`)).body.data;
    expect(sv.factors).toEqual({ coalKgPerKwh: 0.4, co2KgPerKwh: 0.997, treesPerKwh: 0.0545 });
    expect(sv.periods.total.pvKwh).toBe(23);
    expect(sv.periods.total.coalKg).toBeCloseTo(23 * 0.4, 2);
    expect(sv.periods.total.co2Kg).toBeCloseTo(23 * 0.997, 2);
  });

  it('lists the script’s named indicators, and none for a plant without', async () => {
    const q = (await get<PlantIndicators>(`/api/plants/${plants.quiet}/indicators`)).body.data;
    expect(q.map((i) => [i.name, i.value, i.unit])).toEqual([
      ['avoided', 3, 'kWh'],
      ['selfUse', 82.5, '%'],
    ]);
    expect((await get<PlantIndicators>(`/api/plants/${plants.live}/indicators`)).body.data).toEqual([]);
  });
});

describe('plant detail: trend and generation', () => {
  it('gives the chosen quantities per day of a month, from the stored figures', async () => {
    const t = (
      await get<EnergyTrend>(`/api/plants/${plants.quiet}/trend?quantities=pv,gridExport&range=month&date=2026-05-09`)
    ).body.data;
    expect(t.labels).toHaveLength(31);
    expect(t.series.map((x) => x.quantity)).toEqual(['pv', 'gridExport']);
    expect(t.series[0]!.valuesKwh[1]).toBe(5);
    expect(t.series[0]!.valuesKwh[19]).toBe(7);
    expect(t.series[1]!.valuesKwh[1]).toBe(2);
  });

  it('gives 5-minute energies through a local day', async () => {
    const t = (await get<EnergyTrend>(`/api/plants/${plants.quiet}/trend?quantities=load&range=day&date=2026-05-20`))
      .body.data;
    expect(t.labels).toHaveLength(288);
    expect(t.series[0]!.valuesKwh[t.labels.indexOf('12:05')]).toBe(4);
  });

  it('draws the day’s generation as PV power from the readings: device means per slot, summed', async () => {
    const g = (await get<Generation>(`/api/plants/${plants.live}/generation?range=day&date=${DAY}`)).body.data;
    expect(g.kind).toBe('power');
    if (g.kind !== 'power') return;
    const label = (ms: number) => {
      const p = localParts(ms, ZONE);
      return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
    };
    expect(g.pvPowerW[g.labels.indexOf(label(SLOT))]).toBe(2500);
    expect(g.pvPowerW[g.labels.indexOf(label(SLOT + FIVE_MIN))]).toBe(5000);
    expect(g.pvPowerW[g.labels.indexOf(label(SLOT - FIVE_MIN))] ?? null).toBeNull();
  });

  it('draws month, year and total generation as energy bars', async () => {
    const year = (await get<Generation>(`/api/plants/${plants.quiet}/generation?range=year&date=2026-01-01`)).body.data;
    expect(year).toMatchObject({ kind: 'energy', range: 'year' });
    if (year.kind !== 'energy') return;
    expect(year.pvKwh[4]).toBe(12);
    const total = (await get<Generation>(`/api/plants/${plants.quiet}/generation?range=total`)).body.data;
    expect(total.labels).toEqual(['2025', '2026']);
    expect(total.kind === 'energy' && total.pvKwh).toEqual([11, 12]);
  });

  it.each(['quantities=pv,sunshine', 'quantities=pv,pv', 'quantities=', 'range=total', 'date=2026-13-01'])(
    'refuses trend?%s with a localised validation error',
    async (query) => {
      const en = await get(`/api/plants/${plants.quiet}/trend?${query}`);
      expect(en.status).toBe(400);
      expect(en.body.code).toBe('validation');
      const zh = await get(`/api/plants/${plants.quiet}/trend?${query}`, tokens.detailDealerA, 'zh');
      expect(zh.body.msg).not.toBe(en.body.msg);
    },
  );
});

describe('plant detail: detailed data', () => {
  it('gives each reporting device’s newest reading by monitoring group, with units, rounding and its time', async () => {
    const res = await get<PlantRealtime>(`/api/plants/${plants.live}/realtime`);
    expect(res.status).toBe(200);
    const { devices: listed, timeZone } = res.body.data;
    expect(timeZone).toBe(ZONE);
    // Every inverter, by serial number: one that never reported too, with its groups and no values.
    expect(listed.map((d) => d.sn)).toEqual(['DETAILCOL01', 'DETAILINV01', 'DETAILINV02']);
    const silent = listed[0]!;
    expect(silent.ts).toBeNull();
    expect(silent.groups.map((g) => g.group)).toEqual(['pv', 'grid', 'load', 'bms', 'pcs']);
    expect(silent.groups.every((g) => g.values.every((v) => v.value === null))).toBe(true);
    const one = listed[1]!;
    expect(one).toMatchObject({ id: devices.one, kind: 'inverter', runningStatus: 'online' });
    expect(Date.parse(one.ts!)).toBeGreaterThan(Date.now() - 120_000);
    expect(one.groups.map((g) => g.group)).toEqual(['pv', 'grid', 'load', 'bms', 'pcs']);
    const value = (group: string, key: string) =>
      one.groups.find((g) => g.group === group)!.values.find((v) => v.key === key);
    expect(value('pv', 'pvPowerW')).toEqual({ key: 'pvPowerW', unit: 'W', decimals: 0, value: 4200 });
    expect(value('pv', 'pvEnergyTotalKwh')).toMatchObject({ unit: 'kWh', value: 100.9 });
    expect(value('grid', 'gridPowerW')?.value).toBe(-2000);
    // A field the newest reading did not carry is there, without a value ("—" on the page).
    expect(value('grid', 'gridFrequencyHz')).toEqual({ key: 'gridFrequencyHz', unit: 'Hz', decimals: 2, value: null });
    // The same figures as the device's own real-time tab.
    const own = await get<{ groups: PlantRealtime['devices'][number]['groups'] }>(
      `/api/devices/${devices.one}/realtime`,
    );
    expect(own.status).toBe(200);
    expect(one.groups).toEqual(own.body.data.groups);
  });

  it('leaves out a battery, whose values are its inverter’s battery group', async () => {
    const quiet = await get<PlantRealtime>(`/api/plants/${plants.quiet}/realtime`);
    expect(quiet.body.data).toEqual({ plantId: plants.quiet, timeZone: 'Asia/Shanghai', devices: [] });
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ('DETAILBAT01', 'battery', 'B5', $1, $2)
       RETURNING id`,
      [await adminId(s.db), plants.quiet],
    );
    try {
      expect((await get<PlantRealtime>(`/api/plants/${plants.quiet}/realtime`)).body.data.devices).toEqual([]);
    } finally {
      await s.db.query(`DELETE FROM devices WHERE id = $1`, [rows[0]!.id]);
    }
  });
});

describe('plant detail: scope and permissions', () => {
  const endpoints = ['overview', 'devices', 'realtime', 'trend', 'generation', 'savings', 'indicators'];

  it.each(endpoints)('/%s of another branch’s plant answers exactly like a missing plant', async (endpoint) => {
    const foreign = await get(`/api/plants/${plants.foreign}/${endpoint}`);
    const missing = await get(`/api/plants/2000000000/${endpoint}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.msg).toBe('Cannot find this plant');
    expect((await get(`/api/plants/${plants.foreign}/${endpoint}`, tokens.admin)).status).toBe(200);
  });

  it.each(endpoints)('/%s needs the plant module A', async (endpoint) => {
    const res = await get(`/api/plants/${plants.live}/${endpoint}`, tokens.detailNoPlants);
    expect(res.status).toBe(403);
  });
});

describe('API documentation', () => {
  it('documents every plant statistics and detail route', async () => {
    const res = await s.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/plant-statistics/summary',
      '/api/plant-statistics/trend',
      ...['overview', 'devices', 'realtime', 'trend', 'generation', 'savings', 'indicators'].map(
        (e) => `/api/plants/{plantId}/${e}`,
      ),
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
