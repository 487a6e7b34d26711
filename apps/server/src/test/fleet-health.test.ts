import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_SEVERITIES, type AlarmPage, type AlarmSeverity } from '@voltfleet/domain/alarms';
import {
  type BigScreenAlarms,
  type BigScreenCharts,
  type BigScreenPlant,
  type BigScreenSummary,
} from '@voltfleet/domain/big-screen';
import { type PlantListItem, type PlantStatsSummary } from '@voltfleet/domain/plants';
import { adminId, api, builtinRoleId, loginToken, makeUser, startTestServer, type TestServer } from './harness.js';
import { addDevice, addPlant } from './plant-figures-fixture.js';

/**
 * Fleet health counted the same everywhere (issue 36): plant statistics, the plant list, the big-screen summary,
 * map, charts and ticker, and the alarm search give the same plants by status and the same active alarms by
 * severity, plant by plant, for the same caller.
 *
 * dealer ─ Calm (normal, no alarm) · Minor (normal, a minor and a warning, and a device moved in during its warning)
 *        · Major (alarm) · Dark (offline, its inverter's critical "no data") · Left (normal: the device that moved
 *          out took its active warning along; its recovered alarm stays in Left's history)
 * other dealer ─ Foreign (a critical that counts for nobody above)
 */
const PASSWORD = 'Passw0rd-1';
const SEVERITY_RANK: Record<AlarmSeverity, number> = { critical: 0, major: 1, minor: 2, warning: 3 };

let s: TestServer;
let token = '';
const plants: Record<string, number> = {};

async function alarm(deviceId: number, plantId: number, severity: AlarmSeverity, state = 'active') {
  await s.db.query(
    `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at,
                         recovered_at)
     VALUES ($1, $2, $3, 'grid', $4, $5, $6, now() - interval '1 hour', now(),
             CASE WHEN $6 = 'recovered' THEN now() END)`,
    [deviceId, plantId, `grid.test${severity}${state}`, severity, SEVERITY_RANK[severity], state],
  );
}

async function get<T>(url: string): Promise<T> {
  const res = await api<T>(s.app, 'GET', url, { token });
  expect(res.status, url).toBe(200);
  return res.body.data;
}

const activeAlarmTotal = async (query: string) =>
  (await get<AlarmPage>(`/api/alarms?state=active&pageSize=1&${query}`)).total;

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealerRole = await builtinRoleId(s.db, 'dealer');
  const dealer = await makeUser(s.db, { username: 'healthDealer', roleId: dealerRole, superiorId: root });
  const other = await makeUser(s.db, { username: 'healthOther', roleId: dealerRole, superiorId: root });
  for (const name of ['Calm', 'Minor', 'Major', 'Dark', 'Left'])
    plants[name] = await addPlant(s.db, { name: `Health ${name}`, ownerId: dealer.id, timeZone: 'Europe/Prague' });
  plants.Foreign = await addPlant(s.db, { name: 'Health Foreign', ownerId: other.id, timeZone: 'Europe/Prague' });

  await addDevice(s.db, { sn: 'HEALTHCALM1', ownerId: dealer.id, plantId: plants.Calm! });
  const minor = await addDevice(s.db, { sn: 'HEALTHMIN01', ownerId: dealer.id, plantId: plants.Minor! });
  await alarm(minor, plants.Minor!, 'minor');
  await alarm(minor, plants.Minor!, 'warning');
  await addDevice(s.db, { sn: 'HEALTHMAJ01', ownerId: dealer.id, plantId: plants.Major!, alarm: true });
  const dark = await addDevice(s.db, { sn: 'HEALTHDARK1', ownerId: dealer.id, plantId: plants.Dark!, seen: false });
  await alarm(dark, plants.Dark!, 'critical');
  await addDevice(s.db, { sn: 'HEALTHLEFT1', ownerId: dealer.id, plantId: plants.Left! });
  const mover = await addDevice(s.db, { sn: 'HEALTHMOVE1', ownerId: dealer.id, plantId: plants.Left! });
  await alarm(mover, plants.Left!, 'warning');
  await alarm(mover, plants.Left!, 'major', 'recovered');
  // Moved while its warning goes on: the warning is Minor's now, as the device is.
  await s.db.query(`UPDATE devices SET plant_id = $1 WHERE id = $2`, [plants.Minor!, mover]);
  const foreign = await addDevice(s.db, { sn: 'HEALTHFOR01', ownerId: other.id, plantId: plants.Foreign! });
  await alarm(foreign, plants.Foreign!, 'critical');

  token = await loginToken(s.app, 'healthDealer', PASSWORD);
});

afterAll(async () => {
  await s.close();
});

describe('fleet health, counted alike on every page', () => {
  const expectedCounts = { all: 5, online: 4, normal: 3, alarm: 1, offline: 1 };
  const expectedTally = {
    total: 5,
    bySeverity: { critical: 1, major: 1, minor: 1, warning: 2 },
    normalPlantsWithAlarms: 1,
  };
  const expectedPlants = {
    Calm: { status: 'normal', count: 0, maxSeverity: null },
    Minor: { status: 'normal', count: 3, maxSeverity: 'minor' },
    Major: { status: 'alarm', count: 1, maxSeverity: 'major' },
    Dark: { status: 'offline', count: 1, maxSeverity: 'critical' },
    Left: { status: 'normal', count: 0, maxSeverity: null },
  };
  const byName = <T extends { name: string }>(rows: T[], pick: (row: T) => unknown) =>
    Object.fromEntries(rows.map((r) => [r.name.replace('Health ', ''), pick(r)]));

  it('plant statistics count the plants by status and their active alarms by severity', async () => {
    const summary = await get<PlantStatsSummary>('/api/plant-statistics/summary');
    expect(summary.counts).toEqual(expectedCounts);
    expect(summary.activeAlarms).toEqual(expectedTally);
  });

  it('the plant list shows each plant with that status and those alarms', async () => {
    const list = await get<PlantListItem[]>('/api/plants');
    expect(byName(list, (p) => ({ status: p.status, ...p.activeAlarms }))).toEqual(expectedPlants);
    // The list's status filter counts as plant statistics do.
    for (const [status, n] of Object.entries(expectedCounts))
      expect((await get<PlantListItem[]>(`/api/plants?status=${status}`)).length, status).toBe(n);
  });

  it('the big screen shows the same summary, map, status chart and ticker total', async () => {
    const summary = await get<BigScreenSummary>('/api/big-screen/summary');
    expect(summary.summary.counts).toEqual(expectedCounts);
    expect(summary.summary.activeAlarms).toEqual(expectedTally);
    const map = await get<{ plants: BigScreenPlant[] }>('/api/big-screen/plants');
    expect(byName(map.plants, (p) => ({ status: p.status, ...p.alarms }))).toEqual(expectedPlants);
    expect((await get<BigScreenCharts>('/api/big-screen/charts')).status).toEqual(expectedCounts);
    expect((await get<BigScreenAlarms>('/api/big-screen/alarms')).total).toBe(expectedTally.total);
  });

  it('the alarm search finds the same active alarms: in all, by severity, and behind each plant’s badge', async () => {
    expect(await activeAlarmTotal('')).toBe(expectedTally.total);
    for (const severity of ALARM_SEVERITIES)
      expect(await activeAlarmTotal(`severity=${severity}`), severity).toBe(expectedTally.bySeverity[severity]);
    for (const [name, expected] of Object.entries(expectedPlants))
      expect(await activeAlarmTotal(`plantId=${plants[name]}`), name).toBe(expected.count);
    // The history keeps where an alarm happened: the mover's recovered alarm is still Left's.
    const left = await get<AlarmPage>(`/api/alarms?plantId=${plants.Left}&state=recovered`);
    expect(left.items.map((a) => a.sn)).toEqual(['HEALTHMOVE1']);
  });
});
