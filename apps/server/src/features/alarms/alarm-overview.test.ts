import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmOverview } from '@voltfleet/domain/alarms';
import { alarmWorld, insertDevice, type AlarmWorld } from './alarm-world.test-support.js';
import { bucketLabel } from './alarm-trend-labels.js';

let w: AlarmWorld;
const O: Record<string, number> = {};
let own = 0;

async function overview(query: string, user: keyof AlarmWorld['users'] = 'dealerA') {
  const res = await w.get<AlarmOverview>(user, `/api/alarms/overview${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const HOUR = 3_600_000;
const zero = { grid: 0, ac: 0, pv: 0, bus: 0, battery: 0, wiring: 0, insulation: 0, hardware: 0, communication: 0 };

// Plant-local days around midnight again: O8 is 00:30 on 1 March in Prague but still 28 February in UTC; O2 and O4
// are 4 March in their plants but 3 March in UTC. O6 is dealerB's; O7 is outside March in Prague.
beforeAll(async () => {
  w = await alarmWorld('AO');
  const d = w.devices;
  const ack = { at: '2026-03-04T08:00:00Z', by: w.users.dealerA };
  O.O1 = await w.alarm({
    deviceId: d.PRG1,
    code: 'grid.voltageHigh',
    raisedAt: '2026-03-03T22:30:00Z',
    recoveredAt: '2026-03-04T00:30:00Z',
    ack,
  });
  O.O2 = await w.alarm({ deviceId: d.PRG1, code: 'battery.socLow', raisedAt: '2026-03-03T23:30:00Z', flapping: true });
  O.O3 = await w.alarm({
    deviceId: d.PRG2,
    code: 'ac.shortCircuit',
    raisedAt: '2026-03-05T10:00:00Z',
    recoveredAt: '2026-03-05T10:10:00Z',
  });
  O.O4 = await w.alarm({
    deviceId: d.SHA1,
    code: 'pv.pv1Overvoltage',
    raisedAt: '2026-03-03T16:30:00Z',
    recoveredAt: '2026-03-03T17:30:00Z',
    ack,
  });
  O.O5 = await w.alarm({ deviceId: d.SHA1, code: 'unknown.77', deviceCode: 77, raisedAt: '2026-03-06T02:00:00Z' });
  O.O6 = await w.alarm({
    deviceId: d.BER1,
    code: 'grid.voltageHigh',
    raisedAt: '2026-03-04T12:00:00Z',
    recoveredAt: '2026-03-04T12:30:00Z',
  });
  O.O7 = await w.alarm({ deviceId: d.PRG1, code: 'grid.voltageHigh', raisedAt: '2026-02-28T22:30:00Z' });
  O.O8 = await w.alarm({
    deviceId: d.PRG1,
    code: 'grid.voltageHigh',
    raisedAt: '2026-02-28T23:30:00Z',
    recoveredAt: '2026-03-01T00:30:00Z',
  });
  own = await insertDevice(w.s.db, 'AOOWN1', w.users.dealerA, w.plants.prague);
});
afterAll(() => w.s.close());

describe('GET /api/alarms/overview figures', () => {
  it('counts the alarms raised in the plant-local days of the window', async () => {
    const o = await overview('?from=2026-03-01&to=2026-03-07&bucket=day');
    // O1, O2, O3, O4, O5 and O8: O7 is 28 February in Prague, O6 another branch's.
    expect(o).toMatchObject({
      total: 6,
      bySeverity: { critical: 1, major: 4, minor: 0, warning: 1 },
      byState: { active: 2, recovered: 4 },
      byGroup: { ...zero, grid: 2, battery: 1, ac: 1, pv: 1, other: 1 },
      unacknowledged: 4,
      flapping: 1,
      // (7200 + 600 + 3600 + 3600) / 4
      mttrSeconds: 3750,
      timeZone: 'UTC',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-07T23:59:59.999Z',
    });
    // UTC days; O8 reaches back to 28 February in UTC, so the chart starts there.
    expect(o.trend).toEqual({
      bucket: 'day',
      labels: [
        '2026-02-28',
        '2026-03-01',
        '2026-03-02',
        '2026-03-03',
        '2026-03-04',
        '2026-03-05',
        '2026-03-06',
        '2026-03-07',
      ],
      raised: [1, 0, 0, 3, 0, 1, 1, 0],
      recovered: [0, 1, 0, 1, 1, 1, 0, 0],
    });
    expect(o.topPlants).toEqual([
      { plantId: w.plants.prague, name: 'AO Prague roof', count: 4 },
      { plantId: w.plants.shanghai, name: 'AO 上海 屋顶', count: 2 },
    ]);
    expect(o.topDevices).toEqual([
      { deviceId: w.devices.PRG1, sn: 'AOPRG1', count: 3 },
      { deviceId: w.devices.SHA1, sn: 'AOSHA1', count: 2 },
      { deviceId: w.devices.PRG2, sn: 'AOPRG2', count: 1 },
    ]);
  });

  it('labels one plant’s trend in its own zone', async () => {
    const o = await overview(`?from=2026-03-01&to=2026-03-07&bucket=day&plantId=${w.plants.prague}`);
    expect(o).toMatchObject({ total: 4, timeZone: 'Europe/Prague', from: '2026-02-28T23:00:00.000Z' });
    expect(o.trend.labels).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(o.trend.raised).toEqual([1, 0, 1, 1, 1, 0, 0]);
    expect(o.trend.recovered).toEqual([1, 0, 0, 1, 1, 0, 0]);
    expect(o.topPlants).toEqual([{ plantId: w.plants.prague, name: 'AO Prague roof', count: 4 }]);
  });

  it('buckets by hour and by month', async () => {
    const hours = await overview(`?from=2026-03-03&to=2026-03-03&bucket=hour&plantId=${w.plants.prague}`);
    expect(hours.trend.labels).toHaveLength(24);
    expect(hours.trend.labels[0]).toBe('2026-03-03 00:00');
    expect(hours.trend.labels[23]).toBe('2026-03-03 23:00');
    expect(hours.trend.raised[23]).toBe(1);
    expect(hours.total).toBe(1);
    const months = await overview('?from=2026-02-01&to=2026-03-31&bucket=month');
    expect(months.trend).toMatchObject({ labels: ['2026-02', '2026-03'], raised: [2, 5] });
    expect(months.total).toBe(7);
  });

  it('applies the search filters', async () => {
    const majors = await overview('?from=2026-03-01&to=2026-03-07&severity=major&ack=unacknowledged');
    // O5 and O8.
    expect(majors).toMatchObject({ total: 2, byState: { active: 1, recovered: 1 }, unacknowledged: 2 });
    const text = await overview(`?from=2026-03-01&to=2026-03-07&q=${encodeURIComponent('电网电压')}`);
    expect(text.total).toBe(2);
    const none = await overview('?from=2026-03-01&to=2026-03-07&q=nothing-like-this');
    expect(none).toMatchObject({ total: 0, mttrSeconds: null, topPlants: [], topDevices: [] });
    expect(none.trend.raised).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('refuses a trend with too many buckets, in the caller’s language', async () => {
    const res = await w.get('dealerA', '/api/alarms/overview?from=2026-01-01&to=2026-03-01&bucket=hour', 'de');
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('höchstens 1000');
  });
});

describe('the default window', () => {
  it('is the last 24 hours, 30 days or 13 months, ending with the current bucket', async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    await w.alarm({ deviceId: own, code: 'grid.voltageHigh', raisedAt: at(now - 2 * HOUR) });
    await w.alarm({
      deviceId: own,
      code: 'ac.overload',
      raisedAt: at(now - 72 * HOUR),
      recoveredAt: at(now - 72 * HOUR + 600_000),
    });
    await w.alarm({ deviceId: own, code: 'pv.pv1Overvoltage', raisedAt: at(now - 60 * 24 * HOUR) });
    const q = `deviceId=${own}&plantId=${w.plants.prague}`;
    const hour = await overview(`?bucket=hour&${q}`);
    expect(hour.total).toBe(1);
    expect(hour.trend.labels).toHaveLength(24);
    expect(hour.trend.labels[23]).toBe(bucketLabel(Date.now(), 'Europe/Prague', 'hour'));
    expect(hour.trend.raised[21]).toBe(1);
    const day = await overview(`?${q}`);
    expect(day).toMatchObject({ total: 2, mttrSeconds: 600 });
    expect(day.trend.labels).toHaveLength(30);
    expect(day.trend.labels[29]).toBe(bucketLabel(Date.now(), 'Europe/Prague', 'day'));
    expect(day.trend.raised.reduce((a, b) => a + b, 0)).toBe(2);
    const month = await overview(`?bucket=month&${q}`);
    expect(month.total).toBe(3);
    expect(month.trend.labels).toHaveLength(13);
  });
});

describe('who sees what', () => {
  it('counts only the caller’s alarms', async () => {
    const theirs = await overview('?from=2026-03-01&to=2026-03-07', 'dealerB');
    expect(theirs).toMatchObject({ total: 1, byState: { active: 0, recovered: 1 }, mttrSeconds: 1800 });
    expect(theirs.topPlants).toEqual([{ plantId: w.plants.berlin, name: 'AO Berlin barn', count: 1 }]);
    const all = await overview('?from=2026-03-01&to=2026-03-07', 'admin');
    expect(all.total).toBe(7);
    // A plant out of scope: nothing counted, and its zone is not told either.
    const foreign = await overview(`?from=2026-03-01&to=2026-03-07&plantId=${w.plants.berlin}`);
    expect(foreign).toMatchObject({ total: 0, timeZone: 'UTC' });
  });

  it('needs the overview page', async () => {
    expect((await w.get('deviceList', '/api/alarms/overview')).status).toBe(403);
    expect((await overview('?from=2026-03-01&to=2026-03-07', 'viewer')).total).toBe(0);
  });

  it('never answers figures counted before an acknowledgement as current: the change shows once it is counted', async () => {
    const before = await overview('?from=2026-03-01&to=2026-03-07');
    expect(before.refreshing).toBe(false);
    const res = await w.post('dealerA', '/api/alarms/acknowledge', { ids: [O.O5], note: '' });
    expect(res.status).toBe(200);
    // Answered within 100 ms: the new figures, or the previous ones marked refreshing (as the page, ask again).
    let after = await overview('?from=2026-03-01&to=2026-03-07');
    for (let i = 0; after.refreshing && i < 100; i++) {
      expect(after.unacknowledged).toBe(before.unacknowledged);
      expect(after.computedAt).toBe(before.computedAt);
      await new Promise((r) => setTimeout(r, 50));
      after = await overview('?from=2026-03-01&to=2026-03-07');
    }
    expect(after.refreshing).toBe(false);
    expect(after.unacknowledged).toBe(before.unacknowledged - 1);
    expect(Date.parse(after.computedAt)).toBeGreaterThan(Date.parse(before.computedAt));
  });
});
