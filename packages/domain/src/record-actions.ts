import type { Lang } from './languages.js';
import type { Names } from './telemetry/labels.js';

/**
 * What an operation record says happened, for people (issue 15): one sentence per audited action, in every language,
 * with `{name}` where the object is named ("Plant Suzhou edited"). The one owner of these texts: the records page
 * reads them, and so would an export of the records. The action codes are the `audit` configs of the server's routes
 * (`auth.login`, `plant.update`…); a record's code stays in its technical details.
 */
export const RECORD_ACTION_NAMES = {
  'auth.login': n('登录', 'Logged in', 'Přihlášení', 'Angemeldet'),
  'auth.logout': n('退出登录', 'Logged out', 'Odhlášení', 'Abgemeldet'),
  'auth.changePassword': n('修改密码', 'Password changed', 'Změna hesla', 'Passwort geändert'),
  'auth.register': n('注册账号', 'Account registered', 'Registrace účtu', 'Konto registriert'),
  'auth.requestCode': n(
    '获取验证码',
    'Verification code requested',
    'Vyžádán ověřovací kód',
    'Bestätigungscode angefordert',
  ),
  'auth.resetPassword': n(
    '通过验证码重置密码',
    'Password reset with a code',
    'Heslo obnoveno kódem',
    'Passwort mit Code zurückgesetzt',
  ),
  'user.resetPassword': n(
    '为用户 {name} 发送重置密码验证码',
    'Password reset code sent to user {name}',
    'Uživateli {name} odeslán kód pro obnovení hesla',
    'Code zum Zurücksetzen des Passworts an Benutzer {name} gesendet',
  ),
  'user.updateProfile': n('编辑个人资料', 'Profile edited', 'Úprava profilu', 'Profil bearbeitet'),
  'user.chooseLanguage': n('切换界面语言', 'Language chosen', 'Zvolen jazyk', 'Sprache gewählt'),
  'preferences.tables': n(
    '保存列表显示列',
    'Columns of a list chosen',
    'Zvoleny sloupce seznamu',
    'Spalten einer Liste gewählt',
  ),
  'user.create': n('新增用户 {name}', 'User {name} added', 'Uživatel {name} přidán', 'Benutzer {name} angelegt'),
  'user.update': n('编辑用户 {name}', 'User {name} edited', 'Uživatel {name} upraven', 'Benutzer {name} bearbeitet'),
  'user.delete': n('删除用户 {name}', 'User {name} deleted', 'Uživatel {name} smazán', 'Benutzer {name} gelöscht'),
  'user.enable': n('启用用户 {name}', 'User {name} enabled', 'Uživatel {name} povolen', 'Benutzer {name} aktiviert'),
  'user.disable': n(
    '禁用用户 {name}',
    'User {name} disabled',
    'Uživatel {name} zakázán',
    'Benutzer {name} deaktiviert',
  ),
  'user.move': n('移动用户 {name}', 'User {name} moved', 'Uživatel {name} přesunut', 'Benutzer {name} verschoben'),
  'user.export': n('导出用户列表', 'User list exported', 'Seznam uživatelů exportován', 'Benutzerliste exportiert'),
  'user.avatar': n('更换头像', 'Avatar changed', 'Avatar změněn', 'Avatar geändert'),
  'user.avatarRemove': n('删除头像', 'Avatar removed', 'Avatar odstraněn', 'Avatar entfernt'),
  'role.create': n('新增角色 {name}', 'Role {name} added', 'Role {name} přidána', 'Rolle {name} angelegt'),
  'role.update': n('编辑角色 {name}', 'Role {name} edited', 'Role {name} upravena', 'Rolle {name} bearbeitet'),
  'role.delete': n('删除角色 {name}', 'Role {name} deleted', 'Role {name} smazána', 'Rolle {name} gelöscht'),
  'plant.create': n('新增电站 {name}', 'Plant {name} added', 'Elektrárna {name} přidána', 'Anlage {name} angelegt'),
  'plant.update': n('编辑电站 {name}', 'Plant {name} edited', 'Elektrárna {name} upravena', 'Anlage {name} bearbeitet'),
  'plant.delete': n('删除电站 {name}', 'Plant {name} deleted', 'Elektrárna {name} smazána', 'Anlage {name} gelöscht'),
  'plantScript.save': n(
    '保存电站 {name} 的脚本',
    'Script of plant {name} saved',
    'Skript elektrárny {name} uložen',
    'Skript der Anlage {name} gespeichert',
  ),
  'plantScript.deactivate': n(
    '停用电站 {name} 的脚本',
    'Script of plant {name} deactivated',
    'Skript elektrárny {name} vypnut',
    'Skript der Anlage {name} deaktiviert',
  ),
  'plantScript.testRun': n(
    '试运行电站 {name} 的脚本',
    'Script of plant {name} test-run',
    'Zkušební běh skriptu elektrárny {name}',
    'Skript der Anlage {name} testweise ausgeführt',
  ),
  'tariff.save': n(
    '保存电站 {name} 的电价',
    'Tariff of plant {name} saved',
    'Tarif elektrárny {name} uložen',
    'Tarif der Anlage {name} gespeichert',
  ),
  'tariff.delete': n(
    '删除电站 {name} 的电价版本',
    'Tariff version of plant {name} deleted',
    'Verze tarifu elektrárny {name} smazána',
    'Tarifversion der Anlage {name} gelöscht',
  ),
  'saving.add': n(
    '新增电站 {name} 的节能减排系数',
    'Energy-saving factors of plant {name} added',
    'Faktory úspor elektrárny {name} přidány',
    'Einsparfaktoren der Anlage {name} angelegt',
  ),
  'saving.edit': n(
    '编辑电站 {name} 的节能减排系数',
    'Energy-saving factors of plant {name} edited',
    'Faktory úspor elektrárny {name} upraveny',
    'Einsparfaktoren der Anlage {name} bearbeitet',
  ),
  'saving.delete': n(
    '删除电站 {name} 的节能减排系数',
    'Energy-saving factors of plant {name} deleted',
    'Faktory úspor elektrárny {name} smazány',
    'Einsparfaktoren der Anlage {name} gelöscht',
  ),
  'device.stockIn': n(
    '设备 {name} 入库',
    'Device {name} put in storage',
    'Zařízení {name} naskladněno',
    'Gerät {name} eingelagert',
  ),
  'device.rotateCredentials': n(
    '为设备 {name} 重新签发接入凭据',
    'New link credentials issued for device {name}',
    'Nové přístupové údaje pro zařízení {name}',
    'Neue Zugangsdaten für Gerät {name} ausgestellt',
  ),
  'device.activate': n(
    '激活设备 {name}',
    'Device {name} activated',
    'Zařízení {name} aktivováno',
    'Gerät {name} aktiviert',
  ),
  'device.deactivate': n(
    '解绑设备 {name}',
    'Device {name} unbound',
    'Zařízení {name} odpojeno',
    'Gerät {name} entbunden',
  ),
  'device.import': n('批量导入设备', 'Devices imported', 'Hromadný import zařízení', 'Geräte importiert'),
  'device.export': n('导出设备列表', 'Device list exported', 'Export seznamu zařízení', 'Geräteliste exportiert'),
  'command.issue': n(
    '向 {name} 下发指令',
    'Command issued to {name}',
    'Příkaz odeslán na {name}',
    'Befehl an {name} gesendet',
  ),
  'debug.read': n(
    '读取设备 {name} 的数据',
    'Data read from device {name}',
    'Načtení dat ze zařízení {name}',
    'Daten von Gerät {name} gelesen',
  ),
  'firmware.upload': n(
    '上传固件 {name}',
    'Firmware {name} uploaded',
    'Firmware {name} nahrán',
    'Firmware {name} hochgeladen',
  ),
  'firmware.delete': n(
    '删除固件 {name}',
    'Firmware {name} deleted',
    'Firmware {name} smazán',
    'Firmware {name} gelöscht',
  ),
  'firmware.upgrade': n(
    '向设备 {name} 下发固件升级',
    'Firmware upgrade issued to device {name}',
    'Aktualizace firmwaru odeslána na zařízení {name}',
    'Firmware-Update an Gerät {name} gesendet',
  ),
  'alarm.acknowledge': n(
    '确认告警 {name}',
    'Alarms {name} acknowledged',
    'Potvrzení alarmů {name}',
    'Alarme {name} quittiert',
  ),
  'alarm.export': n('导出告警', 'Alarms exported', 'Export alarmů', 'Alarme exportiert'),
  'records.export': n(
    '导出操作记录',
    'Operation records exported',
    'Export záznamů operací',
    'Bedienprotokoll exportiert',
  ),
  'controlRecords.export': n(
    '导出控制记录',
    'Control records exported',
    'Export záznamů řízení',
    'Steuerprotokoll exportiert',
  ),
  'notificationRule.create': n(
    '新增告警规则 {name}',
    'Alarm rule {name} added',
    'Pravidlo alarmů {name} přidáno',
    'Alarmregel {name} angelegt',
  ),
  'notificationRule.update': n(
    '编辑告警规则 {name}',
    'Alarm rule {name} edited',
    'Pravidlo alarmů {name} upraveno',
    'Alarmregel {name} bearbeitet',
  ),
  'notificationRule.enable': n(
    '启用告警规则 {name}',
    'Alarm rule {name} enabled',
    'Pravidlo alarmů {name} zapnuto',
    'Alarmregel {name} aktiviert',
  ),
  'notificationRule.disable': n(
    '停用告警规则 {name}',
    'Alarm rule {name} disabled',
    'Pravidlo alarmů {name} vypnuto',
    'Alarmregel {name} deaktiviert',
  ),
  'notificationRule.delete': n(
    '删除告警规则 {name}',
    'Alarm rule {name} deleted',
    'Pravidlo alarmů {name} smazáno',
    'Alarmregel {name} gelöscht',
  ),
  'message.read': n(
    '消息标为已读',
    'Messages marked as read',
    'Zprávy označeny jako přečtené',
    'Nachrichten als gelesen markiert',
  ),
  'message.readAll': n(
    '全部消息标为已读',
    'All messages marked as read',
    'Všechny zprávy označeny jako přečtené',
    'Alle Nachrichten als gelesen markiert',
  ),
  'message.delete': n('删除消息', 'Messages deleted', 'Zprávy smazány', 'Nachrichten gelöscht'),
  'notice.dismiss': n(
    '关闭升级公告 {name}',
    'Upgrade notice {name} dismissed',
    'Oznámení o aktualizaci {name} zavřeno',
    'Update-Hinweis {name} ausgeblendet',
  ),
  'notice.publish': n(
    '发布升级公告 {name}',
    'Upgrade notice {name} published',
    'Oznámení o aktualizaci {name} zveřejněno',
    'Update-Hinweis {name} veröffentlicht',
  ),
  'notice.withdraw': n(
    '撤回升级公告 {name}',
    'Upgrade notice {name} withdrawn',
    'Oznámení o aktualizaci {name} staženo',
    'Update-Hinweis {name} zurückgezogen',
  ),
  'workOrder.create': n(
    '创建工单 {name}',
    'Work order {name} created',
    'Pracovní příkaz {name} vytvořen',
    'Arbeitsauftrag {name} angelegt',
  ),
  'workOrder.edit': n(
    '编辑工单 {name}',
    'Work order {name} edited',
    'Pracovní příkaz {name} upraven',
    'Arbeitsauftrag {name} bearbeitet',
  ),
  'workOrder.assign': n(
    '指派工单 {name}',
    'Work order {name} assigned',
    'Pracovní příkaz {name} přidělen',
    'Arbeitsauftrag {name} zugewiesen',
  ),
  'workOrder.transition': n(
    '变更工单 {name} 的状态',
    'State of work order {name} changed',
    'Stav pracovního příkazu {name} změněn',
    'Status des Arbeitsauftrags {name} geändert',
  ),
  'workOrder.comment': n(
    '评论工单 {name}',
    'Work order {name} commented on',
    'Komentář k pracovnímu příkazu {name}',
    'Arbeitsauftrag {name} kommentiert',
  ),
  'workOrder.imageAdd': n(
    '为工单 {name} 添加图片',
    'Image added to work order {name}',
    'Obrázek přidán k pracovnímu příkazu {name}',
    'Bild zu Arbeitsauftrag {name} hinzugefügt',
  ),
  'workOrder.imageRemove': n(
    '删除工单 {name} 的图片',
    'Image removed from work order {name}',
    'Obrázek odebrán z pracovního příkazu {name}',
    'Bild aus Arbeitsauftrag {name} entfernt',
  ),
  'reportTemplate.create': n(
    '新增报表模板 {name}',
    'Report template {name} added',
    'Šablona sestavy {name} přidána',
    'Berichtsvorlage {name} angelegt',
  ),
  'reportTemplate.update': n(
    '编辑报表模板 {name}',
    'Report template {name} edited',
    'Šablona sestavy {name} upravena',
    'Berichtsvorlage {name} bearbeitet',
  ),
  'reportTemplate.delete': n(
    '删除报表模板 {name}',
    'Report template {name} deleted',
    'Šablona sestavy {name} smazána',
    'Berichtsvorlage {name} gelöscht',
  ),
  'report.export': n('导出报表数据', 'Report data exported', 'Data sestavy exportována', 'Berichtsdaten exportiert'),
  'energy.export': n(
    '导出设备 {name} 的电量',
    'Energy of {name} exported',
    'Exportována energie zařízení {name}',
    'Energie von {name} exportiert',
  ),
  'kioskLink.create': n(
    '创建大屏链接 {name}',
    'Big-screen link {name} created',
    'Odkaz pro velkou obrazovku {name} vytvořen',
    'Großbild-Link {name} erstellt',
  ),
  'kioskLink.revoke': n(
    '撤销大屏链接 {name}',
    'Big-screen link {name} revoked',
    'Odkaz pro velkou obrazovku {name} zrušen',
    'Großbild-Link {name} widerrufen',
  ),
} as const satisfies Record<string, Names>;
export type RecordAction = keyof typeof RECORD_ACTION_NAMES;

/** An action no table entry knows (a route added without a text, or a record of a route since removed). */
export const UNKNOWN_ACTION_NAMES = n(
  '其他操作 {name}',
  'Other change {name}',
  'Jiná změna {name}',
  'Sonstige Änderung {name}',
);

/** The kinds of object records name, as nouns ("Plant Suzhou", "Device VF0001"). */
export const RECORD_OBJECT_NAMES = {
  plant: n('电站', 'Plant', 'Elektrárna', 'Anlage'),
  plantScript: n('电站', 'Plant', 'Elektrárna', 'Anlage'),
  user: n('用户', 'User', 'Uživatel', 'Benutzer'),
  role: n('角色', 'Role', 'Role', 'Rolle'),
  device: n('设备', 'Device', 'Zařízení', 'Gerät'),
  alarm: n('告警', 'Alarm', 'Alarm', 'Alarm'),
  notificationRule: n('告警规则', 'Alarm rule', 'Pravidlo alarmů', 'Alarmregel'),
  firmware: n('固件', 'Firmware', 'Firmware', 'Firmware'),
  message: n('消息', 'Message', 'Zpráva', 'Nachricht'),
  notice: n('升级公告', 'Upgrade notice', 'Oznámení o aktualizaci', 'Update-Hinweis'),
  workOrder: n('工单', 'Work order', 'Pracovní příkaz', 'Arbeitsauftrag'),
  reportTemplate: n('报表模板', 'Report template', 'Šablona sestavy', 'Berichtsvorlage'),
  reportExport: n('报表导出', 'Report export', 'Export sestavy', 'Berichtsexport'),
  kioskLink: n('大屏链接', 'Big-screen link', 'Odkaz pro velkou obrazovku', 'Großbild-Link'),
} as const satisfies Record<string, Names>;

/** Words of the records list's own (the columns and filters are in the web's texts). */
export const RECORD_WORDS = {
  details: n('技术详情', 'Technical details', 'Technické podrobnosti', 'Technische Details'),
  yes: n('是', 'Yes', 'Ano', 'Ja'),
  no: n('否', 'No', 'Ne', 'Nein'),
  /** A secret that changed: the fact is recorded, the value never. */
  changed: n('已修改', 'changed', 'změněno', 'geändert'),
} as const satisfies Record<string, Names>;

export function isRecordAction(action: string): action is RecordAction {
  return Object.hasOwn(RECORD_ACTION_NAMES, action);
}

/**
 * The action of a record as the table knows it: switching a rule on or off is one route (`notificationRule.enabled`)
 * but two different things to read, told apart by the body it sent.
 */
export function recordActionOf(action: string, params: Readonly<Record<string, unknown>>): string {
  if (action === 'notificationRule.enabled')
    return params.enabled === false ? 'notificationRule.disable' : 'notificationRule.enable';
  return action;
}

/**
 * The sentence of an action in a language with its object's words put in ("Plant Suzhou edited"); an action the
 * table does not know reads "Other change …" (its code stays in the record's details). `objectText` is the name, or
 * "#12" when the name is not known, or empty when the action has no object.
 */
export function recordActionText(action: string, objectText: string, lang: Lang): string {
  const names: Names = isRecordAction(action) ? RECORD_ACTION_NAMES[action] : UNKNOWN_ACTION_NAMES;
  return names[lang]
    .replace('{name}', objectText)
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The noun of an object type in a language, or null for a type the table does not know. */
export function recordObjectNoun(objectType: string, lang: Lang): string | null {
  return Object.hasOwn(RECORD_OBJECT_NAMES, objectType)
    ? RECORD_OBJECT_NAMES[objectType as keyof typeof RECORD_OBJECT_NAMES][lang]
    : null;
}

function n(zh: string, en: string, cs: string, de: string): Names {
  return { zh, en, cs, de };
}
