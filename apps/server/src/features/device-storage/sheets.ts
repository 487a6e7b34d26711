import { DEVICE_KIND_LABELS, DEVICE_KINDS, DEVICE_MODELS, IMPORT_MAX_ROWS } from '@voltfleet/domain/devices';
import { type Lang, translate } from '@voltfleet/domain/i18n';
import { sheetXlsx } from '../../platform/spreadsheet.js';
import { EXAMPLE_ROW, IMPORT_COLUMNS, SHEET_TEXTS } from './sheet-columns.js';

/**
 * The batch-import template (R7.6): headers in the user's language, drop-down lists for device type, model and
 * battery model on every data row, the grid code, protocol and template columns, an example row (skipped on import)
 * and a note.
 */
export function buildTemplate(lang: Lang): Promise<Buffer> {
  return sheetXlsx({
    name: SHEET_TEXTS.devicesSheet[lang],
    headers: IMPORT_COLUMNS.map((c) => c.header[lang]),
    widths: IMPORT_COLUMNS.map((c) => c.width),
    rows: [
      [
        EXAMPLE_ROW.sn,
        translate(DEVICE_KIND_LABELS[EXAMPLE_ROW.kind], lang),
        EXAMPLE_ROW.modelType,
        EXAMPLE_ROW.batteryModelType,
        EXAMPLE_ROW.installationPosition[lang],
        EXAMPLE_ROW.gridCode,
        EXAMPLE_ROW.batteryProtocol,
        EXAMPLE_ROW.meterProtocol,
        EXAMPLE_ROW.template[lang],
      ],
    ],
    form: {
      notes: { 0: SHEET_TEXTS.exampleNote[lang] },
      examples: 1,
      lists: {
        1: DEVICE_KINDS.map((k) => translate(DEVICE_KIND_LABELS[k], lang)),
        2: [...new Set(Object.values(DEVICE_MODELS).flat())],
        3: DEVICE_MODELS.battery,
      },
      listRows: IMPORT_MAX_ROWS,
    },
  });
}

export interface CredentialRow {
  sn: string;
  kind: (typeof DEVICE_KINDS)[number];
  modelType: string;
  secret: string;
}

/** The new devices' MQTT credentials as a sheet, offered once after an import. */
export function buildCredentialsSheet(lang: Lang, rows: readonly CredentialRow[]): Promise<Buffer> {
  return sheetXlsx({
    name: SHEET_TEXTS.credentialsSheet[lang],
    headers: [
      IMPORT_COLUMNS[0].header[lang],
      IMPORT_COLUMNS[1].header[lang],
      IMPORT_COLUMNS[2].header[lang],
      SHEET_TEXTS.username[lang],
      SHEET_TEXTS.secret[lang],
    ],
    widths: [24, 18, 14, 24, 40],
    rows: rows.map((r) => [r.sn, translate(DEVICE_KIND_LABELS[r.kind], lang), r.modelType, r.sn, r.secret]),
    form: { notes: { 4: SHEET_TEXTS.secretWarning[lang] } },
  });
}
