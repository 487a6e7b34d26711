import { IMPORT_MAX_ROWS } from '@voltfleet/domain/devices';
import { LANGUAGES, type MessageKey } from '@voltfleet/domain/i18n';
import { invalid } from '../../platform/errors.js';
import { readFirstSheet, type UploadedSheet } from '../../platform/spreadsheet.js';
import { EXAMPLE_ROW, IMPORT_COLUMNS, type ImportColumnKey } from './sheet-columns.js';
import { checkXlsx, XlsxRefused } from './xlsx-guard.js';

/** One data row as written: the text of each column, or null where the cell holds no plain value (a formula…). */
export interface SheetRow {
  row: number;
  cells: Record<ImportColumnKey, string | null>;
}

const refuse = (key: MessageKey, params: Record<string, string | number> = {}) => invalid('file', key, params);

/**
 * True when row 1 holds the template's headers, in any of the four languages; a column added to the template later
 * may be missing (empty header) in a sheet made from the older one.
 */
function hasTemplateHeader(sheet: UploadedSheet): boolean {
  const header = sheet.cells(1, IMPORT_COLUMNS.length);
  return IMPORT_COLUMNS.every((column, i) => {
    const text = header[i]?.toLowerCase();
    if (text === '' && 'added' in column) return true;
    return LANGUAGES.some((lang) => column.header[lang].toLowerCase() === text);
  });
}

async function openWorkbook(buf: Buffer): Promise<UploadedSheet> {
  try {
    checkXlsx(buf);
  } catch (err) {
    if (err instanceof XlsxRefused) throw refuse(`deviceStorage.${err.reason}`);
    throw err;
  }
  // The guard above has bounded what the reader inflates.
  const sheet = await readFirstSheet(buf);
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
  if (sheet.rowCount > IMPORT_MAX_ROWS + 2) throw refuse('deviceStorage.tooManyRows', { max: IMPORT_MAX_ROWS });
  const rows: SheetRow[] = [];
  for (const { number, cells: texts } of sheet.rows(IMPORT_COLUMNS.length)) {
    const cells = Object.fromEntries(IMPORT_COLUMNS.map((column, i) => [column.key, texts[i]])) as SheetRow['cells'];
    if (Object.values(cells).every((v) => v === '')) continue;
    if (cells.sn === EXAMPLE_ROW.sn) continue;
    rows.push({ row: number, cells });
  }
  if (rows.length > IMPORT_MAX_ROWS) throw refuse('deviceStorage.tooManyRows', { max: IMPORT_MAX_ROWS });
  if (rows.length === 0) throw refuse('deviceStorage.emptySheet');
  return rows;
}
