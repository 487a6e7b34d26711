import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPage } from '@voltfleet/domain/alarms';
import { alarmWorld, insertDevice, type AlarmWorld } from './alarm-world.test-support.js';
import { catalogueMatches } from './alarm-search.service.js';

let w: AlarmWorld;
/** The alarms by their name in the cases below. */
const A: Record<string, number> = {};
let nameOf: Map<number, string>;

const names = (page: AlarmPage) => page.items.map((r) => nameOf.get(r.id) ?? `#${r.id}`);
async function search(query: string, user: keyof AlarmWorld['users'] = 'dealerA', lang = 'en') {
  const res = await w.get<AlarmPage>(user, `/api/alarms${query}`, lang);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

// Times are chosen around plant-local midnights: Prague is UTC+1 and Shanghai UTC+8 in March 2026; NOPL is in no
// plant (UTC). A6 belongs to dealerB's branch and must never show for dealerA.
beforeAll(async () => {
  w = await alarmWorld('AS');
  const nopl = await insertDevice(w.s.db, 'ASNOPL', w.users.dealerA, null);
  const d = w.devices;
  A.A1 = await w.alarm({ deviceId: d.PRG1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T22:30:00Z' });
  A.A2 = await w.alarm({
    deviceId: d.PRG1,
    code: 'battery.socLow',
    raisedAt: '2026-03-03T23:30:00Z',
    recoveredAt: '2026-03-04T01:00:00Z',
    ack: { at: '2026-03-04T00:10:00Z', by: w.users.dealerA, note: 'fuse replaced' },
  });
  A.A3 = await w.alarm({
    deviceId: d.PRG2,
    code: 'ac.shortCircuit',
    raisedAt: '2026-03-02T10:00:00Z',
    recoveredAt: '2026-03-02T12:00:00Z',
  });
  A.A4 = await w.alarm({
    deviceId: d.SHA1,
    code: 'pv.pv1Overvoltage',
    raisedAt: '2026-03-03T16:30:00Z',
    recoveredAt: '2026-03-03T18:00:00Z',
  });
  A.A5 = await w.alarm({ deviceId: d.SHA1, code: 'unknown.77', deviceCode: 77, raisedAt: '2026-03-04T02:00:00Z' });
  A.A6 = await w.alarm({ deviceId: d.BER1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T12:00:00Z' });
  A.A7 = await w.alarm({
    deviceId: d.PRG2,
    code: 'battery.bmsHighTemperature',
    raisedAt: '2026-03-05T08:00:00Z',
    flapping: true,
    flaps: 3,
  });
  A.A8 = await w.alarm({
    deviceId: d.PRG1,
    code: 'hardware.internalTemperatureHigh',
    raisedAt: '2026-03-01T09:00:00Z',
    recoveredAt: '2026-03-01T09:30:00Z',
    ack: { at: '2026-03-01T09:10:00Z', by: w.users.admin },
  });
  A.A9 = await w.alarm({ deviceId: nopl, code: 'grid.frequencyLow', raisedAt: '2026-03-02T00:00:00Z' });
  nameOf = new Map(Object.entries(A).map(([k, v]) => [v, k]));
  // The device-list and plant-only users see the Prague plant through an affiliation.
  for (const u of [w.users.deviceList, w.users.plantsOnly])
    await w.s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [w.plants.prague, u]);
});
afterAll(() => w.s.close());

describe('GET /api/alarms filters', () => {
  it('lists the alarms of the caller’s devices newest first, 15 to a page, with names in the caller’s language', async () => {
    const page = await search('');
    expect(names(page)).toEqual(['A7', 'A5', 'A2', 'A1', 'A4', 'A3', 'A9', 'A8']);
    expect(page).toMatchObject({ total: 8, totalCapped: false, page: 1, pageSize: 15 });
    const a2 = page.items.find((r) => r.id === A.A2)!;
    expect(a2).toMatchObject({
      code: 'battery.socLow',
      group: 'battery',
      severity: 'warning',
      state: 'recovered',
      name: 'Battery SOC below lower limit',
      sn: 'ASPRG1',
      plantName: 'AS Prague roof',
      timeZone: 'Europe/Prague',
      raisedAt: '2026-03-03T23:30:00.000Z',
      recoveredAt: '2026-03-04T01:00:00.000Z',
      acknowledgedBy: 'ASdealerA',
      ackNote: 'fuse replaced',
      flapping: false,
    });
    expect(page.items.find((r) => r.id === A.A5)).toMatchObject({ name: 'Unknown code 77', deviceCode: 77 });
    expect(page.items.find((r) => r.id === A.A9)).toMatchObject({ plantId: null, timeZone: 'UTC' });
    expect((await search('', 'dealerA', 'zh')).items.find((r) => r.id === A.A2)?.name).toBe('电池 SOC 低于下限');
    expect(names(await search('', 'admin'))).toContain('A6');
    expect(names(await search('', 'dealerB'))).toEqual(['A6']);
  });

  it.each([
    ['severity=critical', ['A3']],
    ['severity=major', ['A7', 'A5', 'A1', 'A4', 'A9']],
    ['severity=warning', ['A2']],
    ['state=active', ['A7', 'A5', 'A1', 'A9']],
    ['state=recovered', ['A2', 'A4', 'A3', 'A8']],
    ['group=battery', ['A7', 'A2']],
    ['group=grid', ['A1', 'A9']],
    ['group=other', ['A5']],
    ['ack=acknowledged', ['A2', 'A8']],
    ['ack=unacknowledged', ['A7', 'A5', 'A1', 'A4', 'A3', 'A9']],
    ['code=grid.voltageHigh', ['A1']],
    ['deviceId=PRG1', ['A2', 'A1', 'A8']],
    ['plantId=shanghai', ['A5', 'A4']],
    ['plantId=berlin', []],
    ['sn=sprg2', ['A7', 'A3']],
    ['sn=nothing', []],
    ['state=active&severity=major&ack=unacknowledged', ['A7', 'A5', 'A1', 'A9']],
    ['state=active&group=grid&deviceId=PRG1', ['A1']],
  ])('%s', async (query, expected) => {
    const q = query
      .replace('PRG1', String(w.devices.PRG1))
      .replace('shanghai', String(w.plants.shanghai))
      .replace('berlin', String(w.plants.berlin));
    const page = await search(`?${q}`);
    expect(names(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });
});

describe('plant-local days (from/to)', () => {
  it.each([
    // 22:30 UTC on 3 March is 23:30 in Prague (3 March); 23:30 UTC is already 4 March there, and 16:30 UTC is
    // 00:30 on 4 March in Shanghai: by UTC days all three would be on 3 March.
    ['from=2026-03-03&to=2026-03-03', ['A1']],
    ['from=2026-03-04&to=2026-03-04', ['A5', 'A2', 'A4']],
    // NOPL has no plant: its day is the UTC day.
    ['from=2026-03-02&to=2026-03-02', ['A3', 'A9']],
    ['from=2026-03-05', ['A7']],
    ['to=2026-03-01', ['A8']],
    ['from=2026-03-01&to=2026-03-31', ['A7', 'A5', 'A2', 'A1', 'A4', 'A3', 'A9', 'A8']],
    ['from=2026-04-01', []],
  ])('%s', async (query, expected) => {
    expect(names(await search(`?${query}`))).toEqual(expected);
  });

  it('refuses an impossible day and a start after the end, in the caller’s language', async () => {
    const bad = await w.get('dealerA', '/api/alarms?from=2026-02-30', 'de');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Bitte ein gültiges Datum eingeben (JJJJ-MM-TT)');
    const order = await w.get('dealerA', '/api/alarms?from=2026-03-05&to=2026-03-04', 'cs');
    expect(order.status).toBe(400);
    expect(order.body.msg).toBe('Počáteční datum nesmí být po koncovém datu');
  });
});

describe('text search (q)', () => {
  it.each([
    ['Netzspannung zu', ['A1']],
    ['过压', ['A4']],
    ['电网', ['A1', 'A9']],
    ['Unknown code 77', ['A5']],
    ['Unbekannter Code', ['A5']],
    ['77', ['A5']],
    ['code 7', ['A5']],
    ['voltageHigh', ['A1']],
    ['bms', ['A7']],
    ['sprg2', ['A7', 'A3']],
    ['Prague', ['A7', 'A2', 'A1', 'A3', 'A8']],
    ['上海', ['A5', 'A4']],
    ['Berlin', []],
    ['%', []],
    ['_', []],
    ['xyz', []],
  ])('%s', async (q, expected) => {
    expect(names(await search(`?q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('builds the catalogue part in JavaScript: codes by name in every language, LIKE patterns for unknown codes', () => {
    expect(catalogueMatches('netzspannung zu hoch')).toEqual({ codes: ['grid.voltageHigh'], codePatterns: [] });
    expect(catalogueMatches('未知故障码').codePatterns).toEqual(['unknown.%']);
    expect(catalogueMatches('kód 12').codePatterns).toEqual(['unknown.12%']);
    expect(catalogueMatches('12').codePatterns).toEqual(['unknown.%12%']);
  });
});

describe('sorting and paging', () => {
  it.each([
    ['sort=raisedAt&order=asc', ['A8', 'A9', 'A3', 'A4', 'A1', 'A2', 'A5', 'A7']],
    // The order the search opens in: unacknowledged (A2 and A8 are acknowledged) first, newest first within each.
    ['sort=attention&order=desc', ['A7', 'A5', 'A1', 'A4', 'A3', 'A9', 'A2', 'A8']],
    ['sort=attention&order=asc', ['A8', 'A2', 'A9', 'A3', 'A4', 'A1', 'A5', 'A7']],
    ['sort=severity&order=desc', ['A3', 'A7', 'A5', 'A1', 'A4', 'A9', 'A8', 'A2']],
    ['sort=severity&order=asc', ['A2', 'A8', 'A9', 'A4', 'A1', 'A5', 'A7', 'A3']],
    ['sort=plant&order=asc', ['A8', 'A3', 'A1', 'A2', 'A7', 'A4', 'A5', 'A9']],
    ['sort=plant&order=desc', ['A5', 'A4', 'A7', 'A2', 'A1', 'A3', 'A8', 'A9']],
    ['sort=sn&order=asc', ['A9', 'A8', 'A1', 'A2', 'A3', 'A7', 'A4', 'A5']],
    ['sort=sn&order=desc', ['A5', 'A4', 'A7', 'A3', 'A2', 'A1', 'A8', 'A9']],
    ['sort=code&order=asc', ['A3', 'A7', 'A2', 'A9', 'A1', 'A8', 'A4', 'A5']],
    ['sort=code&order=desc', ['A5', 'A4', 'A8', 'A1', 'A9', 'A2', 'A7', 'A3']],
    ['sort=recoveredAt&order=desc', ['A9', 'A7', 'A5', 'A1', 'A2', 'A4', 'A3', 'A8']],
    ['sort=recoveredAt&order=asc', ['A8', 'A3', 'A4', 'A2', 'A1', 'A5', 'A7', 'A9']],
    ['sort=lastSeenAt&order=desc', ['A7', 'A5', 'A2', 'A1', 'A4', 'A3', 'A9', 'A8']],
  ])('%s', async (query, expected) => {
    expect(names(await search(`?${query}`))).toEqual(expected);
  });

  it('walks the plants by name for a caller who sees every device, plant-less alarms last', async () => {
    expect(names(await search('?sort=plant&order=asc', 'admin'))).toEqual([
      'A6',
      'A8',
      'A3',
      'A1',
      'A2',
      'A7',
      'A4',
      'A5',
      'A9',
    ]);
    expect(names(await search('?sort=plant&order=desc', 'admin'))).toEqual([
      'A5',
      'A4',
      'A7',
      'A2',
      'A1',
      'A3',
      'A8',
      'A6',
      'A9',
    ]);
    expect(names(await search('?sort=plant&order=asc&pageSize=4&page=2', 'admin'))).toEqual(['A2', 'A7', 'A4', 'A5']);
    expect(names(await search('?sort=plant&order=asc&state=active&from=2026-03-03', 'admin'))).toEqual([
      'A6',
      'A1',
      'A7',
      'A5',
    ]);
  });

  it('pages with a total over every page', async () => {
    const pages = [1, 2, 3].map((p) => search(`?pageSize=3&page=${p}`));
    const [one, two, three] = await Promise.all(pages);
    expect([names(one!), names(two!), names(three!)]).toEqual([
      ['A7', 'A5', 'A2'],
      ['A1', 'A4', 'A3'],
      ['A9', 'A8'],
    ]);
    expect(one!.total).toBe(8);
    expect(names(await search('?pageSize=3&page=2&sort=sn&order=asc'))).toEqual(['A2', 'A3', 'A7']);
    expect(names(await search('?pageSize=3&page=9'))).toEqual([]);
  });
});

describe('who may search', () => {
  it('lets the device list and the plant pages ask for one device or plant, nothing wider', async () => {
    const device = await search(`?deviceId=${w.devices.PRG1}&state=active`, 'deviceList');
    expect(names(device)).toEqual(['A1']);
    expect(names(await search(`?plantId=${w.plants.prague}`, 'plantsOnly'))).toEqual(['A7', 'A2', 'A1', 'A3', 'A8']);
    const wide = await w.get('deviceList', '/api/alarms', 'zh');
    expect(wide.status).toBe(403);
    expect(wide.body.msg).toBe('请从设备或电站详情中查看其告警');
    // A device outside the affiliated plant is simply not there.
    expect(names(await search(`?deviceId=${w.devices.SHA1}`, 'deviceList'))).toEqual([]);
  });

  it('refuses a caller without any alarm, device or plant page', async () => {
    const res = await w.get('nothing', `/api/alarms?deviceId=${w.devices.PRG1}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });
});

describe('a total that stays fast', () => {
  it('counts up to 10,000 and says so beyond; pages past the cap are not listed', async () => {
    await w.s.db.query(
      `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at,
                           recovered_at)
       SELECT $1, $2, 'grid.abnormal', 'grid', 'major', 1, 'recovered', t, t, t + interval '1 minute'
         FROM generate_series(1, 10005) AS i, LATERAL (SELECT timestamptz '2025-01-01' + i * interval '1 minute' AS t) x`,
      [w.devices.PRG2, w.plants.prague],
    );
    // Written behind the engine's back: no alarm event clears the cached totals.
    w.s.app.alarmCaches.clear();
    const page = await search('?pageSize=200');
    expect(page).toMatchObject({ total: 10_000, totalCapped: true });
    expect(names(page).slice(0, 3)).toEqual(['A7', 'A5', 'A2']);
    expect((await search('?page=668')).items).toEqual([]);
    expect(await search('?code=grid.abnormal&pageSize=1')).toMatchObject({ total: 10_000, totalCapped: true });
    expect(await search('?state=active')).toMatchObject({ total: 4, totalCapped: false });
  });
});
