import type { Lang } from '@voltfleet/domain/i18n';

/**
 * The import sheet's columns, in order, with their header in each language (template and import alike). The grid
 * code, protocol and template columns came later (issue 38): a sheet made from the older template, without them,
 * still imports.
 */
export const IMPORT_COLUMNS = [
  { key: 'sn', width: 24, header: { zh: '序列号', en: 'Serial number', cs: 'Sériové číslo', de: 'Seriennummer' } },
  { key: 'kind', width: 18, header: { zh: '设备类型', en: 'Device type', cs: 'Typ zařízení', de: 'Gerätetyp' } },
  { key: 'modelType', width: 14, header: { zh: '型号', en: 'Model', cs: 'Model', de: 'Modell' } },
  {
    key: 'batteryModelType',
    width: 16,
    header: { zh: '电池型号', en: 'Battery model', cs: 'Model baterie', de: 'Batteriemodell' },
  },
  {
    key: 'installationPosition',
    width: 28,
    header: { zh: '安装位置', en: 'Installation position', cs: 'Umístění instalace', de: 'Installationsort' },
  },
  {
    key: 'gridCode',
    width: 12,
    added: true,
    header: { zh: '电网规范', en: 'Grid code', cs: 'Kód sítě', de: 'Netzcode' },
  },
  {
    key: 'batteryProtocol',
    width: 14,
    added: true,
    header: { zh: '电池协议', en: 'Battery protocol', cs: 'Protokol baterie', de: 'Batterieprotokoll' },
  },
  {
    key: 'meterProtocol',
    width: 14,
    added: true,
    header: { zh: '电表协议', en: 'Meter protocol', cs: 'Protokol elektroměru', de: 'Zählerprotokoll' },
  },
  { key: 'template', width: 16, added: true, header: { zh: '模板', en: 'Template', cs: 'Šablona', de: 'Vorlage' } },
] as const satisfies readonly { key: string; width: number; added?: true; header: Record<Lang, string> }[];

export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/**
 * The template's example row: shown in the sheet so users see the format, skipped on import (its serial number is
 * reserved for this), so a template filled below it imports as it is.
 */
export const EXAMPLE_ROW = {
  sn: 'EXAMPLE0001',
  kind: 'inverter',
  modelType: '10K',
  batteryModelType: 'VF-LFP-10',
  installationPosition: { zh: '车库', en: 'Garage', cs: 'Garáž', de: 'Garage' },
  gridCode: 3,
  batteryProtocol: 1,
  meterProtocol: 1,
  template: { zh: '家庭储能', en: 'Home storage', cs: 'Domácí úložiště', de: 'Heimspeicher' },
} as const;

/** Other texts of the sheets we produce. */
export const SHEET_TEXTS = {
  devicesSheet: { zh: '设备', en: 'Devices', cs: 'Zařízení', de: 'Geräte' },
  credentialsSheet: { zh: '接入凭据', en: 'Link credentials', cs: 'Přístupové údaje', de: 'Zugangsdaten' },
  exampleNote: {
    zh: '第 2 行为示例，导入时忽略。每行一台设备，最多 1000 行。',
    en: 'Row 2 is an example and is skipped on import. One device per row, at most 1,000 rows.',
    cs: 'Řádek 2 je příklad a při importu se přeskočí. Jedno zařízení na řádek, nejvýše 1 000 řádků.',
    de: 'Zeile 2 ist ein Beispiel und wird beim Import übersprungen. Ein Gerät pro Zeile, höchstens 1.000 Zeilen.',
  },
  username: { zh: 'MQTT 用户名', en: 'MQTT user name', cs: 'Uživatelské jméno MQTT', de: 'MQTT-Benutzername' },
  secret: { zh: 'MQTT 密钥', en: 'MQTT secret', cs: 'Tajný klíč MQTT', de: 'MQTT-Geheimnis' },
  secretWarning: {
    zh: '密钥只提供这一次，请妥善保存并写入设备。',
    en: 'The secrets are given only this once: keep this file safe and load them into the devices.',
    cs: 'Tajné klíče se zobrazí jen tentokrát: soubor bezpečně uložte a klíče nahrajte do zařízení.',
    de: 'Die Geheimnisse werden nur dieses eine Mal ausgegeben: Bewahren Sie die Datei sicher auf und spielen Sie sie in die Geräte ein.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
