import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportResult } from '@voltfleet/domain/devices';
import {
  adminId,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { verifyDeviceSecret } from '../../link/device-secret.js';
import { sheetOf, upload, workbookParts, worksheetsOf, zerosDeflated, zipOf } from '../../test/xlsx-fixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let s: TestServer;
const tokens: Record<string, string> = {};

const importFile = (who: string, bytes: Buffer, opts: { name?: string; type?: string; lang?: string } = {}) =>
  upload(
    s.app,
    '/api/device-storage/import',
    { name: opts.name ?? 'devices.xlsx', type: opts.type ?? XLSX, bytes },
    { token: tokens[who]!, ...(opts.lang ? { lang: opts.lang } : {}) },
  );
const result = (res: { body: { data: unknown } }) => res.body.data as ImportResult;
const count = async () => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices`)).rows[0]!.n;

// admin ─┬─ imDealerA (dealer) ── imViewer (B, B/D: no import)
//        └─ imDealerB (dealer), who holds VFIMB0000001
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const viewerRole = await makeRole(s.db, 'ImportViewer', ['B', 'B/D'], root);
  const a = await makeUser(s.db, { username: 'imDealerA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'imDealerB', roleId: dealer, superiorId: root });
  await makeUser(s.db, { username: 'imViewer', roleId: viewerRole, superiorId: a.id, level: 2 });
  for (const name of ['imDealerA', 'imDealerB', 'imViewer']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
  await s.db.query(`INSERT INTO devices (sn, kind, model, owner_id) VALUES ('VFIMB0000001', 'inverter', '10K', $1)`, [
    b.id,
  ]);
  await s.db.query(`INSERT INTO devices (sn, kind, model, owner_id) VALUES ('VFIMA0000000', 'inverter', '10K', $1)`, [
    a.id,
  ]);
});
afterAll(() => s?.close());

describe('template', () => {
  it('is an .xlsx with headers in the caller language, drop-down lists and an example row', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/device-storage/template',
      headers: { token: tokens.imDealerA!, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain('attachment');
    const [sheet] = await worksheetsOf(res.rawPayload);
    expect(sheet!.getRow(1).values).toEqual([
      undefined,
      'Seriennummer',
      'Gerätetyp',
      'Modell',
      'Batteriemodell',
      'Installationsort',
      'Netzcode',
      'Batterieprotokoll',
      'Zählerprotokoll',
      'Vorlage',
    ]);
    expect(sheet!.getRow(2).values).toEqual([
      undefined,
      'EXAMPLE0001',
      'Wechselrichter',
      '10K',
      'VF-LFP-10',
      'Garage',
      3,
      1,
      1,
      'Heimspeicher',
    ]);
    const model = sheet!.getCell('C5').dataValidation;
    expect(model.type).toBe('list');
    expect(model.formulae[0]).toContain('10K');
    expect(model.formulae[0]).toContain('DTU4G');
    expect(sheet!.getCell('B5').dataValidation.formulae[0]).toContain('Batteriesystem');
  });

  it('imported as it is, only the example row is there, and it is skipped', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/device-storage/template',
      headers: { token: tokens.imDealerA! },
    });
    const answer = await importFile('imDealerA', res.rawPayload);
    expect(answer).toMatchObject({ status: 400, body: { msg: 'The sheet has no device rows' } });
  });

  it('needs the import permission', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/device-storage/template',
      headers: { token: tokens.imViewer! },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a valid sheet', () => {
  it('stocks every row in, with import time, and offers the new credentials once as a sheet', async () => {
    const before = await count();
    const bytes = await sheetOf([
      ['VFIMA0000001', 'Inverter', '10K', 'VF-LFP-10', 'garage'],
      ['VFIMA0000002', '逆变器', '5K', '', ''],
      ['VFIMA0000003', 'battery', 'VF-LFP-20'],
      [],
      ['VFIMA0000004', 'Collector', 'DTU4G', null, '=cmd|"/c calc"!A1'],
    ]);
    const res = await importFile('imDealerA', bytes);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Import finished');
    const data = result(res);
    expect(data.rejected).toEqual([]);
    expect(data.accepted).toEqual([
      { row: 2, sn: 'VFIMA0000001', kind: 'inverter', modelType: '10K' },
      { row: 3, sn: 'VFIMA0000002', kind: 'inverter', modelType: '5K' },
      { row: 4, sn: 'VFIMA0000003', kind: 'battery', modelType: 'VF-LFP-20' },
      { row: 6, sn: 'VFIMA0000004', kind: 'collector', modelType: 'DTU4G' },
    ]);
    expect(await count()).toBe(before + 4);
    const { rows } = await s.db.query<{
      sn: string;
      imported_at: Date;
      activated_at: Date | null;
      secret_hash: string | null;
      installation_position: string;
    }>(
      `SELECT sn, imported_at, activated_at, secret_hash, installation_position FROM devices WHERE sn LIKE 'VFIMA000000_' AND sn <> 'VFIMA0000000' ORDER BY sn`,
    );
    for (const row of rows) {
      expect(Date.now() - row.imported_at.getTime()).toBeLessThan(60_000);
      expect(row.activated_at).toBeNull();
    }
    // Text is stored as written; neutralising is for the sheets we produce.
    expect(rows[3]!.installation_position).toBe('=cmd|"/c calc"!A1');

    // Inverters and the collector log in themselves; the battery system has no credentials.
    const [sheet] = await worksheetsOf(Buffer.from(data.credentialsSheet!, 'base64'));
    const lines = sheet!.getRows(2, sheet!.actualRowCount - 1)!.map((r) => r.values as unknown[]);
    expect(lines.map((l) => l[1])).toEqual(['VFIMA0000001', 'VFIMA0000002', 'VFIMA0000004']);
    for (const line of lines) {
      const hash = rows.find((r) => r.sn === line[1])!.secret_hash!;
      expect(line[4]).toBe(line[1]);
      expect(await verifyDeviceSecret(String(line[5]), hash)).toBe(true);
    }
    expect(rows.find((r) => r.sn === 'VFIMA0000003')!.secret_hash).toBeNull();
    const audit = await s.db.query(`SELECT 1 FROM operation_records WHERE action = 'device.import' AND ok`);
    expect(audit.rows).toHaveLength(1);
  });
});

describe('bad rows', () => {
  it('lists every rejected row with its number and localised reason, and stores the good rows', async () => {
    const bytes = await sheetOf([
      ['VFIMC0000001', 'inverter', '10K'],
      ['VFIMC0000001', 'inverter', '6K'],
      ['VFIMA0000001', 'inverter', '10K'],
      ['VFIMB0000001', 'inverter', '10K'],
      ['VFIMC0000002', 'inverter', '8K'],
      ['VFIMC0000003', 'collector', '10K'],
      ['vf-bad', 'inverter', '10K'],
      ['VFIMC0000004', 'meter', '10K'],
      ['VFIMC0000005', 'inverter', ''],
      ['VFIMC0000006', 'inverter', { formula: '1+1', result: 2 }],
      ['VFIMC0000007', 'inverter', '10K', '', 'x'.repeat(101)],
      ['VFIMC0000008', 'battery', 'VF-LFP-5'],
    ]);
    const before = await count();
    const res = await importFile('imDealerA', bytes);
    expect(res.status).toBe(200);
    const data = result(res);
    expect(data.accepted.map((a) => [a.row, a.sn])).toEqual([
      [2, 'VFIMC0000001'],
      [13, 'VFIMC0000008'],
    ]);
    expect(data.rejected.map((r) => [r.row, r.sn, r.reason, r.message])).toEqual([
      [
        3,
        'VFIMC0000001',
        'duplicateInSheet',
        'This serial number appears more than once in the sheet (first in row 2)',
      ],
      [4, 'VFIMA0000001', 'alreadyInStorage', 'This serial number is already in storage'],
      [5, 'VFIMB0000001', 'ownedElsewhere', 'This serial number is already owned elsewhere'],
      [6, 'VFIMC0000002', 'unknownModel', 'Model: Unknown model for this device type'],
      [7, 'VFIMC0000003', 'unknownModel', 'Model: Unknown model for this device type'],
      [8, 'vf-bad', 'badValue', 'Serial number: A serial number is 8 to 32 capital letters and digits'],
      [9, 'VFIMC0000004', 'badValue', 'Device type: This value is not valid'],
      [10, 'VFIMC0000005', 'badValue', 'Model: This field is required'],
      [11, 'VFIMC0000006', 'badValue', 'Model: This value is not valid'],
      [12, 'VFIMC0000007', 'badValue', 'Installation position: At most 100 characters'],
    ]);
    expect(await count()).toBe(before + 2);
    // The battery system has no credentials, the inverter has.
    expect(data.credentialsSheet).not.toBeNull();
  });

  it('gives the reasons in the caller language', async () => {
    const bytes = await sheetOf(
      [
        ['VFIMB0000001', 'inverter', '10K'],
        ['VFIMD0000001', 'inverter', '8K'],
      ],
      ['序列号', '设备类型', '型号', '电池型号', '安装位置'],
    );
    const data = result(await importFile('imDealerA', bytes, { lang: 'zh' }));
    expect(data.rejected.map((r) => r.message)).toEqual(['该序列号已被其他账号持有', '型号: 该设备类型没有此型号']);
    expect(data.accepted).toEqual([]);
    expect(data.credentialsSheet).toBeNull();
  });

  it("keeps another branch's device as it was (no takeover through an import)", async () => {
    const { rows } = await s.db.query<{ username: string }>(
      `SELECT u.username FROM devices d JOIN users u ON u.id = d.owner_id WHERE d.sn = 'VFIMB0000001'`,
    );
    expect(rows[0]!.username).toBe('imDealerB');
  });
});

describe('grid code, protocol and template columns', () => {
  const HEADER = [
    ...['Serial number', 'Device type', 'Model', 'Battery model', 'Installation position'],
    ...['Grid code', 'Battery protocol', 'Meter protocol', 'Template'],
  ];
  const fieldsOf = async (sn: string) =>
    (await s.db.query(`SELECT grid_code, battery_protocol, meter_protocol, template FROM devices WHERE sn = $1`, [sn]))
      .rows[0];

  it('stores the codes and the template a row gives (as numbers or as text), and leaves empty ones unset', async () => {
    const bytes = await sheetOf(
      [
        ['VFIMF0000001', 'inverter', '10K', '', '', 12, 2, 1, 'Home storage'],
        ['VFIMF0000002', 'inverter', '6K', '', '', '0', ' 65535 ', '', ''],
      ],
      HEADER,
    );
    const data = result(await importFile('imDealerA', bytes));
    expect(data.rejected).toEqual([]);
    expect(await fieldsOf('VFIMF0000001')).toEqual({
      grid_code: 12,
      battery_protocol: 2,
      meter_protocol: 1,
      template: 'Home storage',
    });
    expect(await fieldsOf('VFIMF0000002')).toEqual({
      grid_code: 0,
      battery_protocol: 65535,
      meter_protocol: null,
      template: '',
    });
  });

  it('refuses a row with a bad code or template with the localised reason, and stores nothing of it', async () => {
    const bytes = await sheetOf(
      [
        ['VFIMF0000011', 'inverter', '10K', '', '', 'CZ'],
        ['VFIMF0000012', 'inverter', '10K', '', '', '', 70000],
        ['VFIMF0000013', 'inverter', '10K', '', '', '', '', 1.5],
        ['VFIMF0000014', 'inverter', '10K', '', '', '', '', '', 'x'.repeat(65)],
        ['VFIMF0000015', 'inverter', '10K', '', '', -1],
      ],
      HEADER,
    );
    const before = await count();
    const data = result(await importFile('imDealerA', bytes, { lang: 'de' }));
    expect(data.accepted).toEqual([]);
    expect(data.rejected.map((r) => [r.row, r.reason, r.message])).toEqual([
      [2, 'badValue', 'Netzcode: Geben Sie eine ganze Zahl von 0 bis 65535 ein'],
      [3, 'badValue', 'Batterieprotokoll: Geben Sie eine ganze Zahl von 0 bis 65535 ein'],
      [4, 'badValue', 'Zählerprotokoll: Geben Sie eine ganze Zahl von 0 bis 65535 ein'],
      [5, 'badValue', 'Vorlage: Höchstens 64 Zeichen'],
      [6, 'badValue', 'Netzcode: Geben Sie eine ganze Zahl von 0 bis 65535 ein'],
    ]);
    expect(await count()).toBe(before);
  });
});

describe('files refused whole', () => {
  it.each([
    [
      'a CSV renamed to .xlsx',
      () => Buffer.from('Serial number,Device type,Model\nVFIME0000001,inverter,10K\n'),
      'text/csv',
    ],
    ['random bytes', () => randomBytes(10_000), XLSX],
  ])('%s is not an .xlsx', async (_name, bytes, type) => {
    const before = await count();
    const res = await importFile('imDealerA', bytes(), { type });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'validation', msg: 'The file is not an Excel workbook (.xlsx)' },
    });
    const cs = await importFile('imDealerA', bytes(), { type, lang: 'cs' });
    expect(cs.body.msg).toBe('Soubor není sešit aplikace Excel (.xlsx)');
    expect(await count()).toBe(before);
  });

  it('a sheet without the template columns is refused', async () => {
    const res = await importFile(
      'imDealerA',
      await sheetOf([['VFIME0000001', 'inverter', '10K']], ['sn', 'type', 'model']),
    );
    expect(res.body.msg).toBe("The sheet does not have the template's columns: download the template and fill it in");
  });

  it('a file over the size limit is refused', async () => {
    const res = await importFile('imDealerA', Buffer.concat([await sheetOf([]), randomBytes(IMPORT_MAX_BYTES)]));
    expect(res).toMatchObject({ status: 400, body: { msg: 'The file is larger than 2 MB' } });
  });

  it(`a sheet with more than ${IMPORT_MAX_ROWS} rows is refused and nothing is stored`, async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [
      `VFIMF${String(i).padStart(7, '0')}`,
      'inverter',
      '10K',
    ]);
    const before = await count();
    const res = await importFile('imDealerA', await sheetOf(rows), { lang: 'de' });
    expect(res).toMatchObject({ status: 400, body: { msg: 'Die Tabelle hat mehr als 1000 Gerätezeilen' } });
    expect(await count()).toBe(before);
  });

  it('exactly the row limit is accepted', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [
      `VFIMG${String(i).padStart(7, '0')}`,
      'battery',
      'VF-LFP-10',
    ]);
    const res = await importFile('imDealerA', await sheetOf(rows));
    expect(result(res).accepted).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('a zip bomb is refused quickly, before the workbook is opened', async () => {
    const data = await zerosDeflated(300);
    const bomb = zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', data, method: 8, size: 300 * 1024 * 1024 }));
    const liar = zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', data, method: 8, size: 200_000 }));
    for (const bytes of [bomb, liar]) {
      const started = performance.now();
      const res = await importFile('imDealerA', bytes);
      expect(res).toMatchObject({
        status: 400,
        body: { msg: 'The file unpacks to far more data than a device sheet holds and was refused' },
      });
      expect(performance.now() - started).toBeLessThan(1500);
    }
  });

  it('no file, or a JSON body, is asked for a file', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/device-storage/import',
      headers: { token: tokens.imDealerA!, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.json()).toMatchObject({ code: 'validation', msg: 'Choose an .xlsx file to import' });
  });

  it('needs the import permission', async () => {
    const res = await importFile('imViewer', await sheetOf([['VFIMH0000001', 'inverter', '10K']]));
    expect(res.status).toBe(403);
  });
});
