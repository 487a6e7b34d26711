import type { Lang } from '../languages.js';
import type { AlarmState } from './alarm-api.js';
import type { AlarmGroup, AlarmSeverity } from './alarm-types.js';

type Names = Readonly<Record<Lang, string>>;

/** Severities as pages and exports name them. */
export const ALARM_SEVERITY_LABELS: { readonly [S in AlarmSeverity]: Names } = {
  critical: { zh: '紧急', en: 'Critical', cs: 'Kritický', de: 'Kritisch' },
  major: { zh: '重要', en: 'Major', cs: 'Závažný', de: 'Schwer' },
  minor: { zh: '次要', en: 'Minor', cs: 'Méně závažný', de: 'Leicht' },
  warning: { zh: '提示', en: 'Warning', cs: 'Upozornění', de: 'Warnung' },
};

/** Alarm states as pages and exports name them. */
export const ALARM_STATE_LABELS: { readonly [S in AlarmState]: Names } = {
  active: { zh: '告警中', en: 'Active', cs: 'Aktivní', de: 'Aktiv' },
  recovered: { zh: '已恢复', en: 'Recovered', cs: 'Odezněl', de: 'Behoben' },
};

/** Alarm groups (R8.7) as pages and exports name them. */
export const ALARM_GROUP_LABELS: { readonly [G in AlarmGroup]: Names } = {
  grid: { zh: '电网', en: 'Grid', cs: 'Síť', de: 'Netz' },
  ac: { zh: '交流', en: 'AC', cs: 'AC', de: 'AC' },
  pv: { zh: '光伏', en: 'PV', cs: 'FV', de: 'PV' },
  bus: { zh: '母线', en: 'Bus', cs: 'Sběrnice', de: 'Zwischenkreis' },
  battery: { zh: '电池', en: 'Battery', cs: 'Baterie', de: 'Batterie' },
  wiring: { zh: '接线', en: 'Wiring', cs: 'Zapojení', de: 'Verdrahtung' },
  insulation: { zh: '绝缘', en: 'Insulation', cs: 'Izolace', de: 'Isolation' },
  hardware: { zh: '硬件', en: 'Hardware', cs: 'Hardware', de: 'Hardware' },
  communication: { zh: '通信', en: 'Communication', cs: 'Komunikace', de: 'Kommunikation' },
  other: { zh: '其他', en: 'Other', cs: 'Ostatní', de: 'Sonstige' },
};

/** "Yes"/"no" cells of the export (flapping). */
export const ALARM_YES_NO: { readonly yes: Names; readonly no: Names } = {
  yes: { zh: '是', en: 'Yes', cs: 'Ano', de: 'Ja' },
  no: { zh: '否', en: 'No', cs: 'Ne', de: 'Nein' },
};

/**
 * Columns of the alarm export with their headers, in sheet order. Times are plant-local wall-clock times, each with
 * its UTC offset ("2026-03-03 23:30:00 +01:00"): one export can hold plants of several zones, and even one plant's
 * offset changes with daylight-saving time, so no single offset in the header could be right for every row.
 */
export const ALARM_EXPORT_COLUMNS = [
  {
    key: 'raisedAt',
    names: {
      zh: '告警时间（电站时间）',
      en: 'Raised (plant time)',
      cs: 'Vznik (čas elektrárny)',
      de: 'Ausgelöst (Anlagenzeit)',
    },
  },
  {
    key: 'recoveredAt',
    names: {
      zh: '恢复时间（电站时间）',
      en: 'Recovered (plant time)',
      cs: 'Odeznění (čas elektrárny)',
      de: 'Behoben (Anlagenzeit)',
    },
  },
  {
    key: 'lastSeenAt',
    names: {
      zh: '最后上报（电站时间）',
      en: 'Last reported (plant time)',
      cs: 'Naposledy hlášeno (čas elektrárny)',
      de: 'Zuletzt gemeldet (Anlagenzeit)',
    },
  },
  { key: 'timeZone', names: { zh: '时区', en: 'Time zone', cs: 'Časové pásmo', de: 'Zeitzone' } },
  { key: 'severity', names: { zh: '级别', en: 'Severity', cs: 'Závažnost', de: 'Schweregrad' } },
  { key: 'state', names: { zh: '状态', en: 'State', cs: 'Stav', de: 'Zustand' } },
  { key: 'group', names: { zh: '类别', en: 'Group', cs: 'Skupina', de: 'Gruppe' } },
  { key: 'name', names: { zh: '告警名称', en: 'Alarm', cs: 'Alarm', de: 'Alarm' } },
  { key: 'code', names: { zh: '告警代码', en: 'Code', cs: 'Kód', de: 'Code' } },
  { key: 'deviceCode', names: { zh: '设备故障码', en: 'Device code', cs: 'Kód zařízení', de: 'Gerätecode' } },
  { key: 'sn', names: { zh: '序列号', en: 'Serial number', cs: 'Sériové číslo', de: 'Seriennummer' } },
  { key: 'plant', names: { zh: '所属电站', en: 'Plant', cs: 'Elektrárna', de: 'Anlage' } },
  { key: 'flapping', names: { zh: '频繁告警', en: 'Flapping', cs: 'Opakovaný', de: 'Flatternd' } },
  {
    key: 'acknowledgedAt',
    names: {
      zh: '确认时间（电站时间）',
      en: 'Acknowledged (plant time)',
      cs: 'Potvrzeno (čas elektrárny)',
      de: 'Quittiert (Anlagenzeit)',
    },
  },
  { key: 'acknowledgedBy', names: { zh: '确认人', en: 'Acknowledged by', cs: 'Potvrdil', de: 'Quittiert von' } },
  { key: 'ackNote', names: { zh: '确认备注', en: 'Note', cs: 'Poznámka', de: 'Notiz' } },
] as const satisfies readonly { key: string; names: Names }[];
export type AlarmExportColumn = (typeof ALARM_EXPORT_COLUMNS)[number]['key'];

/** Sheet name of the export in each language. */
export const ALARM_EXPORT_SHEET: Names = { zh: '告警列表', en: 'Alarms', cs: 'Alarmy', de: 'Alarme' };
