import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import type { Caller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { exportDevicesXlsx } from './device-export.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

let s: TestServer;
const tokens: Record<string, string> = {};
let dealerA: { id: number; path: string };

async function plant(name: string, ownerId: number): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.4, 50.1, 'Europe/Prague', $2) RETURNING id`,
    [name, ownerId],
  );
  return rows[0]!.id;
}

async function device(sn: string, ownerId: number, plantId: number | null, model: string, activated = true) {
  await s.db.query(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at, imported_at)
     VALUES ($1, 'inverter', $2, $3, $4, CASE WHEN $5::boolean THEN now() END, '2026-01-15T09:30:00Z')`,
    [sn, model, ownerId, plantId, activated],
  );
}

/**
 * Downloads the export and opens it; the sheet's rows as arrays of cell values (row 1: headers), an empty cell (which
 * the writer leaves out of the file) as ''.
 */
async function download(token: string, query = '', lang = 'en') {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/devices/export${query}`,
    headers: { token, 'accept-language': lang },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, headers: res.headers, rows: [] as unknown[][] };
  const sheet = await firstSheetOf(res.rawPayload);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')));
  return { status: res.statusCode, headers: res.headers, rows, sheetName: sheet.name };
}

// dealerA: plant "=1+2" with VFEXPA0001 (model "@SUM(A1)"), VFEXPA0002 awaiting activation in no plant;
// dealerB: VFEXPB0001, outside dealerA's scope.
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const listOnly = await makeRole(s.db, 'DeviceListNoExport', ['B', 'B/A'], root);
  dealerA = await makeUser(s.db, { username: 'expDealerA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'expDealerB', roleId: dealer, superiorId: root });
  await makeUser(s.db, { username: 'expNoExport', roleId: listOnly, superiorId: dealerA.id });
  const formulaPlant = await plant('=1+2', dealerA.id);
  await device('VFEXPA0001', dealerA.id, formulaPlant, '@SUM(A1)');
  await device('VFEXPA0002', dealerA.id, null, '-10K', false);
  await device('VFEXPB0001', b.id, await plant('Berlin', b.id), '10K');
  for (const name of ['expDealerA', 'expDealerB', 'expNoExport'])
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => s.close());

describe('GET /api/devices/export', () => {
  it('sends the filtered list in scope as an .xlsx with localised headers', async () => {
    const res = await download(tokens.expDealerA!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.rows[0]).toEqual([
      'Serial number',
      'Type',
      'Model',
      'Plant',
      'Running status',
      'Activation status',
      'Import time',
      'Last seen',
      'Time zone',
    ]);
    expect(res.rows.slice(1).map((r) => r[0])).toEqual(['VFEXPA0001', 'VFEXPA0002']);
    // Import time on the plant's wall clock with its offset (Prague, UTC+1 in January); a device in no plant in UTC.
    expect(res.rows[1]).toEqual([
      'VFEXPA0001',
      'Inverter',
      "'@SUM(A1)",
      "'=1+2",
      'Offline',
      'Activated',
      '2026-01-15 10:30:00 UTC+1',
      '',
      'Europe/Prague',
    ]);
    expect(res.rows[2]).toEqual([
      'VFEXPA0002',
      'Inverter',
      "'-10K",
      '',
      'Offline',
      'Awaiting activation',
      '2026-01-15 09:30:00 UTC+0',
      '',
      'UTC',
    ]);
  });

  it('writes headers and labels in the caller’s language', async () => {
    const res = await download(tokens.expDealerA!, '', 'de');
    expect(res.sheetName).toBe('Geräte');
    expect(res.rows[0]?.slice(0, 3)).toEqual(['Seriennummer', 'Typ', 'Modell']);
    expect(res.rows[2]?.[5]).toBe('Wartet auf Aktivierung');
  });

  it('applies the list filters and sort order', async () => {
    const awaiting = await download(tokens.expDealerA!, '?activation=awaiting');
    expect(awaiting.rows.slice(1).map((r) => r[0])).toEqual(['VFEXPA0002']);
    const desc = await download(tokens.expDealerA!, '?sort=sn&order=desc');
    expect(desc.rows.slice(1).map((r) => r[0])).toEqual(['VFEXPA0002', 'VFEXPA0001']);
  });

  it('leaves out devices of another branch, even when asked for by serial number', async () => {
    const res = await download(tokens.expDealerA!, '?keyword=VFEXPB0001');
    expect(res.status).toBe(200);
    expect(res.rows).toHaveLength(1);
    const admin = await download(tokens.admin!, '?keyword=VFEXP');
    expect(admin.rows.slice(1).map((r) => r[0])).toEqual(['VFEXPA0001', 'VFEXPA0002', 'VFEXPB0001']);
  });

  it('needs the B/A:device.export function permission', async () => {
    expect((await download(tokens.expNoExport!)).status).toBe(403);
  });

  it('records the export with its filters in the operation records', async () => {
    await download(tokens.expDealerB!, '?status=offline');
    const { rows } = await s.db.query<{ action: string; params: Record<string, unknown>; ok: boolean }>(
      `SELECT action, params, ok FROM operation_records WHERE username = 'expDealerB' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ action: 'device.export', ok: true, params: { status: 'offline' } });
  });

  it('refuses a selection above the row limit with a message, and accepts one at the limit', async () => {
    const caller: Caller = {
      id: dealerA.id,
      username: 'expDealerA',
      path: dealerA.path,
      level: 1,
      roleId: 0,
      permissions: new Set(),
      approved: true,
      tokenHash: '',
    };
    const filter = { sort: 'sn', order: 'asc' } as const;
    const refused = await exportDevicesXlsx(s.db, caller, 300, filter, 'en', 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).data).toEqual({
      issues: [{ path: 'filters', key: 'export.tooManyRows', params: { max: 1 } }],
    });
    const sheet = await exportDevicesXlsx(s.db, caller, 300, filter, 'en', 2);
    expect((await firstSheetOf(sheet)).rowCount).toBe(3);
  });
});
