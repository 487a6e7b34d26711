import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHistorySchema, type DeviceHistory, type Reading } from '@voltfleet/domain/telemetry';
import { localDay, localDayStart } from '@voltfleet/domain/time';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { Ingest } from '../telemetry/ingest.js';
import { aggregateValues } from '../telemetry/values-5m.job.js';
import { setValuesProgress } from '../telemetry/values-5m.repository.js';

const ZONE = 'Europe/Prague';
const HOUR = 3_600_000;
const QUARTER = 900_000;
const now = Date.now();
let s: TestServer;
let token: string;
const ids: Record<string, number> = {};

// Three readings about two hours ago: the first two in one 15-minute bin, the third in the next one, all on one
// plant-local day, as the day's 5-minute bins below read them together. When two hours ago is just before the plant's
// midnight (the suite ran at 00:49 UTC, 01:49 in Prague), they are an hour earlier, still within yesterday.
const twoHoursAgo = Math.floor((now - 2 * HOUR) / QUARTER) * QUARTER + 60_000;
const recent = localDay(twoHoursAgo, ZONE) === localDay(twoHoursAgo + QUARTER, ZONE) ? twoHoursAgo : twoHoursAgo - HOUR;
// A sunny morning ten plant-local days ago: 10:00, 11:00, 12:00 with 2 kWh, then 3 kWh in between.
const pastDay = localDay(now - 10 * 24 * HOUR, ZONE);
const pastMorning = localDayStart(pastDay, ZONE)! + 10 * HOUR;

const history = (id: number, query: string, lang = 'en') =>
  api<DeviceHistory>(s.app, 'GET', `/api/devices/${id}/history?${query}`, { token, lang });
const twoDays = `range=custom&start=${localDay(now - 24 * HOUR, ZONE)}&end=${localDay(now, ZONE)}`;

beforeAll(async () => {
  s = await startTestServer();
  const a = await makeUser(s.db, {
    username: 'hisDealer',
    roleId: await builtinRoleId(s.db, 'dealer'),
    superiorId: await adminId(s.db),
  });
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ('History roof', 1, 10, 14.4, 50.1, $1, $2) RETURNING id`,
    [ZONE, a.id],
  );
  for (const sn of ['VFHIS00001', 'VFHIS00002']) {
    const res = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
      [sn, a.id, rows[0]!.id],
    );
    ids[sn] = res.rows[0]!.id;
  }
  const ingest = new Ingest(s.db);
  const submit = (ts: number, values: Reading['values']) =>
    ingest.submit({ id: ids.VFHIS00001!, sn: 'VFHIS00001' }, { sn: 'VFHIS00001', ts, values });
  await submit(pastMorning, { pvPowerW: 1500, pvEnergyTodayKwh: 0, pvEnergyTotalKwh: 100, gridVoltageAV: 230 });
  await submit(pastMorning + HOUR, { pvPowerW: 2500, pvEnergyTodayKwh: 2, pvEnergyTotalKwh: 102 });
  await submit(pastMorning + 2 * HOUR, { pvPowerW: 3500, pvEnergyTodayKwh: 5, pvEnergyTotalKwh: 105 });
  await submit(recent, { pvPowerW: 1000, gridVoltageAV: 229 });
  await submit(recent + 5 * 60_000, { pvPowerW: 2000, gridVoltageAV: 231 });
  await submit(recent + QUARTER, { pvPowerW: 3000 });
  token = await loginToken(s.app, 'hisDealer', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('short ranges read raw readings', () => {
  it('averages readings into 15-minute bins over two plant-local days, in UTC with the plant’s zone', async () => {
    const res = await history(ids.VFHIS00001!, `fields=pvPowerW,gridVoltageAV&${twoDays}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Success');
    const { timeZone, from, source, series } = res.body.data;
    expect([timeZone, source]).toEqual([ZONE, 'readings']);
    expect(from).toBe(new Date(localDayStart(localDay(now - 24 * HOUR, ZONE), ZONE)!).toISOString());
    const bin = recent - 60_000;
    expect(series[0]).toEqual({
      key: 'pvPowerW',
      unit: 'W',
      decimals: 0,
      step: '15m',
      points: [
        [bin, 1500],
        [bin + QUARTER, 3000],
      ],
    });
    expect(series[1]).toMatchObject({ key: 'gridVoltageAV', unit: 'V', points: [[bin, 230]] });
  });

  it('says "No history data available for the device" when there is none', async () => {
    const res = await history(ids.VFHIS00002!, 'fields=pvPowerW&range=7d');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('No history data available for the device');
    expect(res.body.data.series).toEqual([expect.objectContaining({ key: 'pvPowerW', points: [] })]);
    const zh = await history(ids.VFHIS00002!, 'fields=pvPowerW&range=today', 'zh');
    expect(zh.body.msg).toBe('该设备暂无历史数据');
  });

  it('answers a range before the readings retention cut-off (raw readings purged) as one without data', async () => {
    // READINGS_RETENTION_MONTHS (default 24): two days of 26 months ago have no raw readings left, only rollups.
    const old = (days: number) => localDay(now - (26 * 30 + days) * 24 * HOUR, ZONE);
    const res = await history(ids.VFHIS00001!, `fields=pvPowerW&range=custom&start=${old(1)}&end=${old(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('No history data available for the device');
    expect(res.body.data.series).toEqual([expect.objectContaining({ key: 'pvPowerW', points: [] })]);
  });
});

describe('request rules', () => {
  const nine =
    'pvPowerW,loadPowerW,gridPowerW,batPowerW,batSocPct,pv1VoltageV,pv2VoltageV,gridVoltageAV,gridFrequencyHz';
  it.each([
    [`fields=${nine}`, 'At most 8 parameters can be selected'],
    ['fields=', 'Select at least one parameter'],
    ['fields=pcsState', 'This parameter has no history curve: pcsState'],
    ['fields=pvPowerW&range=custom&start=2026-03-05&end=2026-03-04', 'Select the start time before the end time'],
    ['fields=pvPowerW&range=custom&start=2026-03-05', 'Select a date'],
    ['fields=pvPowerW&range=custom&start=2026-01-01&end=2026-03-01', 'The date range can be at most 31 days'],
    ['fields=gridVoltageAV&range=month', 'Ranges longer than 7 days can show only power and energy parameters'],
    ['fields=pvPowerW&range=year', 'This value is not valid'],
  ])('%s → %s', async (query, msg) => {
    const res = await history(ids.VFHIS00001!, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation', msg });
  });

  it('localises the 8-parameter message', async () => {
    const res = await history(ids.VFHIS00001!, `fields=${nine}`, 'cs');
    expect(res.body.msg).toBe('Lze vybrat nejvýše 8 parametrů');
  });

  it('accepts eight parameters', async () => {
    const eight = nine.split(',').slice(0, 8).join(',');
    expect((await history(ids.VFHIS00001!, `fields=${eight}&range=3d`)).status).toBe(200);
  });
});

describe('the answer', () => {
  // The route writes its answer without the response schema's parse (envelope.ts, unparsedSerializer): the answers
  // of every source must be exactly what the schema describes, no key more, none missing, nothing of another type.
  it.each([
    ['raw readings, 15-minute bins', () => `fields=pvPowerW,gridVoltageAV&${twoDays}`],
    ['a day, 5-minute bins', () => `fields=pvPowerW,pvEnergyTodayKwh&range=custom&start=${pastDay}&end=${pastDay}`],
    ['rollups', () => 'fields=pvPowerW,pvEnergyTodayKwh&range=month'],
    ['no data', () => `fields=batSocPct&${twoDays}`],
  ])('%s: the envelope and the data as the schema has them', async (_name, query) => {
    const res = await history(ids.VFHIS00001!, query());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'msg']);
    expect(deviceHistorySchema.parse(res.body.data)).toEqual(res.body.data);
    expect(res.body.data.series.length).toBeGreaterThan(0);
  });
});

describe('a day’s 5-minute bins', () => {
  it('come from the 5-minute values table where it covers them, the same figures as from the raw readings', async () => {
    const day = localDay(recent, ZONE);
    const query = `fields=pvPowerW,gridVoltageAV&range=custom&start=${day}&end=${day}`;
    const raw = await history(ids.VFHIS00001!, query);
    expect(raw.status).toBe(200);
    expect(raw.body.data.series[0]!.step).toBe('5m');
    expect(raw.body.data.series[0]!.points).toContainEqual([recent - 60_000, 1000]);

    // The job covers the day from its start up to the newest settled bucket.
    const dayStart = new Date(localDayStart(day, ZONE)!);
    await setValuesProgress(s.db, { coveredFrom: dayStart, coveredTo: dayStart });
    const round = await aggregateValues(s.db, { debug: () => undefined, error: () => undefined });
    expect(round.aggregated).toBeGreaterThanOrEqual(3);
    expect((await history(ids.VFHIS00001!, query)).body.data).toEqual(raw.body.data);

    // Served from the table: a changed bucket there (a test only) is what the page gets, until marked stale.
    const bucket = new Date(recent - 60_000);
    await s.db.query(`UPDATE device_values_5m SET pv_power_w = 4242 WHERE device_id = $1 AND bucket = $2`, [
      ids.VFHIS00001!,
      bucket,
    ]);
    expect((await history(ids.VFHIS00001!, query)).body.data.series[0]!.points).toContainEqual([
      bucket.getTime(),
      4242,
    ]);
    await s.db.query(`INSERT INTO device_values_5m_stale VALUES ($1, $2)`, [ids.VFHIS00001!, bucket]);
    expect((await history(ids.VFHIS00001!, query)).body.data).toEqual(raw.body.data);
    await aggregateValues(s.db, { debug: () => undefined, error: () => undefined });
    expect((await history(ids.VFHIS00001!, query)).body.data).toEqual(raw.body.data);
  });
});

describe('the month range reads rollups only', () => {
  it('gives hourly average power and daily energy, and the same once the raw readings are gone', async () => {
    const query = 'fields=pvPowerW,pvEnergyTodayKwh&range=month';
    const before = await history(ids.VFHIS00001!, query);
    expect(before.status).toBe(200);
    expect(before.body.data.source).toBe('rollups');
    const [power, energy] = before.body.data.series;
    expect(power).toMatchObject({ key: 'pvPowerW', step: '1h' });
    // 2 kWh between 10:00 and 11:00 is 2000 W on average, 3 kWh the next hour 3000 W.
    expect(power!.points.filter(([t]) => t >= pastMorning && t < pastMorning + 2 * HOUR)).toEqual([
      [pastMorning, 2000],
      [pastMorning + HOUR, 3000],
    ]);
    expect(energy).toMatchObject({ key: 'pvEnergyTodayKwh', step: '1d' });
    expect(energy!.points).toContainEqual([localDayStart(pastDay, ZONE), 5]);

    await s.db.query(`DELETE FROM readings WHERE device_id = $1`, [ids.VFHIS00001!]);
    const after = await history(ids.VFHIS00001!, query);
    expect(after.body.data).toEqual(before.body.data);
    // The raw-reading ranges now have nothing.
    expect((await history(ids.VFHIS00001!, `fields=pvPowerW&${twoDays}`)).body.msg).toBe(
      'No history data available for the device',
    );
  });
});
