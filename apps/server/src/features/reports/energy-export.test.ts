import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENERGY_EXPORT_MAX_DEVICES, ENERGY_EXPORT_RATE, type EnergyExportQuery } from '@voltfleet/domain/reports';
import { localDay, localDayStart } from '@voltfleet/domain/time';
import { type DeviceHistory, type Reading } from '@voltfleet/domain/telemetry';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { Ingest } from '../telemetry/ingest.js';
import { exportEnergy } from './energy-export.service.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

const ZONE = 'Europe/Prague';
const HOUR = 3_600_000;
let s: TestServer;
let token: string;
let dealer: { id: number; path: string };
const ids: Record<string, number> = {};

/** A raw call: the export answers with a file, not an envelope. */
const get = (query: string, opts: { token?: string; lang?: string } = {}) =>
  s.app.inject({
    method: 'GET',
    url: `/api/energy-export?${query}`,
    headers: { token: opts.token ?? token, 'accept-language': opts.lang ?? 'en' },
  });

/** CSV text as rows of cells (the export's cells hold no commas or quotes). */
const csvRows = (body: Buffer) =>
  body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

const at = (day: string, hour: number) => localDayStart(day, ZONE)! + hour * HOUR;

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealerRole = await builtinRoleId(s.db, 'dealer');
  dealer = await makeUser(s.db, { username: 'energyDealer', roleId: dealerRole, superiorId: root });
  const other = await makeUser(s.db, { username: 'energyOther', roleId: dealerRole, superiorId: root });
  const plant = async (name: string, ownerId: number) =>
    (
      await s.db.query<{ id: number }>(
        `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
         VALUES ($1, 1, 10, 14.4, 50.1, $2, $3) RETURNING id`,
        [name, ZONE, ownerId],
      )
    ).rows[0]!.id;
  const roof = await plant('Export roof', dealer.id);
  const elsewhere = await plant('Other roof', other.id);
  for (const [sn, owner, plantId] of [
    ['VFEXP00002', dealer.id, roof],
    ['VFEXP00001', dealer.id, roof],
    ['VFEXP00009', other.id, elsewhere],
  ] as const) {
    const res = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
      [sn, owner, plantId],
    );
    ids[sn] = res.rows[0]!.id;
  }
  // Real rollups from real readings (the ingest writes the daily and monthly rows): two November days and a December
  // day of 2025 for the first device, one November day with a battery for the second.
  const ingest = new Ingest(s.db);
  const submit = (sn: string, ts: number, values: Reading['values']) =>
    ingest.submit({ id: ids[sn]!, sn }, { sn, ts, values });
  await submit('VFEXP00001', at('2025-11-03', 10), {
    pvEnergyTodayKwh: 0,
    pvEnergyTotalKwh: 100,
    loadEnergyTodayKwh: 0,
  });
  await submit('VFEXP00001', at('2025-11-03', 14), {
    pvEnergyTodayKwh: 4.37,
    pvEnergyTotalKwh: 104.4,
    loadEnergyTodayKwh: 2.11,
  });
  await submit('VFEXP00001', at('2025-11-17', 9), { pvEnergyTodayKwh: 0, pvEnergyTotalKwh: 104.4 });
  await submit('VFEXP00001', at('2025-11-17', 15), { pvEnergyTodayKwh: 6.25, pvEnergyTotalKwh: 110.7 });
  await submit('VFEXP00001', at('2025-12-05', 10), { pvEnergyTodayKwh: 0, pvEnergyTotalKwh: 110.7 });
  await submit('VFEXP00001', at('2025-12-05', 12), { pvEnergyTodayKwh: 1.5, pvEnergyTotalKwh: 112.2 });
  await submit('VFEXP00002', at('2025-11-03', 10), { pvEnergyTodayKwh: 0, batChargeTodayKwh: 0 });
  await submit('VFEXP00002', at('2025-11-03', 12), { pvEnergyTodayKwh: 1.23, batChargeTodayKwh: 0.5 });
  token = await loginToken(s.app, 'energyDealer', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('a month of daily energies', () => {
  it('has one row per device and plant-local day, with headings that say what each energy sums', async () => {
    const res = await get(`deviceIds=${ids.VFEXP00002},${ids.VFEXP00001}&period=month&month=2025-11&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="energy-2025-11.csv"');
    const [head, ...rows] = csvRows(res.rawPayload);
    expect(head).toEqual([
      'Serial number',
      'Plant',
      'Day (plant time)',
      'PV energy per day (kWh)',
      'Load energy per day (kWh)',
      'Grid import per day (kWh)',
      'Grid export per day (kWh)',
      'Battery charge per day (kWh)',
      'Battery discharge per day (kWh)',
    ]);
    // 30 November days per device, ordered by serial number.
    expect(rows).toHaveLength(60);
    expect(rows[0]!.slice(0, 3)).toEqual(['VFEXP00001', 'Export roof', '2025-11-01']);
    expect(rows[29]![2]).toBe('2025-11-30');
    expect(rows[2]).toEqual(['VFEXP00001', 'Export roof', '2025-11-03', '4.37', '2.11', '0', '0', '0', '0']);
    expect(rows[16]!.slice(2, 4)).toEqual(['2025-11-17', '6.25']);
    // A day without a rollup is empty, never a made-up 0.
    expect(rows[0]!.slice(3)).toEqual(['', '', '', '', '', '']);
    expect(rows[32]).toEqual(['VFEXP00002', 'Export roof', '2025-11-03', '1.23', '0', '0', '0', '0.5', '0']);
  });

  it('shows each November day’s PV as the device history’s month view does, and the year its sum', async () => {
    const history = await api<DeviceHistory>(
      s.app,
      'GET',
      `/api/devices/${ids.VFEXP00001}/history?fields=pvEnergyTodayKwh&range=custom&start=2025-11-01&end=2025-11-30`,
      { token },
    );
    expect(history.status).toBe(200);
    const points = history.body.data.series[0]!.points;
    expect(points.filter(([, kwh]) => kwh > 0).length).toBe(2);
    const month = csvRows((await get(`deviceIds=${ids.VFEXP00001}&month=2025-11&format=csv`)).rawPayload).slice(1);
    const exported = new Map(month.filter((r) => r[3] !== '').map((r) => [r[2], Number(r[3])]));
    expect(exported).toEqual(new Map(points.map(([t, kwh]) => [localDay(t, ZONE), kwh])));

    const year = csvRows((await get(`deviceIds=${ids.VFEXP00001}&period=year&year=2025&format=csv`)).rawPayload);
    expect(year[0]![2]).toBe('Month (plant time)');
    expect(year[0]![3]).toBe('PV energy per month (kWh)');
    expect(year.slice(1).map((r) => r[2])).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    const sum = Math.round(points.reduce((acc, [, kwh]) => acc + kwh, 0) * 100) / 100;
    expect(Number(year[11]![3])).toBe(sum);
    expect(Number(year[12]![3])).toBe(1.5);
  });

  it('writes an .xlsx with headings in the caller’s language and energies as numbers', async () => {
    const res = await get(`deviceIds=${ids.VFEXP00001}&month=2025-11`, { lang: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await firstSheetOf(res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Seriennummer',
      'Anlage',
      'Tag (Anlagenzeit)',
      'PV-Energie pro Tag (kWh)',
      'Verbrauchsenergie pro Tag (kWh)',
      'Netzbezug pro Tag (kWh)',
      'Netzeinspeisung pro Tag (kWh)',
      'Batterieladung pro Tag (kWh)',
      'Batterieentladung pro Tag (kWh)',
    ]);
    expect(sheet.getCell('D4').value).toBe(4.37);
  });

  it('reads last month at the plant when no month is given', async () => {
    const caller = { id: dealer.id, path: dealer.path };
    const query: EnergyExportQuery = { deviceIds: [ids.VFEXP00001!], period: 'month', format: 'csv' };
    // 2 December 2025, 00:30 in Prague, is still 1 December in UTC: the plant's calendar decides.
    const early = await exportEnergy(s.db, caller, query, 'en', Date.parse('2025-12-01T23:30:00Z'));
    expect(early.fileName).toBe('energy-2025-11.csv');
    const january = await exportEnergy(s.db, caller, query, 'en', Date.parse('2026-01-15T12:00:00Z'));
    expect(january.fileName).toBe('energy-2025-12.csv');
    const year = await exportEnergy(
      s.db,
      caller,
      { ...query, period: 'year' },
      'en',
      Date.parse('2025-06-01T12:00:00Z'),
    );
    expect(year.fileName).toBe('energy-2025.csv');
  });

  it('records the export with the devices it took', async () => {
    await get(`deviceIds=${ids.VFEXP00001},${ids.VFEXP00002}&month=2025-11&format=csv`);
    const { rows } = await s.db.query<{ object_type: string; object_id: string; ok: boolean }>(
      `SELECT object_type, object_id, ok FROM operation_records WHERE action = 'energy.export' AND user_id = $1
        ORDER BY id DESC LIMIT 1`,
      [dealer.id],
    );
    expect(rows[0]).toEqual({ object_type: 'device', object_id: 'VFEXP00001,VFEXP00002', ok: true });
  });
});

describe('refusals', () => {
  let fuzz: string;
  beforeAll(async () => {
    await makeUser(s.db, {
      username: 'energyFuzz',
      roleId: await builtinRoleId(s.db, 'dealer'),
      superiorId: dealer.id,
    });
    fuzz = await loginToken(s.app, 'energyFuzz', 'Passw0rd-1');
  });
  const many = Array.from({ length: ENERGY_EXPORT_MAX_DEVICES + 1 }, (_, i) => i + 1).join(',');
  it.each([
    ['a NUL byte', 'deviceIds=1%002'],
    ['no devices', 'deviceIds='],
    ['a word for an id', 'deviceIds=abc'],
    ['a zero id', 'deviceIds=0'],
    ['an id beyond int4', 'deviceIds=99999999999'],
    ['a duplicate id', 'deviceIds=5,5'],
    ['too many devices', `deviceIds=${many}`],
    ['a huge list', `deviceIds=${'1,'.repeat(100_000)}1`],
    ['month 13', 'deviceIds=1&month=2025-13'],
    ['a month before 2000', 'deviceIds=1&month=1999-12'],
    ['a day for a month', 'deviceIds=1&month=2025-11-01'],
    ['a NUL in the month', 'deviceIds=1&month=2025-1%001'],
    ['an unknown period', 'deviceIds=1&period=week'],
    ['an unknown format', 'deviceIds=1&format=pdf'],
    ['an unknown parameter', 'deviceIds=1&indices=pvPowerW'],
    ['a repeated parameter', 'deviceIds=1&deviceIds=2'],
  ])('refuses %s with a 400 in the caller’s language', async (_, query) => {
    const res = await get(query, { lang: 'zh', token: fuzz });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toMatch(/[\u3400-\u9fff]/);
  });

  it('answers a device of another branch exactly like one that exists nowhere', async () => {
    const foreign = await get(`deviceIds=${ids.VFEXP00001},${ids.VFEXP00009}`);
    const missing = await get(`deviceIds=${ids.VFEXP00001},2000000001`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json<{ msg: string }>().msg).toBe('Cannot find a selected device');
  });

  it('needs the plant list or the device list', async () => {
    const role = await makeRole(s.db, 'Energy_Reports_Only', ['D', 'D/E'], await adminId(s.db));
    await makeUser(s.db, { username: 'energyNoPages', roleId: role, superiorId: dealer.id });
    const res = await get(`deviceIds=${ids.VFEXP00001}`, {
      token: await loginToken(s.app, 'energyNoPages', 'Passw0rd-1'),
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits each user to a few files a minute', async () => {
    const role = await makeRole(s.db, 'Energy_Devices', ['B', 'B/A'], await adminId(s.db));
    await makeUser(s.db, { username: 'energyBusy', roleId: role, superiorId: dealer.id });
    const busy = await loginToken(s.app, 'energyBusy', 'Passw0rd-1');
    const statuses: number[] = [];
    // Refused queries count too: the limit guards the server, whatever is asked.
    for (let i = 0; i <= ENERGY_EXPORT_RATE.max; i += 1)
      statuses.push((await get('deviceIds=1&month=2025-13', { token: busy })).statusCode);
    expect(statuses.slice(0, ENERGY_EXPORT_RATE.max).every((code) => code === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another user is not held back by it.
    expect((await get(`deviceIds=${ids.VFEXP00001}&format=csv`)).statusCode).toBe(200);
  });
});
