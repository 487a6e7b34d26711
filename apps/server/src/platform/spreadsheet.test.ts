import { describe, expect, it } from 'vitest';
import { firstSheetOf } from '../test/xlsx-fixtures.js';
import {
  neutraliseCell,
  readFirstSheet,
  sheetCsv,
  sheetFile,
  sheetTime,
  sheetXlsx,
  timeColumnHeader,
  type Sheet,
} from './spreadsheet.js';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+41 1234', `'+41 1234`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\r=1', `'\r=1`],
    ['Prague roof', 'Prague roof'],
    ['a=b', 'a=b'],
    ['', ''],
    [" 'quoted", " 'quoted"],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });

  it.each([[-5], [0], [12.5], [null], [true]])('leaves the non-text value %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });
});

describe('sheetTime: the wall clock with the offset of that instant', () => {
  it.each([
    ['2026-03-03T22:30:00Z', 'Europe/Prague', '2026-03-03 23:30:00 UTC+1'],
    ['2026-07-01T10:00:00Z', 'Europe/Prague', '2026-07-01 12:00:00 UTC+2'],
    // Prague's spring day: 01:59:59 is followed by 03:00:00.
    ['2026-03-29T00:59:59Z', 'Europe/Prague', '2026-03-29 01:59:59 UTC+1'],
    ['2026-03-29T01:00:00Z', 'Europe/Prague', '2026-03-29 03:00:00 UTC+2'],
    // Its autumn day: the hour 02:00-03:00 happens twice, and the offset tells the two apart.
    ['2026-10-25T00:30:00Z', 'Europe/Prague', '2026-10-25 02:30:00 UTC+2'],
    ['2026-10-25T01:30:00Z', 'Europe/Prague', '2026-10-25 02:30:00 UTC+1'],
    ['2026-03-03T16:30:00Z', 'Asia/Shanghai', '2026-03-04 00:30:00 UTC+8'],
    ['2026-03-03T16:30:00Z', 'Asia/Kolkata', '2026-03-03 22:00:00 UTC+5:30'],
    ['2026-03-03T16:30:00Z', 'Asia/Kathmandu', '2026-03-03 22:15:00 UTC+5:45'],
    ['2026-07-01T10:00:00Z', 'Australia/Adelaide', '2026-07-01 19:30:00 UTC+9:30'],
    ['2026-03-01T00:00:00Z', 'America/Sao_Paulo', '2026-02-28 21:00:00 UTC-3'],
    ['2026-03-08T07:30:00Z', 'America/St_Johns', '2026-03-08 05:00:00 UTC-2:30'],
    ['2026-03-01T00:00:00Z', 'UTC', '2026-03-01 00:00:00 UTC+0'],
  ])('%s in %s is %s', (at, zone, text) => {
    expect(sheetTime(at, zone)).toBe(text);
    expect(sheetTime(new Date(at), zone)).toBe(text);
  });

  it.each([null, undefined])('writes nothing for %s', (at) => {
    expect(sheetTime(at, 'Europe/Prague')).toBe('');
  });

  it('names the zone in a time column header', () => {
    expect(timeColumnHeader('Time', 'Europe/Prague')).toBe('Time (Europe/Prague)');
  });
});

const sheet = (rows: (string | number)[][], headers = ['Name', 'Value']): Sheet => ({ name: 'Test', headers, rows });

describe('the writers neutralise every cell, headers included', () => {
  const hostile = sheet(
    [
      ['=1+2', '@SUM(A1)'],
      ['-5', -5],
      ['ok, "quoted"', '+1'],
    ],
    ['=Header', 'Plain'],
  );

  it('CSV: RFC 4180 with a byte-order mark and CRLF', () => {
    expect(sheetCsv(hostile).toString('utf8')).toBe(
      `\uFEFF'=Header,Plain\r\n'=1+2,'@SUM(A1)\r\n'-5,-5\r\n"ok, ""quoted""",'+1\r\n`,
    );
  });

  it('XLSX: text cells stay text, numbers stay numbers, the header is bold', async () => {
    const ws = await firstSheetOf(await sheetXlsx(hostile));
    expect(ws.name).toBe('Test');
    const values = [1, 2, 3, 4].map((n) => (ws.getRow(n).values as unknown[]).slice(1));
    expect(values).toEqual([
      [`'=Header`, 'Plain'],
      [`'=1+2`, `'@SUM(A1)`],
      [`'-5`, -5],
      ['ok, "quoted"', `'+1`],
    ]);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(22);
  });

  it('sheetFile picks the writer by format', async () => {
    expect((await sheetFile(hostile, 'csv')).equals(sheetCsv(hostile))).toBe(true);
    expect((await sheetFile(hostile, 'xlsx')).subarray(0, 2).toString()).toBe('PK');
  });
});

describe('a form (the import template)', () => {
  it('has a frozen header with notes, grey example rows and drop-down lists on its empty rows too', async () => {
    const form: Sheet = {
      ...sheet([['EXAMPLE', 'a']]),
      widths: [30, 10],
      form: { notes: { 1: 'Pick one' }, examples: 1, lists: { 1: ['a', 'b'] }, listRows: 5 },
    };
    const ws = await firstSheetOf(await sheetXlsx(form));
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('B1').note).toBe('Pick one');
    expect(ws.getRow(2).font).toMatchObject({ italic: true });
    expect(ws.getColumn(1).width).toBe(30);
    for (const address of ['B2', 'B6'])
      expect(ws.getCell(address).dataValidation).toMatchObject({ type: 'list', formulae: ['"a,b"'] });
    expect(ws.getCell('B7').dataValidation).toBeUndefined();
  });

  it('refuses a list value a drop-down cannot hold', async () => {
    await expect(sheetXlsx({ ...sheet([]), form: { lists: { 0: ['a,b'] }, listRows: 1 } })).rejects.toThrow();
  });
});

describe('readFirstSheet', () => {
  it('reads what the writer wrote as text, skipping empty rows, and counts rows without reading them', async () => {
    const read = await readFirstSheet(
      await sheetXlsx(
        sheet([
          ['A', 1],
          ['', ''],
          ['B', 2.5],
        ]),
      ),
    );
    expect(read!.rowCount).toBe(3);
    expect(read!.cells(1, 2)).toEqual(['Name', 'Value']);
    expect([...read!.rows(2)]).toEqual([
      { number: 2, cells: ['A', '1'] },
      { number: 4, cells: ['B', '2.5'] },
    ]);
  });

  it('answers undefined for bytes that are no workbook', async () => {
    expect(await readFirstSheet(Buffer.from('not a zip'))).toBeUndefined();
  });
});
