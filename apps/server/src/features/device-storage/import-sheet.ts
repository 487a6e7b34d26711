import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, LANGUAGES, type MessageKey } from '@voltfleet/domain';
import { invalid } from '../../platform/errors.js';
import { EXAMPLE_ROW, IMPORT_COLUMNS, type ImportColumnKey } from './sheet-columns.js';
import { checkXlsx, XlsxRefused } from './xlsx-guard.js';

/** One data row as written: the text of each column, or null where the cell holds no plain value (a formula…). */
export interface SheetRow {
  row: number;
  cells: Record<ImportColumnKey, string | null>;
}

const refuse = (key: MessageKey, params: Record<string, string | number> = {}) => invalid('file', key, params);

/** The plain text of a cell; null for formulas, dates, booleans and errors, which no column takes. */
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

/** True when row 1 holds the template's headers, in any of the four languages. */
function hasTemplateHeader(sheet: ExcelJS.Worksheet): boolean {
  const header = sheet.getRow(1);
  return IMPORT_COLUMNS.every((column, i) => {
    const text = cellText(header.getCell(i + 1).value)?.toLowerCase();
    return LANGUAGES.some((lang) => column.header[lang].toLowerCase() === text);
  });
}

async function openWorkbook(buf: Buffer): Promise<ExcelJS.Worksheet> {
  try {
    checkXlsx(buf);
  } catch (err) {
    if (err instanceof XlsxRefused) throw refuse(`deviceStorage.${err.reason}`);
    throw err;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' load takes an ArrayBuffer-like; the guard above has bounded what it inflates.
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw refuse('deviceStorage.notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse('deviceStorage.notXlsx');
  return sheet;
}

/**
 * Reads the device rows of an uploaded import sheet. The whole file is refused (validation error on `file`) when
 * it is not an .xlsx, unpacks suspiciously (zip bomb), lacks the template's columns, has no rows or more than
 * IMPORT_MAX_ROWS. Empty rows and the template's example row are skipped; row numbers are the sheet's own.
 */
export async function readImportSheet(buf: Buffer): Promise<SheetRow[]> {
  const sheet = await openWorkbook(buf);
  if (!hasTemplateHeader(sheet)) throw refuse('deviceStorage.notTemplate');
  // Counts rows with values (header and example included), before looking at any of them.
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 2) throw refuse('deviceStorage.tooManyRows', { max: IMPORT_MAX_ROWS });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = Object.fromEntries(
      IMPORT_COLUMNS.map((column, i) => [column.key, cellText(row.getCell(i + 1).value)]),
    ) as SheetRow['cells'];
    if (Object.values(cells).every((v) => v === '')) return;
    if (cells.sn === EXAMPLE_ROW.sn) return;
    rows.push({ row: number, cells });
  });
  if (rows.length > IMPORT_MAX_ROWS) throw refuse('deviceStorage.tooManyRows', { max: IMPORT_MAX_ROWS });
  if (rows.length === 0) throw refuse('deviceStorage.emptySheet');
  return rows;
}
