import type { OperationCategory } from './records.js';
import type { Names } from './telemetry/labels.js';

/**
 * The words of the two record lists' filters and exports, in every language: one owner for the page (which loads
 * them with its own chunk, never with the shell) and the server's files.
 */

function n(zh: string, en: string, cs: string, de: string): Names {
  return { zh, en, cs, de };
}

/** The categories of operation records, as the list, its filter and its export name them. */
export const OPERATION_CATEGORY_NAMES: { readonly [C in OperationCategory]: Names } = {
  auth: n('登录认证', 'Sign-in', 'Přihlášení', 'Anmeldung'),
  user: n('用户', 'User', 'Uživatel', 'Benutzer'),
  role: n('角色', 'Role', 'Role', 'Rolle'),
  plant: n('电站', 'Plant', 'Elektrárna', 'Anlage'),
  device: n('设备', 'Device', 'Zařízení', 'Gerät'),
  command: n('指令', 'Command', 'Příkaz', 'Befehl'),
  alarm: n('告警', 'Alarm', 'Alarm', 'Alarm'),
  report: n('报表', 'Report', 'Sestava', 'Bericht'),
  system: n('系统', 'System', 'Systém', 'System'),
};

/** Filter labels and the export's words of both record pages. */
export const RECORD_FILTER_WORDS = {
  user: n('用户', 'User', 'Uživatel', 'Benutzer'),
  allUsers: n('全部用户', 'All users', 'Všichni uživatelé', 'Alle Benutzer'),
  category: n('类别', 'Category', 'Kategorie', 'Kategorie'),
  allCategories: n('全部类别', 'All categories', 'Všechny kategorie', 'Alle Kategorien'),
  objectType: n('对象类型', 'Object type', 'Typ objektu', 'Objekttyp'),
  allObjectTypes: n('全部对象', 'All objects', 'Všechny objekty', 'Alle Objekte'),
  object: n('对象名称或编号', 'Object name or ID', 'Název nebo ID objektu', 'Objektname oder ID'),
  ip: n('客户端地址 (IP)', 'Client address (IP)', 'Adresa klienta (IP)', 'Client-Adresse (IP)'),
  timeRange: n('时间范围', 'Time range', 'Časové období', 'Zeitraum'),
  exportXlsx: n('导出 Excel', 'Export Excel', 'Export do Excelu', 'Excel exportieren'),
  exportCsv: n('导出 CSV', 'Export CSV', 'Export do CSV', 'CSV exportieren'),
  exportCap: n(
    '每次最多导出 {max} 条记录',
    'At most {max} records per export',
    'Nejvýše {max} záznamů na jeden export',
    'Höchstens {max} Datensätze pro Export',
  ),
} as const satisfies Record<string, Names>;

type Column<K extends string> = { key: K; names: Names };

/** Columns of the operation records export, in sheet order. */
export const OPERATION_EXPORT_COLUMNS = [
  { key: 'time', names: n('时间', 'Time', 'Čas', 'Zeit') },
  { key: 'user', names: RECORD_FILTER_WORDS.user },
  { key: 'ip', names: RECORD_FILTER_WORDS.ip },
  { key: 'action', names: n('操作', 'Action', 'Akce', 'Aktion') },
  { key: 'category', names: RECORD_FILTER_WORDS.category },
  { key: 'objectType', names: RECORD_FILTER_WORDS.objectType },
  { key: 'object', names: n('对象', 'Object', 'Objekt', 'Objekt') },
  { key: 'objectId', names: n('对象编号', 'Object ID', 'ID objektu', 'Objekt-ID') },
  { key: 'result', names: n('结果', 'Result', 'Výsledek', 'Ergebnis') },
  { key: 'details', names: n('技术详情', 'Technical details', 'Technické podrobnosti', 'Technische Details') },
] as const satisfies readonly Column<string>[];
export type OperationExportColumn = (typeof OPERATION_EXPORT_COLUMNS)[number]['key'];

/** Columns of the control records export, in sheet order. */
export const CONTROL_EXPORT_COLUMNS = [
  { key: 'time', names: n('下发时间', 'Issued', 'Odesláno', 'Gesendet') },
  { key: 'user', names: RECORD_FILTER_WORDS.user },
  { key: 'ip', names: RECORD_FILTER_WORDS.ip },
  { key: 'kind', names: n('指令类型', 'Command type', 'Typ příkazu', 'Befehlstyp') },
  { key: 'category', names: RECORD_FILTER_WORDS.category },
  { key: 'device', names: n('设备序列号', 'Device serial number', 'Sériové číslo zařízení', 'Geräte-Seriennummer') },
  { key: 'plant', names: n('电站', 'Plant', 'Elektrárna', 'Anlage') },
  { key: 'parameters', names: n('下发参数', 'Parameters sent', 'Odeslané parametry', 'Gesendete Parameter') },
  { key: 'status', names: n('状态', 'Status', 'Stav', 'Status') },
  { key: 'reason', names: n('原因', 'Reason', 'Důvod', 'Grund') },
  { key: 'finished', names: n('完成时间', 'Finished', 'Dokončeno', 'Abgeschlossen') },
] as const satisfies readonly Column<string>[];
export type ControlExportColumn = (typeof CONTROL_EXPORT_COLUMNS)[number]['key'];

/** The sheet of each export. */
export const OPERATION_EXPORT_SHEET = n('操作记录', 'Operation records', 'Záznamy operací', 'Bedienprotokoll');
export const CONTROL_EXPORT_SHEET = n('控制记录', 'Control records', 'Záznamy řízení', 'Steuerprotokoll');

/** Outcome words of an operation record in the export (the page shows them as tags). */
export const RECORD_RESULT_NAMES = {
  ok: n('成功', 'Succeeded', 'Úspěch', 'Erfolgreich'),
  failed: n('失败', 'Failed', 'Selhalo', 'Fehlgeschlagen'),
} as const satisfies Record<string, Names>;

/** The statuses of a command in every language (the page and the export). */
export const COMMAND_STATUS_NAMES = {
  queued: n('排队中', 'Queued', 'Ve frontě', 'In Warteschlange'),
  sent: n('已发送', 'Sent', 'Odesláno', 'Gesendet'),
  acknowledged: n('已确认', 'Acknowledged', 'Potvrzeno', 'Bestätigt'),
  succeeded: n('成功', 'Succeeded', 'Úspěch', 'Erfolgreich'),
  failed: n('失败', 'Failed', 'Selhalo', 'Fehlgeschlagen'),
  timed_out: n('超时', 'Timed out', 'Vypršel čas', 'Zeitüberschreitung'),
  expired: n('已过期', 'Expired', 'Prošlé', 'Abgelaufen'),
} as const satisfies Record<string, Names>;

/** The categories of commands (the control records, their filter and export, the command form). */
export const COMMAND_CATEGORY_NAMES = {
  remote: n('远程指令', 'Remote command', 'Vzdálený příkaz', 'Fernbefehl'),
  parameter: n('参数设置', 'Parameter setting', 'Nastavení parametru', 'Parametereinstellung'),
  firmware: n('固件升级', 'Firmware upgrade', 'Aktualizace firmwaru', 'Firmware-Update'),
} as const satisfies Record<string, Names>;
