import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { deflated, sheetOf, workbookParts, zerosDeflated, zipOf } from '../../test/xlsx-fixtures.js';
import { checkXlsx, XLSX_LIMITS, XlsxRefused } from './xlsx-guard.js';

function refusal(buf: Buffer, limits = XLSX_LIMITS): string {
  try {
    checkXlsx(buf, limits);
    return 'accepted';
  } catch (err) {
    if (err instanceof XlsxRefused) return err.reason;
    throw err;
  }
}

const sheetXml =
  '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>';

describe('checkXlsx', () => {
  test('a workbook written by exceljs is accepted', async () => {
    expect(refusal(await sheetOf([['VF10K2400101', 'inverter', '10K']]))).toBe('accepted');
  });

  test('a hand-made zip with the workbook parts is accepted', () => {
    expect(refusal(zipOf(workbookParts(deflated('xl/worksheets/sheet1.xml', sheetXml))))).toBe('accepted');
  });

  test.each([
    ['a CSV file renamed to .xlsx', Buffer.from('Serial number,Device type,Model\nVF10K2400101,inverter,10K\n')],
    ['random bytes', randomBytes(4096)],
    ['an empty file', Buffer.alloc(0)],
    ['a zip signature and nothing else', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ['a zip without a workbook', zipOf([deflated('word/document.xml', '<document/>')])],
    ['a workbook without a sheet', zipOf(workbookParts(deflated('docProps/app.xml', '<x/>')))],
    ['an encrypted entry', zipOf(workbookParts(deflated('xl/worksheets/sheet1.xml', sheetXml)), 1)],
    [
      'an entry whose data is not deflate',
      zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', data: randomBytes(64), method: 8, size: 500 })),
    ],
  ])('%s is not an .xlsx', (_name, bytes) => {
    expect(refusal(bytes)).toBe('notXlsx');
  });

  test('a truncated workbook is not an .xlsx', async () => {
    const whole = await sheetOf([['VF10K2400101', 'inverter', '10K']]);
    expect(refusal(whole.subarray(0, whole.length - 40))).toBe('notXlsx');
  });

  test('a bomb that declares its size (300 MB from ~300 KB) is refused from the directory, quickly', async () => {
    const data = await zerosDeflated(300);
    const bomb = zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', data, method: 8, size: 300 * 1024 * 1024 }));
    expect(bomb.length).toBeLessThan(400 * 1024);
    const started = performance.now();
    expect(refusal(bomb)).toBe('zipBomb');
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('a bomb that lies about its size is stopped at the declared size while inflating', async () => {
    const data = await zerosDeflated(300);
    const liar = zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', data, method: 8, size: 100_000 }));
    const before = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    expect(refusal(liar)).toBe('zipBomb');
    expect(performance.now() - started).toBeLessThan(500);
    // Inflating to the end would have needed 300 MB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 * 1024 * 1024);
  });

  test('entries that together unpack beyond the total limit are refused, each within its own', async () => {
    const sixMb = await zerosDeflated(6);
    const sheets = [1, 2, 3].map((n) => ({
      name: `xl/worksheets/sheet${n}.xml`,
      data: sixMb,
      method: 8 as const,
      size: 6 * 1024 * 1024,
    }));
    const zip = zipOf([...workbookParts(sheets[0]!), ...sheets.slice(1)]);
    // The ratio rule alone would refuse these zeros: switch it off to see the total rule work.
    const noRatio = { ...XLSX_LIMITS, maxRatio: Number.MAX_SAFE_INTEGER };
    expect(refusal(zipOf([...workbookParts(sheets[0]!), sheets[1]!]), noRatio)).not.toBe('zipBomb');
    expect(refusal(zip, noRatio)).toBe('zipBomb');
    expect(refusal(zip)).toBe('zipBomb');
  });

  test('more entries than a workbook has are refused', () => {
    const many = Array.from({ length: XLSX_LIMITS.maxEntries + 1 }, (_, i) => deflated(`xl/media/${i}.xml`, 'x'));
    expect(refusal(zipOf(workbookParts(deflated('xl/worksheets/sheet1.xml', sheetXml)).concat(many)))).toBe('zipBomb');
  });
});
