import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { exportAlarms } from './alarm-export.js';
import { alarmWorld, insertDevice, insertPlant, type AlarmWorld } from './alarm-world.test-support.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

let w: AlarmWorld;

/** Downloads the export; the sheet or CSV as rows of cell texts (row 0: headers). */
async function download(user: keyof AlarmWorld['users'], query = '', lang = 'en') {
  const res = await w.s.app.inject({
    method: 'GET',
    url: `/api/alarms/export${query}`,
    headers: { token: w.tokens[user], 'accept-language': lang },
  });
  const rows: string[][] = [];
  let sheetName = '';
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/csv')) {
    rows.push(...parseCsv(res.body));
  } else if (res.statusCode === 200) {
    const sheet = await firstSheetOf(res.rawPayload);
    sheetName = sheet.name;
    sheet.eachRow((row) =>
      rows.push(
        Array.from({ length: EN_HEADERS.length }, (_, i) => {
          const v = row.getCell(i + 1).value;
          return v === null || v === undefined ? '' : String(v);
        }),
      ),
    );
  }
  return { status: res.statusCode, headers: res.headers, body: res.body, rows, sheetName };
}

/** RFC 4180 CSV with a byte-order mark and CRLF line ends. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const EN_HEADERS = [
  'Raised (plant time)',
  'Recovered (plant time)',
  'Last reported (plant time)',
  'Time zone',
  'Severity',
  'State',
  'Group',
  'Alarm',
  'Code',
  'Device code',
  'Serial number',
  'Plant',
  'Flapping',
  'Acknowledged (plant time)',
  'Acknowledged by',
  'Note',
];

// E1 and E2 are in Prague in winter (UTC+1) and summer (UTC+2), E3 in Shanghai (UTC+8), E5 in a plant whose name
// is a formula; E4 is dealerB's.
beforeAll(async () => {
  w = await alarmWorld('AE');
  const d = w.devices;
  await w.alarm({ deviceId: d.PRG1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T22:30:00Z' });
  await w.alarm({
    deviceId: d.PRG1,
    code: 'battery.socLow',
    raisedAt: '2026-07-01T10:00:00Z',
    recoveredAt: '2026-07-01T10:30:00Z',
    ack: { at: '2026-07-01T10:05:00Z', by: w.users.dealerA, note: '=HYPERLINK("http://evil.example","x")' },
  });
  await w.alarm({ deviceId: d.SHA1, code: 'unknown.77', deviceCode: 77, raisedAt: '2026-03-03T16:30:00Z' });
  await w.alarm({ deviceId: d.BER1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T12:00:00Z' });
  const formulaPlant = await insertPlant(w.s.db, '@SUM(A1)', w.users.dealerA, 'America/Sao_Paulo');
  const inj = await insertDevice(w.s.db, '-AEINJ1', w.users.dealerA, formulaPlant);
  await w.alarm({ deviceId: inj, code: 'ac.shortCircuit', raisedAt: '2026-03-01T00:00:00Z', flapping: true, flaps: 3 });
});
afterAll(() => w.s.close());

describe('GET /api/alarms/export', () => {
  it('sends the filtered alarms in scope as .xlsx: localised headers, plant-local times with their offset', async () => {
    const res = await download('dealerA');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alarms-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.sheetName).toBe('Alarms');
    expect(res.rows[0]).toEqual(EN_HEADERS);
    expect(res.rows.slice(1)).toEqual([
      [
        '2026-07-01 12:00:00 UTC+2',
        '2026-07-01 12:30:00 UTC+2',
        '2026-07-01 12:30:00 UTC+2',
        'Europe/Prague',
        'Warning',
        'Recovered',
        'Battery',
        'Battery SOC below lower limit',
        'battery.socLow',
        '',
        'AEPRG1',
        'AE Prague roof',
        'No',
        '2026-07-01 12:05:00 UTC+2',
        'AEdealerA',
        `'=HYPERLINK("http://evil.example","x")`,
      ],
      [
        '2026-03-03 23:30:00 UTC+1',
        '',
        '2026-03-03 23:30:00 UTC+1',
        'Europe/Prague',
        'Major',
        'Active',
        'Grid',
        'Grid voltage high',
        'grid.voltageHigh',
        '',
        'AEPRG1',
        'AE Prague roof',
        'No',
        '',
        '',
        '',
      ],
      [
        '2026-03-04 00:30:00 UTC+8',
        '',
        '2026-03-04 00:30:00 UTC+8',
        'Asia/Shanghai',
        'Major',
        'Active',
        'Other',
        'Unknown code 77',
        'unknown.77',
        '77',
        'AESHA1',
        'AE 上海 屋顶',
        'No',
        '',
        '',
        '',
      ],
      [
        '2026-02-28 21:00:00 UTC-3',
        '',
        '2026-02-28 21:00:00 UTC-3',
        'America/Sao_Paulo',
        'Critical',
        'Active',
        'AC',
        'AC output short circuit',
        'ac.shortCircuit',
        '',
        `'-AEINJ1`,
        `'@SUM(A1)`,
        'Yes',
        '',
        '',
        '',
      ],
    ]);
  });

  it('sends CSV that is safe to open: headers in the caller’s language, formulas neutralised, quotes kept', async () => {
    const res = await download('dealerA', '?format=csv&state=active&sort=sn&order=asc', 'de');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="alarms-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rows[0]![0]).toBe('Ausgelöst (Anlagenzeit)');
    expect(res.rows.slice(1).map((r) => [r[10], r[0], r[4], r[7]])).toEqual([
      [`'-AEINJ1`, '2026-02-28 21:00:00 UTC-3', 'Kritisch', 'Kurzschluss am AC-Ausgang'],
      ['AEPRG1', '2026-03-03 23:30:00 UTC+1', 'Schwer', 'Netzspannung zu hoch'],
      ['AESHA1', '2026-03-04 00:30:00 UTC+8', 'Schwer', 'Unbekannter Code 77'],
    ]);
    const all = await download('dealerA', '?format=csv');
    expect(all.rows[1]![15]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(all.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(all.body.split('\r\n')).toHaveLength(6);
  });

  it('writes the sheet in the caller’s language and records the export', async () => {
    const res = await download('dealerA', '?plantId=0', 'zh');
    expect(res.status).toBe(400);
    const zh = await download('dealerA', `?plantId=${w.plants.shanghai}`, 'zh');
    expect(zh.sheetName).toBe('告警列表');
    expect(zh.rows[0]![0]).toBe('告警时间（电站时间）');
    expect(zh.rows.slice(1).map((r) => r[7])).toEqual(['未知故障码 77']);
    const record = await w.s.db.query<{ action: string; category: string; ok: boolean; params: object }>(
      `SELECT action, category, ok, params FROM operation_records WHERE action = 'alarm.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(record.rows[0]).toMatchObject({ action: 'alarm.export', category: 'alarm', ok: true });
    expect(record.rows[0]!.params).toMatchObject({ plantId: w.plants.shanghai });
  });

  it('holds only the caller’s alarms, and nothing when nothing matches', async () => {
    const theirs = await download('dealerB');
    expect(theirs.rows.slice(1).map((r) => r[10])).toEqual(['AEBER1']);
    const none = await download('dealerA', '?q=nothing-like-this');
    expect(none.rows).toEqual([EN_HEADERS]);
  });

  it('needs the export permission', async () => {
    for (const user of ['viewer', 'ownerA', 'deviceList'] as const) {
      const res = await download(user);
      expect(res.status).toBe(403);
    }
  });

  it('refuses a selection above the row limit with a message to narrow the filters', async () => {
    const caller: Caller = {
      id: w.users.dealerA,
      username: 'AEdealerA',
      path: (await w.s.db.query<{ path: string }>(`SELECT path FROM users WHERE id = $1`, [w.users.dealerA])).rows[0]!
        .path,
      level: 1,
      roleId: 0,
      permissions: new Set(),
      approved: true,
      tokenHash: '',
    };
    const query = { format: 'csv' as const, sort: 'raisedAt' as const, order: 'desc' as const };
    await expect(exportAlarms(w.s.db, caller, query, 'en', 3)).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof AppError &&
        e.code === 'validation' &&
        JSON.stringify(e.data).includes('export.tooManyRows') &&
        JSON.stringify(e.data).includes('"max":3'),
    );
    const four = await exportAlarms(w.s.db, caller, query, 'en', 4);
    expect(four.toString('utf8').split('\r\n')).toHaveLength(6);
  });
});
