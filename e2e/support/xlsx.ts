import ExcelJS from 'exceljs';

// The journeys open downloaded workbooks through this file alone (the server writes them only in
// apps/server/src/platform/spreadsheet.ts): a lint rule allows ExcelJS here.

/** A workbook from its bytes, to read or to fill in and write again (`workbookBytes`). */
export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's load() types predate Node's generic Buffer.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The first worksheet of a workbook's bytes. */
export const firstSheetOf = async (bytes: Buffer): Promise<ExcelJS.Worksheet> =>
  (await workbookOf(bytes)).worksheets[0]!;

/** A workbook's bytes. */
export const workbookBytes = async (workbook: ExcelJS.Workbook): Promise<Buffer> =>
  Buffer.from(await workbook.xlsx.writeBuffer());
