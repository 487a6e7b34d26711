import type { Lang } from './languages.js';

type Names = Record<Lang, string>;

/**
 * Display names of the modules and their pages (the menu's codes), in all four languages. Apart from the function
 * permissions' names so that the shell's menu, on every page, does not carry the role editor's words.
 */
export const MODULE_NAMES: Record<string, Names> = {
  A: { zh: '电站中心', en: 'Plant Center', cs: 'Centrum elektráren', de: 'Anlagenzentrale' },
  B: { zh: '设备中心', en: 'Device Center', cs: 'Centrum zařízení', de: 'Gerätezentrale' },
  C: { zh: '告警中心', en: 'Alarm Center', cs: 'Centrum alarmů', de: 'Alarmzentrale' },
  D: { zh: '用户中心', en: 'User Center', cs: 'Centrum uživatelů', de: 'Benutzerzentrale' },
  E: { zh: '系统管理', en: 'System Management', cs: 'Správa systému', de: 'Systemverwaltung' },
  'A/A': { zh: '电站统计', en: 'Plant statistics', cs: 'Statistika elektráren', de: 'Anlagenstatistik' },
  'A/D': { zh: '电站配置', en: 'Plant configuration', cs: 'Konfigurace elektráren', de: 'Anlagenkonfiguration' },
  'B/A': { zh: '设备列表', en: 'Device list', cs: 'Seznam zařízení', de: 'Geräteliste' },
  'B/D': { zh: '设备入库', en: 'Device storage', cs: 'Sklad zařízení', de: 'Gerätelager' },
  'B/E': { zh: '设备控制', en: 'Device control', cs: 'Ovládání zařízení', de: 'Gerätesteuerung' },
  'C/A': { zh: '告警查询', en: 'Alarm search', cs: 'Vyhledávání alarmů', de: 'Alarmsuche' },
  'C/B': { zh: '告警概览', en: 'Alarm overview', cs: 'Přehled alarmů', de: 'Alarmübersicht' },
  'C/C': { zh: '告警规则', en: 'Alarm rules', cs: 'Pravidla alarmů', de: 'Alarmregeln' },
  'D/A': { zh: '用户列表', en: 'User list', cs: 'Seznam uživatelů', de: 'Benutzerliste' },
  'D/C': { zh: '控制记录', en: 'Control records', cs: 'Záznamy ovládání', de: 'Steuerungsprotokoll' },
  'D/D': { zh: '操作记录', en: 'Operation records', cs: 'Záznamy operací', de: 'Vorgangsprotokoll' },
  'D/E': { zh: '报表管理', en: 'Reports', cs: 'Sestavy', de: 'Berichte' },
};

/** Display names of the function permissions ("<owner>:<action>"), in all four languages. */
export const FUNCTION_NAMES: Record<string, Names> = {
  'A:plant.add': { zh: '新增电站', en: 'Add plant', cs: 'Přidat elektrárnu', de: 'Anlage hinzufügen' },
  'A:plant.edit': { zh: '编辑电站', en: 'Edit plant', cs: 'Upravit elektrárnu', de: 'Anlage bearbeiten' },
  'A:plant.delete': { zh: '删除电站', en: 'Delete plant', cs: 'Smazat elektrárnu', de: 'Anlage löschen' },
  'A/D:tariff.edit': { zh: '电价配置', en: 'Edit tariffs', cs: 'Upravit tarify', de: 'Tarife bearbeiten' },
  'A/D:saving.edit': {
    zh: '节能减排配置',
    en: 'Edit energy-saving factors',
    cs: 'Upravit faktory úspor',
    de: 'Einsparfaktoren bearbeiten',
  },
  'A/D:script.edit': {
    zh: '编辑电站脚本',
    en: 'Edit plant script',
    cs: 'Upravit skript elektrárny',
    de: 'Anlagenskript bearbeiten',
  },
  'B/A:device.export': { zh: '导出设备', en: 'Export devices', cs: 'Exportovat zařízení', de: 'Geräte exportieren' },
  'B/D:device.stockIn': { zh: '设备入库', en: 'Stock in devices', cs: 'Naskladnit zařízení', de: 'Geräte einlagern' },
  'B/D:device.import': { zh: '批量导入', en: 'Batch import', cs: 'Hromadný import', de: 'Stapelimport' },
  'B/D:device.activate': { zh: '激活设备', en: 'Activate devices', cs: 'Aktivovat zařízení', de: 'Geräte aktivieren' },
  'B/E:command.issue': { zh: '下发指令', en: 'Issue commands', cs: 'Odesílat příkazy', de: 'Befehle senden' },
  'B/E:command.batch': {
    zh: '批量下发',
    en: 'Issue to large selections',
    cs: 'Odesílat velkým výběrům',
    de: 'An große Auswahl senden',
  },
  'B/E:firmware.upgrade': {
    zh: '固件升级',
    en: 'Upgrade firmware',
    cs: 'Aktualizovat firmware',
    de: 'Firmware aktualisieren',
  },
  'B/E:firmware.manage': {
    zh: '管理固件库',
    en: 'Manage firmware catalogue',
    cs: 'Spravovat katalog firmwaru',
    de: 'Firmware-Katalog verwalten',
  },
  'B/E:debug.raw': {
    zh: '原始寄存器读写',
    en: 'Raw register access',
    cs: 'Přímý přístup k registrům',
    de: 'Direkter Registerzugriff',
  },
  'C/A:alarm.export': { zh: '导出告警', en: 'Export alarms', cs: 'Exportovat alarmy', de: 'Alarme exportieren' },
  'C/A:alarm.ack': { zh: '确认告警', en: 'Acknowledge alarms', cs: 'Potvrzovat alarmy', de: 'Alarme quittieren' },
  'C/C:rule.add': { zh: '新增规则', en: 'Add rule', cs: 'Přidat pravidlo', de: 'Regel hinzufügen' },
  'C/C:rule.edit': { zh: '编辑规则', en: 'Edit rule', cs: 'Upravit pravidlo', de: 'Regel bearbeiten' },
  'C/C:rule.delete': { zh: '删除规则', en: 'Delete rule', cs: 'Smazat pravidlo', de: 'Regel löschen' },
  'D/A:user.add': { zh: '新增用户', en: 'Add user', cs: 'Přidat uživatele', de: 'Benutzer hinzufügen' },
  'D/A:user.edit': { zh: '编辑用户', en: 'Edit user', cs: 'Upravit uživatele', de: 'Benutzer bearbeiten' },
  'D/A:user.delete': { zh: '删除用户', en: 'Delete user', cs: 'Smazat uživatele', de: 'Benutzer löschen' },
  'D/E:template.edit': { zh: '编辑模板', en: 'Edit templates', cs: 'Upravit šablony', de: 'Vorlagen bearbeiten' },
  'E:role.add': { zh: '新增角色', en: 'Add role', cs: 'Přidat roli', de: 'Rolle hinzufügen' },
  'E:role.edit': { zh: '编辑角色', en: 'Edit role', cs: 'Upravit roli', de: 'Rolle bearbeiten' },
  'E:role.delete': { zh: '删除角色', en: 'Delete role', cs: 'Smazat roli', de: 'Rolle löschen' },
  'E:notice.publish': {
    zh: '发布升级公告',
    en: 'Publish upgrade notices',
    cs: 'Zveřejňovat oznámení o aktualizacích',
    de: 'Update-Hinweise veröffentlichen',
  },
};

/** Display names of modules, pages and function permissions, in all four languages. */
// Object.assign, not a spread, so that it can carry the pure annotation: the bundler keeps an unannotated merge even
// when unused, and with it FUNCTION_NAMES (the role editor's) in the shell's first download, where the menu reads
// only MODULE_NAMES.
export const PERMISSION_NAMES: Record<string, Names> = /*#__PURE__*/ Object.assign({}, MODULE_NAMES, FUNCTION_NAMES);

/** Names of the child pages (menu entries), by route segment. */
export const PAGE_NAMES: Record<string, Names> = {
  plantStatistics: { zh: '电站统计', en: 'Plant statistics', cs: 'Statistika elektráren', de: 'Anlagenstatistik' },
  plantList: { zh: '电站列表', en: 'Plant list', cs: 'Seznam elektráren', de: 'Anlagenliste' },
  plantConfig: { zh: '电站配置', en: 'Plant configuration', cs: 'Konfigurace elektráren', de: 'Anlagenkonfiguration' },
  deviceList: { zh: '设备列表', en: 'Device list', cs: 'Seznam zařízení', de: 'Geräteliste' },
  deviceStorage: { zh: '设备入库', en: 'Device storage', cs: 'Sklad zařízení', de: 'Gerätelager' },
  commandIssue: { zh: '指令下发', en: 'Command issue', cs: 'Odesílání příkazů', de: 'Befehlsversand' },
  onlineDebug: { zh: '在线调试', en: 'Online debugging', cs: 'Online ladění', de: 'Online-Diagnose' },
  alarmSearch: { zh: '告警查询', en: 'Alarm search', cs: 'Vyhledávání alarmů', de: 'Alarmsuche' },
  alarmOverView: { zh: '告警概览', en: 'Alarm overview', cs: 'Přehled alarmů', de: 'Alarmübersicht' },
  alarmRules: { zh: '告警规则', en: 'Alarm rules', cs: 'Pravidla alarmů', de: 'Alarmregeln' },
  userList: { zh: '用户列表', en: 'User list', cs: 'Seznam uživatelů', de: 'Benutzerliste' },
  contralRecord: { zh: '控制记录', en: 'Control records', cs: 'Záznamy ovládání', de: 'Steuerungsprotokoll' },
  operateRecord: { zh: '操作记录', en: 'Operation records', cs: 'Záznamy operací', de: 'Vorgangsprotokoll' },
  myTemplate: { zh: '我的模板', en: 'My templates', cs: 'Moje šablony', de: 'Meine Vorlagen' },
  dataSelect: { zh: '数据查询', en: 'Data selection', cs: 'Výběr dat', de: 'Datenauswahl' },
  roleList: { zh: '角色列表', en: 'Role list', cs: 'Seznam rolí', de: 'Rollenliste' },
};

export const MENU_GROUP_NAMES: Record<string, Names> = {
  plantOverview: { zh: '电站概览', en: 'Plant overview', cs: 'Přehled elektráren', de: 'Anlagenübersicht' },
  plantManagement: { zh: '电站管理', en: 'Plant management', cs: 'Správa elektráren', de: 'Anlagenverwaltung' },
  deviceOverview: { zh: '设备概览', en: 'Device overview', cs: 'Přehled zařízení', de: 'Geräteübersicht' },
  deviceManagement: { zh: '设备管理', en: 'Device management', cs: 'Správa zařízení', de: 'Geräteverwaltung' },
  deviceControl: { zh: '设备控制', en: 'Device control', cs: 'Ovládání zařízení', de: 'Gerätesteuerung' },
  alarmManagement: { zh: '告警管理', en: 'Alarm management', cs: 'Správa alarmů', de: 'Alarmverwaltung' },
  messageManagement: { zh: '消息管理', en: 'Message management', cs: 'Správa zpráv', de: 'Nachrichtenverwaltung' },
  userManagement: { zh: '用户管理', en: 'User management', cs: 'Správa uživatelů', de: 'Benutzerverwaltung' },
  recordManagement: { zh: '记录管理', en: 'Record management', cs: 'Správa záznamů', de: 'Protokollverwaltung' },
  reportManagement: { zh: '报表管理', en: 'Report management', cs: 'Správa sestav', de: 'Berichtsverwaltung' },
  roleManagement: { zh: '角色管理', en: 'Role management', cs: 'Správa rolí', de: 'Rollenverwaltung' },
};

export const VIEW_NAMES: Record<string, Names> = {
  'bigScreen/map': { zh: '地图大屏', en: 'Map big screen', cs: 'Velká obrazovka s mapou', de: 'Kartengroßbild' },
  'bigScreen/charts': {
    zh: '图表大屏',
    en: 'Charts big screen',
    cs: 'Velká obrazovka s grafy',
    de: 'Diagrammgroßbild',
  },
  'bigScreen/flowGraph': {
    zh: '能流大屏',
    en: 'Energy-flow big screen',
    cs: 'Velká obrazovka toku energie',
    de: 'Energiefluss-Großbild',
  },
};

/** The display name of a module or page code in a language (the code itself when unnamed). */
export function moduleName(code: string, lang: Lang): string {
  return MODULE_NAMES[code]?.[lang] ?? code;
}

/** The display name of a permission code in a language (the code itself when unnamed). */
export function permissionName(code: string, lang: Lang): string {
  return PERMISSION_NAMES[code]?.[lang] ?? code;
}
