import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { severityRank, type AlarmSeverity } from '@voltfleet/domain/alarms';
import { type DeviceListItem } from '@voltfleet/domain/device-list';
import { type Reading } from '@voltfleet/domain/telemetry';
import {
  TEST_ADMIN_PASSWORD,
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

interface Page {
  items: DeviceListItem[];
  total: number;
  page: number;
  pageSize: number;
}

let s: TestServer;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const now = Date.now();

async function plant(name: string, ownerId: number, timeZone: string): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.4, 50.1, $2, $3) RETURNING id`,
    [name, timeZone, ownerId],
  );
  return rows[0]!.id;
}

/** A device last seen `seenAgoS` seconds ago (null: never) with active alarms of the given severities. */
async function device(
  sn: string,
  d: {
    ownerId: number;
    plantId: number | null;
    kind?: string;
    model?: string;
    seenAgoS: number | null;
    alarms?: AlarmSeverity[];
  },
): Promise<void> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
    [sn, d.kind ?? 'inverter', d.model ?? '10K', d.ownerId, d.plantId],
  );
  ids[sn] = rows[0]!.id;
  await setSeen(sn, d.seenAgoS);
  for (const [i, severity] of (d.alarms ?? []).entries()) {
    await s.db.query(
      `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
       VALUES ($1, $2, $3, 'grid', $4, $5, 'active', now(), now())`,
      [ids[sn], d.plantId, `grid.test${i}`, severity, severityRank(severity)],
    );
  }
}

async function setSeen(sn: string, seenAgoS: number | null): Promise<void> {
  await s.db.query(
    `UPDATE devices SET last_seen_at = CASE WHEN $2::int IS NULL THEN NULL ELSE now() - make_interval(secs => $2::int) END
      WHERE sn = $1`,
    [sn, seenAgoS],
  );
}

const list = (token: string, query = '') => api<Page>(s.app, 'GET', `/api/devices${query}`, { token });
const sns = (page: Page) => page.items.map((d) => d.sn);

// admin ─┬─ dealerA ── plant "Prague roof": VFDEVA0001 (online), VFDEVA0002 (alarm), VFDEVA0003 (offline),
//        │             and collector VFDEVA0004 in no plant, never seen
//        └─ dealerB ── plant "Berlin barn": VFDEVB0001; ownerC (below dealerA) is affiliated to it
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const personal = await builtinRoleId(s.db, 'personal');
  const usersOnly = await makeRole(s.db, 'UsersOnlyDev', ['D', 'D/A'], root);
  const a = await makeUser(s.db, { username: 'devDealerA', roleId: dealer, superiorId: root, level: 1 });
  const b = await makeUser(s.db, { username: 'devDealerB', roleId: dealer, superiorId: root, level: 1 });
  const c = await makeUser(s.db, { username: 'devOwnerC', roleId: personal, superiorId: a.id, level: 3 });
  await makeUser(s.db, { username: 'devNoB', roleId: usersOnly, superiorId: root, level: 1 });
  const prague = await plant('Prague roof', a.id, 'Europe/Prague');
  const berlin = await plant('Berlin barn', b.id, 'Europe/Berlin');
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [berlin, c.id]);
  await device('VFDEVA0001', { ownerId: a.id, plantId: prague, seenAgoS: 5 });
  await device('VFDEVA0002', { ownerId: a.id, plantId: prague, model: '5K', seenAgoS: 20, alarms: ['minor', 'major'] });
  await device('VFDEVA0003', { ownerId: a.id, plantId: prague, model: '6K', seenAgoS: 600, alarms: ['warning'] });
  await device('VFDEVA0004', { ownerId: a.id, plantId: null, kind: 'collector', model: 'DTU-4G', seenAgoS: null });
  await device('VFDEVB0001', { ownerId: b.id, plantId: berlin, seenAgoS: 1 });

  const ingest = new Ingest(s.db);
  const reading = (sn: string, ts: number, values: Reading['values']) =>
    ingest.submit({ id: ids[sn]!, sn }, { sn, ts, values });
  await reading('VFDEVA0001', now - 120_000, { pvPowerW: 1000, batSocPct: 40, pvEnergyTodayKwh: 1 });
  await reading('VFDEVA0001', now - 60_000, {
    pvPowerW: 2345,
    loadPowerW: 800,
    gridPowerW: -1200,
    batPowerW: -300.4,
    batSocPct: 55.3,
    pvEnergyTodayKwh: 3.21,
  });
  // VFDEVA0004 waits for activation; import times differ so the list can sort by them.
  await s.db.query(
    `UPDATE devices SET activated_at = NULL, imported_at = now() - interval '2 days' WHERE sn = 'VFDEVA0004'`,
  );
  await s.db.query(`UPDATE devices SET imported_at = now() - interval '1 day' WHERE sn = 'VFDEVA0002'`);
  // Ingest marks devices seen now; put the statuses back as the cases need them.
  await setSeen('VFDEVA0001', 5);

  for (const name of ['devDealerA', 'devDealerB', 'devOwnerC', 'devNoB']) {
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
  }
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => s.close());

describe('GET /api/devices scope', () => {
  it('lists the devices of the caller’s subtree only, 15 to a page by default', async () => {
    const res = await list(tokens.devDealerA!);
    expect(res.status).toBe(200);
    expect(sns(res.body.data)).toEqual(['VFDEVA0001', 'VFDEVA0002', 'VFDEVA0003', 'VFDEVA0004']);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, pageSize: 15 });
    const admin = await list(tokens.admin!);
    expect(sns(admin.body.data)).toContain('VFDEVB0001');
  });

  it('adds the devices of plants the caller is affiliated to', async () => {
    expect(sns((await list(tokens.devOwnerC!)).body.data)).toEqual(['VFDEVB0001']);
  });

  it('answers 404 for a device of another branch exactly like a missing one', async () => {
    const other = await api(s.app, 'GET', `/api/devices/${ids.VFDEVB0001}`, { token: tokens.devDealerA });
    const missing = await api(s.app, 'GET', '/api/devices/999999', { token: tokens.devDealerA });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    const own = await api<DeviceListItem>(s.app, 'GET', `/api/devices/${ids.VFDEVB0001}`, { token: tokens.devDealerB });
    expect(own.body.data).toMatchObject({ sn: 'VFDEVB0001', plantName: 'Berlin barn', plantTimeZone: 'Europe/Berlin' });
  });

  it('answers 403 without the device list permission', async () => {
    expect((await list(tokens.devNoB!)).status).toBe(403);
    expect((await api(s.app, 'GET', `/api/devices/${ids.VFDEVA0001}`, { token: tokens.devNoB })).status).toBe(403);
  });
});

describe('running status and latest values', () => {
  it('computes online, alarm (recent, an active major alarm) and offline (silent beyond the threshold)', async () => {
    const items = (await list(tokens.devDealerA!)).body.data.items;
    const status = Object.fromEntries(items.map((d) => [d.sn, d.runningStatus]));
    expect(status).toEqual({
      VFDEVA0001: 'online',
      VFDEVA0002: 'alarm',
      VFDEVA0003: 'offline',
      VFDEVA0004: 'offline',
    });
  });

  it('counts each device’s active alarms with the most severe, whatever its status', async () => {
    const items = (await list(tokens.devDealerA!)).body.data.items;
    expect(Object.fromEntries(items.map((d) => [d.sn, d.activeAlarms]))).toEqual({
      VFDEVA0001: { count: 0, maxSeverity: null },
      VFDEVA0002: { count: 2, maxSeverity: 'major' },
      VFDEVA0003: { count: 1, maxSeverity: 'warning' },
      VFDEVA0004: { count: 0, maxSeverity: null },
    });
  });

  it('gives the newest reading’s key values, rounded to the catalogue decimals', async () => {
    const res = await api<DeviceListItem>(s.app, 'GET', `/api/devices/${ids.VFDEVA0001}`, { token: tokens.devDealerA });
    expect(res.body.data).toMatchObject({
      kind: 'inverter',
      model: '10K',
      plantName: 'Prague roof',
      plantTimeZone: 'Europe/Prague',
      activated: true,
      importedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastReadingAt: new Date(now - 60_000).toISOString(),
      latest: {
        ts: new Date(now - 60_000).toISOString(),
        pvPowerW: 2345,
        loadPowerW: 800,
        gridPowerW: -1200,
        batPowerW: -300,
        batSocPct: 55,
        pvEnergyTodayKwh: 3.21,
      },
    });
    const quiet = await api<DeviceListItem>(s.app, 'GET', `/api/devices/${ids.VFDEVA0004}`, {
      token: tokens.devDealerA,
    });
    expect(quiet.body.data).toMatchObject({ plantId: null, plantName: null, lastSeenAt: null, latest: null });
  });
});

describe('filters, sorting and paging', () => {
  it.each([
    ['?keyword=a0002', ['VFDEVA0002']],
    ['?keyword=prague', ['VFDEVA0001', 'VFDEVA0002', 'VFDEVA0003']],
    ['?keyword=dtu', ['VFDEVA0004']],
    ['?keyword=%25', []],
    ['?kind=collector', ['VFDEVA0004']],
    ['?status=offline', ['VFDEVA0003', 'VFDEVA0004']],
    ['?status=alarm', ['VFDEVA0002']],
    ['?status=online&kind=inverter', ['VFDEVA0001']],
    ['?model=5k', ['VFDEVA0002']],
    ['?model=5', []],
    ['?activation=awaiting', ['VFDEVA0004']],
    ['?activation=activated&status=offline', ['VFDEVA0003']],
  ])('filters %s', async (query, expected) => {
    const res = await list(tokens.devDealerA!, query);
    expect(res.status).toBe(200);
    expect(sns(res.body.data)).toEqual(expected);
    expect(res.body.data.total).toBe(expected.length);
  });

  it('filters by plant, and a plant outside scope gives nothing', async () => {
    const prague = (await list(tokens.devDealerA!, '?keyword=VFDEVA0001')).body.data.items[0]!.plantId;
    expect(sns((await list(tokens.devDealerA!, `?plantId=${prague}`)).body.data)).toHaveLength(3);
    const berlin = (await list(tokens.devDealerB!)).body.data.items[0]!.plantId;
    expect((await list(tokens.devDealerA!, `?plantId=${berlin}`)).body.data.total).toBe(0);
  });

  it.each([
    ['?sort=sn&order=desc', ['VFDEVA0004', 'VFDEVA0003', 'VFDEVA0002', 'VFDEVA0001']],
    ['?sort=status', ['VFDEVA0002', 'VFDEVA0001', 'VFDEVA0003', 'VFDEVA0004']],
    // VFDEVA0004 was never seen: last in either direction.
    ['?sort=lastSeen&order=desc', ['VFDEVA0001', 'VFDEVA0002', 'VFDEVA0003', 'VFDEVA0004']],
    ['?sort=lastSeen', ['VFDEVA0003', 'VFDEVA0002', 'VFDEVA0001', 'VFDEVA0004']],
    ['?sort=model', ['VFDEVA0001', 'VFDEVA0002', 'VFDEVA0003', 'VFDEVA0004']],
    ['?sort=model&order=desc', ['VFDEVA0004', 'VFDEVA0003', 'VFDEVA0002', 'VFDEVA0001']],
    // VFDEVA0004 is in no plant: last in either direction.
    ['?sort=plant&order=desc', ['VFDEVA0003', 'VFDEVA0002', 'VFDEVA0001', 'VFDEVA0004']],
    ['?sort=activation', ['VFDEVA0004', 'VFDEVA0001', 'VFDEVA0002', 'VFDEVA0003']],
    ['?sort=activation&order=desc', ['VFDEVA0003', 'VFDEVA0002', 'VFDEVA0001', 'VFDEVA0004']],
    ['?sort=importTime', ['VFDEVA0004', 'VFDEVA0002', 'VFDEVA0001', 'VFDEVA0003']],
    ['?sort=importTime&order=desc', ['VFDEVA0003', 'VFDEVA0001', 'VFDEVA0002', 'VFDEVA0004']],
  ])('sorts %s', async (query, expected) => {
    expect(sns((await list(tokens.devDealerA!, query)).body.data)).toEqual(expected);
  });

  it('pages with the total across pages', async () => {
    const second = (await list(tokens.devDealerA!, '?pageSize=3&page=2')).body.data;
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(sns(second)).toEqual(['VFDEVA0004']);
  });

  it('offers the models and plants of the devices in scope as filter options', async () => {
    const res = await api<{ models: string[]; plants: { name: string }[] }>(
      s.app,
      'GET',
      '/api/devices/filter-options',
      {
        token: tokens.devDealerA,
      },
    );
    expect(res.body.data.models).toEqual(['10K', '5K', '6K', 'DTU-4G']);
    expect(res.body.data.plants.map((p) => p.name)).toEqual(['Prague roof']);
    const noB = await api(s.app, 'GET', '/api/devices/filter-options', { token: tokens.devNoB });
    expect(noB.status).toBe(403);
  });

  it('rejects an unknown filter value', async () => {
    expect((await list(tokens.devDealerA!, '?status=sleeping')).status).toBe(400);
    expect((await list(tokens.devDealerA!, '?sort=colour')).status).toBe(400);
    expect((await list(tokens.devDealerA!, '?activation=maybe')).status).toBe(400);
  });
});
