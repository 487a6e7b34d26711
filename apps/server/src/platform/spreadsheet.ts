import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { localParts, utcOffsetLabel } from '@voltfleet/domain/time';

/*
 * Every sheet the server writes (the exports of alarms, devices, users, operation and control records, reports and
 * energies, and device storage's import template and credentials) is written here, and the uploaded import sheet is
 * read here: the one file that imports ExcelJS (a lint rule holds it). So every file shows a time the same way and
 * neutralises cells by one rule.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type SheetFormat = 'xlsx' | 'csv';
export type SheetCell = string | number;

/** Characters that make a spreadsheet program read a cell as a formula (or split it into one, CSV/DDE style). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that is safe to put in a sheet users open: a value starting with =, +, -, @, tab or CR is prefixed
 * with an apostrophe so spreadsheet programs show it as text instead of evaluating it (CSV/formula injection).
 * Numbers, booleans, dates and null pass through unchanged. The writers below apply it to every cell, headers
 * included, so no caller can forget it.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant as a sheet shows it: the wall clock in `timeZone` and the zone's UTC offset at that instant, as the
 * pages show a plant time ("2026-03-29 03:00:00 UTC+2", "2026-03-03 22:00:00 UTC+5:30"). Every time cell carries its
 * own offset, so a reader in another zone, a file whose rows lie in several zones, and the repeated hour at the end
 * of daylight-saving time all read unambiguously, and a cell copied elsewhere keeps its meaning. Empty when absent.
 */
export function sheetTime(at: string | Date | null | undefined, timeZone: string): string {
  if (at === null || at === undefined) return '';
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const p = localParts(ms, timeZone);
  const wall = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return `${wall} ${utcOffsetLabel(timeZone, ms)}`;
}

/** The header of a time column whose times are all in one zone: its name and the zone ("Time (Asia/Shanghai)"). */
export const timeColumnHeader = (name: string, timeZone: string) => `${name} (${timeZone})`;

/** The file name of an export: "<stem>-YYYY-MM-DD.<format>" (the day in UTC). */
export const exportFileName = (stem: string, format: SheetFormat) =>
  `${stem}-${new Date().toISOString().slice(0, 10)}.${format}`;

/** What makes a sheet a form to fill in (device storage's import template) rather than a list to read. */
export interface SheetForm {
  /** Notes on header cells, by column index (0 = the first column). */
  notes?: Readonly<Record<number, string>>;
  /** How many of the first rows are an example (shown grey and italic). */
  examples?: number;
  /** Drop-down lists by column index, offered on the first `listRows` rows below the header. */
  lists?: Readonly<Record<number, readonly string[]>>;
  listRows?: number;
}

/** A sheet to write: its name, the column headers and the rows, every text cell as the user reads it. */
export interface Sheet {
  name: string;
  headers: readonly string[];
  /** Column widths in characters (22 where not given). */
  widths?: readonly number[];
  rows: Iterable<readonly SheetCell[]>;
  /** A form's header is tinted and frozen, and may carry notes, example rows and drop-down lists. */
  form?: SheetForm;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: SheetCell): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sheet as CSV with a byte-order mark (so spreadsheet programs read UTF-8) and CRLF line ends. */
export function sheetCsv(sheet: Sheet): Buffer {
  const lines = [sheet.headers.map((h) => csvField(neutraliseCell(h))).join(',')];
  for (const row of sheet.rows) lines.push(row.map((cell) => csvField(neutraliseCell(cell))).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A drop-down list's inline formula. Excel allows 255 characters and no comma or quote inside a value. */
function listFormula(values: readonly string[]): string {
  const formula = `"${values.join(',')}"`;
  if (formula.length > 257 || values.some((v) => /[",]/.test(v))) throw new Error(`unfit drop-down list ${formula}`);
  return formula;
}

function offerLists(row: ExcelJS.Row, lists: Readonly<Record<number, readonly string[]>>): void {
  for (const [column, values] of Object.entries(lists))
    row.getCell(Number(column) + 1).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [listFormula(values)],
    };
}

/**
 * The sheet as an .xlsx workbook of one sheet, written as a stream (a large export never holds the whole sheet model
 * in memory), the header row bold.
 */
export async function sheetXlsx(sheet: Sheet): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const { form } = sheet;
  const ws = workbook.addWorksheet(sheet.name, form ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
  ws.columns = sheet.headers.map((header, i) => ({
    header: neutraliseCell(header),
    key: String(i),
    width: sheet.widths?.[i] ?? 22,
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  if (form) header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  for (const [column, note] of Object.entries(form?.notes ?? {})) header.getCell(Number(column) + 1).note = note;
  header.commit();
  let written = 0;
  for (const cells of sheet.rows) {
    const row = ws.addRow(cells.map((cell) => neutraliseCell(cell)));
    written++;
    if (written <= (form?.examples ?? 0)) row.font = { italic: true, color: { argb: 'FF8C8C8C' } };
    if (form?.lists) offerLists(row, form.lists);
    row.commit();
  }
  // The empty rows of a form offer the lists too (they are not written, their validations are).
  if (form?.lists) for (let r = written + 1; r <= (form.listRows ?? 0); r++) offerLists(ws.getRow(r + 1), form.lists);
  ws.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** The sheet in `format`. */
export const sheetFile = (sheet: Sheet, format: SheetFormat): Promise<Buffer> =>
  format === 'csv' ? Promise.resolve(sheetCsv(sheet)) : sheetXlsx(sheet);

/** The plain text of a cell; null for formulas, dates, booleans and errors, which no reader takes. */
function cellText(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'hyperlink' in value && typeof value.text === 'string') return value.text.trim();
  return null;
}

/** An uploaded workbook's first sheet, as text. */
export interface UploadedSheet {
  /** The rows that hold a value, header included, counted without reading them. */
  rowCount: number;
  /** The text of the first `width` cells of row `number` (1 = the header), null where a cell holds no plain text. */
  cells(number: number, width: number): (string | null)[];
  /** The rows below the header that hold a value, in order, with their row numbers. */
  rows(width: number): Generator<{ number: number; cells: (string | null)[] }>;
}

/**
 * Opens an uploaded .xlsx (the caller has bounded what it inflates, see device-storage/xlsx-guard.ts); undefined when
 * it is no workbook or has no sheet.
 */
export async function readFirstSheet(buf: Buffer): Promise<UploadedSheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS's load takes an ArrayBuffer-like; its types predate Node's generic Buffer.
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return undefined;
  const cells = (number: number, width: number) =>
    Array.from({ length: width }, (_, i) => cellText(sheet.getRow(number).getCell(i + 1).value));
  return {
    rowCount: sheet.actualRowCount,
    cells,
    *rows(width) {
      for (let number = 2; number <= sheet.rowCount; number++)
        if (sheet.findRow(number)?.hasValues) yield { number, cells: cells(number, width) };
    },
  };
}
