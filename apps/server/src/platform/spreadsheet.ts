import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** Characters that make a spreadsheet program read a cell as a formula (or split it into one, CSV/DDE style). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that is safe to put in a sheet users open: a value starting with =, +, -, @, tab or CR is prefixed
 * with an apostrophe so spreadsheet programs show it as text instead of evaluating it (CSV/formula injection).
 * Numbers, booleans, dates and null pass through unchanged.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type SheetCell = string | number;

/** A sheet's column: its header (already in the reader's language), its key and its width in characters. */
export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: SheetCell): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV with a byte-order mark (so spreadsheet programs read UTF-8) and CRLF line ends. Every cell, headers included, is
 * neutralised here, so no caller can forget it.
 */
export function csvFile(columns: readonly SheetColumn[], rows: Iterable<readonly SheetCell[]>): Buffer {
  const lines = [columns.map((c) => csvField(neutraliseCell(c.header))).join(',')];
  for (const row of rows) lines.push(row.map((cell) => csvField(neutraliseCell(cell))).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * An .xlsx workbook of one sheet, written as a stream (a large export never holds the whole sheet model in memory).
 * Every cell, headers included, is neutralised here.
 */
export async function xlsxFile(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: Iterable<readonly SheetCell[]>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: neutraliseCell(c.header), key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) sheet.addRow(row.map((cell) => neutraliseCell(cell))).commit();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
