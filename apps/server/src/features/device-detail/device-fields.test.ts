// Editing a device's grid code, battery and meter protocol and template (issue 38 point 6): validated by the
// domain's schema, scoped to the caller's subtree, allowed to whoever may stock devices in, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
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

let s: TestServer;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const FIELDS = { gridCode: 7, batteryProtocol: 3, meterProtocol: 2, template: 'Heat pump house' };

const put = (token: string, id: number, body: unknown, lang = 'en') =>
  api<DeviceDetail>(s.app, 'PUT', `/api/devices/${id}/fields`, { token, body, lang });
const stored = async (id: number) =>
  (
    await s.db.query<Record<string, unknown>>(
      `SELECT grid_code, battery_protocol, meter_protocol, template FROM devices WHERE id = $1`,
      [id],
    )
  ).rows[0];

// dealerA holds VFFLDA0001; dealerB holds VFFLDB0001; viewerA (above dealerA) may see the device list only.
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const viewerRole = await makeRole(s.db, 'fieldsViewer', ['B', 'B/A'], root);
  const viewer = await makeUser(s.db, { username: 'fldViewerA', roleId: viewerRole, superiorId: root });
  const a = await makeUser(s.db, { username: 'fldDealerA', roleId: dealer, superiorId: viewer.id });
  const b = await makeUser(s.db, { username: 'fldDealerB', roleId: dealer, superiorId: root });
  for (const [sn, owner] of [
    ['VFFLDA0001', a.id],
    ['VFFLDB0001', b.id],
  ] as const) {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id) VALUES ($1, 'inverter', '10K', $2) RETURNING id`,
      [sn, owner],
    );
    ids[sn] = rows[0]!.id;
  }
  for (const user of ['fldDealerA', 'fldDealerB', 'fldViewerA'])
    tokens[user] = await loginToken(s.app, user, 'Passw0rd-1');
});
afterAll(() => s.close());

describe('PUT /api/devices/:id/fields', () => {
  it('stores the fields, answers the detail showing them, and writes an operation record', async () => {
    const res = await put(tokens.fldDealerA!, ids.VFFLDA0001!, FIELDS);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ sn: 'VFFLDA0001', ...FIELDS });
    const detail = await api<DeviceDetail>(s.app, 'GET', `/api/devices/${ids.VFFLDA0001}/detail`, {
      token: tokens.fldViewerA,
    });
    expect(detail.body.data).toMatchObject(FIELDS);
    const audit = await s.db.query<{ username: string; object_id: string; ok: boolean; params: unknown }>(
      `SELECT username, object_id, ok, params FROM operation_records WHERE action = 'device.editFields' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { username: 'fldDealerA', object_id: String(ids.VFFLDA0001), ok: true, params: expect.objectContaining(FIELDS) },
    ]);
  });

  it('clears a field given as null', async () => {
    const res = await put(tokens.fldDealerA!, ids.VFFLDA0001!, { ...FIELDS, gridCode: null, template: null });
    expect(res.body.data).toMatchObject({ gridCode: null, batteryProtocol: 3, template: null });
    expect(await stored(ids.VFFLDA0001!)).toMatchObject({ grid_code: null, template: '' });
  });

  it.each([
    ['en', { gridCode: 70000 }, 'gridCode', 'Enter a whole number from 0 to 65535'],
    ['de', { batteryProtocol: -1 }, 'batteryProtocol', 'Geben Sie eine ganze Zahl von 0 bis 65535 ein'],
    ['cs', { meterProtocol: 1.5 }, 'meterProtocol', 'Zadejte celé číslo od 0 do 65535'],
    ['zh', { gridCode: 'CZ' }, 'gridCode', '请输入 0 到 65535 之间的整数'],
    ['en', { template: 'x'.repeat(65) }, 'template', 'At most 64 characters'],
  ])('refuses a bad value (%s %j) with a localised 400 and changes nothing', async (lang, bad, field, text) => {
    const before = await stored(ids.VFFLDA0001!);
    const res = await put(tokens.fldDealerA!, ids.VFFLDA0001!, { ...FIELDS, ...bad }, lang);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(JSON.stringify(res.body)).toContain(field);
    expect(JSON.stringify(res.body)).toContain(text);
    expect(await stored(ids.VFFLDA0001!)).toEqual(before);
  });

  it('answers a device of another branch exactly like a missing one, and changes nothing', async () => {
    const before = await stored(ids.VFFLDB0001!);
    const foreign = await put(tokens.fldDealerA!, ids.VFFLDB0001!, FIELDS);
    const missing = await put(tokens.fldDealerA!, 2_000_000_000, FIELDS);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(await stored(ids.VFFLDB0001!)).toEqual(before);
    expect((await put(tokens.fldDealerB!, ids.VFFLDB0001!, FIELDS)).status).toBe(200);
  });

  it('refuses a user without the stock-in permission, who may still read the device', async () => {
    const before = await stored(ids.VFFLDA0001!);
    const res = await put(tokens.fldViewerA!, ids.VFFLDA0001!, { ...FIELDS, gridCode: 1 });
    expect(res.status).toBe(403);
    expect(await stored(ids.VFFLDA0001!)).toEqual(before);
  });
});
