import { localParts, utcOffsetLabel } from '@voltfleet/domain';
import { csvFile, xlsxFile, type SheetCell, type SheetColumn } from './spreadsheet.js';

export { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, type SheetCell } from './spreadsheet.js';

/** A sheet to write: its name, the column headers and the rows, every text cell as the user reads it. */
export interface Sheet {
  name: string;
  headers: readonly string[];
  widths?: readonly number[];
  rows: readonly (readonly SheetCell[])[];
}

const columnsOf = (sheet: Sheet): SheetColumn[] =>
  sheet.headers.map((header, i) => ({ header, key: String(i), width: sheet.widths?.[i] ?? 22 }));

/** The sheet as CSV (spreadsheet.ts writes it; every cell, headers too, neutralised there). */
export const sheetCsv = (sheet: Sheet): Buffer => csvFile(columnsOf(sheet), sheet.rows);

/** The sheet as an .xlsx workbook (spreadsheet.ts writes it). */
export const sheetXlsx = (sheet: Sheet): Promise<Buffer> => xlsxFile(sheet.name, columnsOf(sheet), sheet.rows);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Times of one file in the viewer's zone: each instant as its wall clock ("2026-03-03 23:30:00"), the offsets the
 * file's times carry for the column header ("UTC+1"). When the file spans a change of offset (daylight saving) each
 * time also says its own offset, so the repeated hour stays unambiguous.
 */
export function zonedTimes(instants: readonly (string | null)[], timeZone: string) {
  const offsets = [...new Set(instants.filter((t) => t !== null).map((t) => utcOffsetLabel(timeZone, Date.parse(t))))];
  const text = (at: string | null): string => {
    if (at === null) return '';
    const ms = Date.parse(at);
    const p = localParts(ms, timeZone);
    const wall = `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
    return offsets.length > 1 ? `${wall} ${utcOffsetLabel(timeZone, ms)}` : wall;
  };
  return { offsets: offsets.length > 0 ? offsets : [utcOffsetLabel(timeZone, Date.now())], text };
}

/** The file name of an export: "<stem>-YYYY-MM-DD.<format>" (the day in UTC). */
export const exportFileName = (stem: string, format: 'xlsx' | 'csv') =>
  `${stem}-${new Date().toISOString().slice(0, 10)}.${format}`;
