import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@voltfleet/domain/records';
import type { ReportTemplate } from '@voltfleet/domain/reports';
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

let s: TestServer;
const tokens: Record<string, string> = {};
const devices: Record<string, number> = {};

// admin ─┬─ tplDealer ── tplOwner      (the dealer sees the owner's templates; the owner never sees the dealer's)
//        └─ tplOther                   (another branch: everything of the dealer's branch is "not found")
//            tplViewer (D/E without template.edit: reads and selects data, never saves)
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const editor = await makeRole(s.db, 'Reports', ['D', 'D/E', 'D/E:template.edit']);
  const viewer = await makeRole(s.db, 'Report reader', ['D', 'D/E']);
  const dealer = await makeUser(s.db, { username: 'tplDealer', roleId: editor, superiorId: root });
  const owner = await makeUser(s.db, { username: 'tplOwner', roleId: editor, superiorId: dealer.id, level: 2 });
  const other = await makeUser(s.db, { username: 'tplOther', roleId: editor, superiorId: root });
  await makeUser(s.db, { username: 'tplViewer', roleId: viewer, superiorId: dealer.id, level: 2 });
  const ownerPlant = await makePlant(s.db, 'Tpl_owner_roof', owner.id);
  const otherPlant = await makePlant(s.db, 'Tpl_other_roof', other.id);
  const device = async (sn: string, ownerId: number, plantId: number) => {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
      [sn, ownerId, plantId],
    );
    devices[sn] = rows[0]!.id;
  };
  for (const sn of ['TPLOWN0001', 'TPLOWN0002', 'TPLOWN0003', 'TPLOWN0004', 'TPLOWN0005'])
    await device(sn, owner.id, ownerPlant);
  await device('TPLOTH0001', other.id, otherPlant);
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of ['tplDealer', 'tplOwner', 'tplOther', 'tplViewer'])
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

const list = (who: string) => api<ReportTemplate[]>(s.app, 'GET', '/api/report-templates', { token: tokens[who] });
const save = (who: string, body: unknown, id?: number, lang = 'en') =>
  api<ReportTemplate>(s.app, id ? 'PUT' : 'POST', `/api/report-templates${id ? `/${id}` : ''}`, {
    token: tokens[who],
    body,
    lang,
  });
const own = (...sns: string[]) => sns.map((sn) => devices[sn]!);
const count = async () =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_templates`)).rows[0]!.n;
const records = async (action: string) =>
  (
    await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations?category=report&pageSize=200', {
      token: tokens.admin,
    })
  ).body.data.items.filter((r) => r.action === action);

describe('report templates', () => {
  let id = 0;

  it('creates a template with the saver and save time, listed for the saver and their superior', async () => {
    const before = Date.now();
    const res = await save('tplOwner', {
      name: 'Roof check',
      description: 'PV and battery',
      deviceIds: own('TPLOWN0001', 'TPLOWN0002'),
      indices: ['pvPowerW', 'batSocPct', 'pvEnergyTodayKwh'],
    });
    expect(res.status, res.body.msg).toBe(200);
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({
      name: 'Roof check',
      description: 'PV and battery',
      saverName: 'tplOwner',
      mine: true,
      indices: ['pvPowerW', 'batSocPct', 'pvEnergyTodayKwh'],
      devices: [
        { sn: 'TPLOWN0001', plantName: 'Tpl_owner_roof', timeZone: 'Europe/Prague' },
        { sn: 'TPLOWN0002', plantName: 'Tpl_owner_roof', timeZone: 'Europe/Prague' },
      ],
    });
    expect(Date.parse(res.body.data.savedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list('tplOwner')).body.data.map((t) => t.id)).toEqual([id]);
    // The superior sees it, read-only; another branch does not see it at all.
    expect((await list('tplDealer')).body.data).toMatchObject([{ id, mine: false, saverName: 'tplOwner' }]);
    expect((await list('tplOther')).body.data).toEqual([]);
  });

  it('refuses a fifth device and a ninth index with localised messages, saving nothing', async () => {
    const n = await count();
    const five = await save(
      'tplOwner',
      {
        name: 'Too many',
        deviceIds: own('TPLOWN0001', 'TPLOWN0002', 'TPLOWN0003', 'TPLOWN0004', 'TPLOWN0005'),
        indices: ['pvPowerW'],
      },
      undefined,
      'de',
    );
    expect(five.status).toBe(400);
    expect(five.body.msg).toBe('Es können höchstens 4 Geräte ausgewählt werden');
    const nine = await save(
      'tplOwner',
      {
        name: 'Too many',
        deviceIds: own('TPLOWN0001'),
        indices: [
          'pvPowerW',
          'loadPowerW',
          'gridPowerW',
          'batPowerW',
          'batSocPct',
          'pvEnergyTodayKwh',
          'loadEnergyTodayKwh',
          'gridImportTodayKwh',
          'gridExportTodayKwh',
        ],
      },
      undefined,
      'zh',
    );
    expect(nine.status).toBe(400);
    expect(nine.body.msg).toBe('最多只能选择 8 个指标');
    const hostile = await save('tplOwner', {
      name: '=cmd|x',
      deviceIds: ['1 OR 1=1'],
      indices: ['pvPowerW'],
      ownerId: 1,
    });
    expect(hostile.status).toBe(400);
    expect(await count()).toBe(n);
  });

  it('refuses a device outside the caller scope as not found', async () => {
    const res = await save('tplOwner', { name: 'Theirs', deviceIds: own('TPLOTH0001'), indices: ['pvPowerW'] });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('Cannot find a selected device');
  });

  it('lets only the saver edit, and records what changed', async () => {
    const body = { name: 'Roof check v2', description: '', deviceIds: own('TPLOWN0003'), indices: ['batSocPct'] };
    // The superior sees it but it is not theirs; another branch gets exactly the same "not found".
    expect((await save('tplDealer', body, id)).status).toBe(404);
    const foreign = await save('tplOther', body, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('Cannot find this template');
    expect((await api(s.app, 'GET', `/api/report-templates/${id}`, { token: tokens.tplOther })).status).toBe(404);
    const res = await save('tplOwner', body, id);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Roof check v2',
      devices: [{ sn: 'TPLOWN0003' }],
      indices: ['batSocPct'],
    });
    const [edit] = await records('reportTemplate.update');
    expect(edit).toMatchObject({ username: 'tplOwner', objectName: 'Roof check v2', ok: true });
    expect(edit!.changes).toMatchObject({
      name: { from: 'Roof check', to: 'Roof check v2' },
      deviceIds: { from: own('TPLOWN0001', 'TPLOWN0002'), to: own('TPLOWN0003') },
    });
  });

  it('needs the template permission to save; reading needs D/E only', async () => {
    const res = await save('tplViewer', { name: 'Mine', deviceIds: own('TPLOWN0001'), indices: ['pvPowerW'] });
    expect(res.status).toBe(403);
    expect((await list('tplViewer')).status).toBe(200);
  });

  it('deletes for the saver only', async () => {
    const del = (who: string) => api(s.app, 'DELETE', `/api/report-templates/${id}`, { token: tokens[who] });
    expect((await del('tplOther')).status).toBe(404);
    expect((await del('tplDealer')).status).toBe(404);
    expect((await del('tplOwner')).status).toBe(200);
    expect((await list('tplOwner')).body.data).toEqual([]);
    expect((await del('tplOwner')).status).toBe(404);
    expect((await records('reportTemplate.delete')).find((r) => r.ok)).toMatchObject({ username: 'tplOwner' });
    expect((await records('reportTemplate.create')).find((r) => r.ok)).toMatchObject({ username: 'tplOwner' });
  });
});
