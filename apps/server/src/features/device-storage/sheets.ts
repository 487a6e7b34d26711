import ExcelJS from 'exceljs';
import { DEVICE_KIND_LABELS, DEVICE_KINDS, DEVICE_MODELS, IMPORT_MAX_ROWS, type Lang } from '@voltfleet/domain';
import { neutraliseCell } from '../../platform/spreadsheet.js';
import { EXAMPLE_ROW, IMPORT_COLUMNS, SHEET_TEXTS } from './sheet-columns.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const headerRow = (lang: Lang) => IMPORT_COLUMNS.map((c) => c.header[lang]);
// An inline list is at most 255 characters; ours are far shorter.
const listOf = (values: readonly string[]) => [`"${values.join(',')}"`];

function styleHeader(sheet: ExcelJS.Worksheet): void {
  const row = sheet.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * The batch-import template (R7.6): headers in the user's language, drop-down lists for device type, model and
 * battery model on every data row, an example row (skipped on import) and a note.
 */
export async function buildTemplate(lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_TEXTS.devicesSheet[lang]);
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ width: c.width }));
  sheet.addRow(headerRow(lang).map((v) => neutraliseCell(v)));
  styleHeader(sheet);
  const example = sheet.addRow(
    [
      EXAMPLE_ROW.sn,
      DEVICE_KIND_LABELS[EXAMPLE_ROW.kind][lang],
      EXAMPLE_ROW.modelType,
      EXAMPLE_ROW.batteryModelType,
      EXAMPLE_ROW.installationPosition[lang],
    ].map((v) => neutraliseCell(v)),
  );
  example.font = { italic: true, color: { argb: 'FF8C8C8C' } };
  sheet.getCell('A1').note = SHEET_TEXTS.exampleNote[lang];
  const kinds = listOf(DEVICE_KINDS.map((k) => DEVICE_KIND_LABELS[k][lang]));
  const models = listOf([...new Set(Object.values(DEVICE_MODELS).flat())]);
  const batteries = listOf(DEVICE_MODELS.battery);
  for (let r = 2; r <= IMPORT_MAX_ROWS + 1; r++) {
    sheet.getCell(r, 2).dataValidation = { type: 'list', allowBlank: true, formulae: kinds };
    sheet.getCell(r, 3).dataValidation = { type: 'list', allowBlank: true, formulae: models };
    sheet.getCell(r, 4).dataValidation = { type: 'list', allowBlank: true, formulae: batteries };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface CredentialRow {
  sn: string;
  kind: (typeof DEVICE_KINDS)[number];
  modelType: string;
  secret: string;
}

/** The new devices' MQTT credentials as a sheet, offered once after an import; every text cell neutralised. */
export async function buildCredentialsSheet(lang: Lang, rows: readonly CredentialRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_TEXTS.credentialsSheet[lang]);
  sheet.columns = [{ width: 24 }, { width: 18 }, { width: 14 }, { width: 24 }, { width: 40 }];
  sheet.addRow([
    IMPORT_COLUMNS[0].header[lang],
    IMPORT_COLUMNS[1].header[lang],
    IMPORT_COLUMNS[2].header[lang],
    SHEET_TEXTS.username[lang],
    SHEET_TEXTS.secret[lang],
  ]);
  styleHeader(sheet);
  for (const r of rows)
    sheet.addRow([r.sn, DEVICE_KIND_LABELS[r.kind][lang], r.modelType, r.sn, r.secret].map((v) => neutraliseCell(v)));
  sheet.getCell('E1').note = SHEET_TEXTS.secretWarning[lang];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
