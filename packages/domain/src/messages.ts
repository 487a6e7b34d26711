import type { Lang } from './languages.js';
import { TELEMETRY_MESSAGES } from './telemetry/messages.js';
import { COMMAND_MESSAGES } from './commands.messages.js';
import { FIRMWARE_MESSAGES } from './firmware-messages.js';
import { ONLINE_DEBUG_MESSAGES } from './online-debug.js';
import { SANDBOX_MESSAGES } from './messages-sandbox.js';
import { OSIM_IDENTITY_MESSAGES } from './messages-osim-identity.js';
import { AUTH_LIMIT_MESSAGES } from './messages-auth-limits.js';
import { HOSTILE_INPUT_MESSAGES } from './messages-hostile-input.js';

type Entry = Record<Lang, string>;

/**
 * Messages the server sends and forms show, keyed by a stable id. Validation rules in this package
 * use these keys as their zod messages, so one rule gives the same words on the server and the page.
 * `{name}` placeholders are filled by `translate`.
 */
export const MESSAGES = {
  // the plant, device and telemetry rules' keys (validation.timeZone, reading.*, …)
  ...TELEMETRY_MESSAGES,
  // command issue and control records (commands.messages.ts)
  ...COMMAND_MESSAGES,
  // firmware catalogue and upgrade rules (SPEC §4)
  ...FIRMWARE_MESSAGES,
  // online debug (online-debug.ts)
  ...ONLINE_DEBUG_MESSAGES,
  // hardening: script sandbox, OSIM identity, login limits, hostile input (messages-*.ts)
  ...SANDBOX_MESSAGES,
  ...OSIM_IDENTITY_MESSAGES,
  ...AUTH_LIMIT_MESSAGES,
  ...HOSTILE_INPUT_MESSAGES,
  // envelope / request handling (SPEC §8)
  ok: { zh: '成功', en: 'Success', cs: 'Úspěch', de: 'Erfolgreich' },
  'error.server': {
    zh: '服务器错误，请稍后重试',
    en: 'Server error, please try again later',
    cs: 'Chyba serveru, zkuste to prosím později',
    de: 'Serverfehler, bitte versuchen Sie es später erneut',
  },
  'error.notFound': { zh: '未找到', en: 'Not found', cs: 'Nenalezeno', de: 'Nicht gefunden' },
  'error.routeNotFound': {
    zh: '接口不存在',
    en: 'No such endpoint',
    cs: 'Takové rozhraní neexistuje',
    de: 'Diese Schnittstelle gibt es nicht',
  },
  'error.forbidden': {
    zh: '没有权限执行此操作',
    en: 'You do not have permission to do this',
    cs: 'K této akci nemáte oprávnění',
    de: 'Sie haben keine Berechtigung dafür',
  },
  'error.validation': {
    zh: '参数有误',
    en: 'Some values are not valid',
    cs: 'Některé hodnoty nejsou platné',
    de: 'Einige Werte sind ungültig',
  },
  'error.rateLimited': {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
    cs: 'Příliš mnoho požadavků, zkuste to prosím později',
    de: 'Zu viele Anfragen, bitte versuchen Sie es später erneut',
  },
  'error.conflict': {
    zh: '数据已被修改或已存在',
    en: 'The data already exists or was changed',
    cs: 'Data již existují nebo byla změněna',
    de: 'Die Daten existieren bereits oder wurden geändert',
  },
  'error.payloadTooLarge': {
    zh: '内容过大',
    en: 'The request is too large',
    cs: 'Požadavek je příliš velký',
    de: 'Die Anfrage ist zu groß',
  },
  // auth
  'auth.loginRequired': {
    zh: '请登录！',
    en: 'Please login!',
    cs: 'Přihlaste se prosím!',
    de: 'Bitte melden Sie sich an!',
  },
  'auth.sessionExpired': {
    zh: '登录已过期，请重新登录',
    en: 'Login expired, please login again',
    cs: 'Přihlášení vypršelo, přihlaste se prosím znovu',
    de: 'Die Anmeldung ist abgelaufen, bitte melden Sie sich erneut an',
  },
  'auth.publicKeyFailed': {
    zh: '获取公钥失败',
    en: 'Failed to obtain public key',
    cs: 'Nepodařilo se získat veřejný klíč',
    de: 'Der öffentliche Schlüssel konnte nicht abgerufen werden',
  },
  'auth.badCredentials': {
    zh: '用户名或密码错误',
    en: 'Wrong username or password',
    cs: 'Nesprávné uživatelské jméno nebo heslo',
    de: 'Benutzername oder Passwort falsch',
  },
  'auth.captchaWrong': {
    zh: '验证码错误或已过期',
    en: 'The captcha is wrong or has expired',
    cs: 'Ověřovací kód je nesprávný nebo vypršel',
    de: 'Der Prüfcode ist falsch oder abgelaufen',
  },
  'auth.passwordBlobInvalid': {
    zh: '密码加密数据无效，请刷新页面后重试',
    en: 'The encrypted password is not valid, please refresh and try again',
    cs: 'Zašifrované heslo není platné, obnovte stránku a zkuste to znovu',
    de: 'Das verschlüsselte Passwort ist ungültig, bitte laden Sie die Seite neu',
  },
  'auth.passwordReplayed': {
    zh: '该登录请求已被使用或已过期，请重新登录',
    en: 'This login request was already used or is too old, please log in again',
    cs: 'Tento požadavek na přihlášení již byl použit nebo je příliš starý',
    de: 'Diese Anmeldeanfrage wurde bereits verwendet oder ist zu alt',
  },
  'auth.accountLocked': {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed logins, please try again in {minutes} minutes',
    cs: 'Příliš mnoho neúspěšných přihlášení, zkuste to znovu za {minutes} minut',
    de: 'Zu viele fehlgeschlagene Anmeldungen, bitte in {minutes} Minuten erneut versuchen',
  },
  'auth.accountDisabled': {
    zh: '账号已被禁用，请联系上级用户',
    en: 'This account is disabled, please contact your superior',
    cs: 'Tento účet je zakázán, kontaktujte nadřízeného',
    de: 'Dieses Konto ist deaktiviert, bitte wenden Sie sich an Ihren Vorgesetzten',
  },
  'auth.oldPasswordWrong': {
    zh: '原密码错误',
    en: 'The old password is wrong',
    cs: 'Původní heslo je nesprávné',
    de: 'Das alte Passwort ist falsch',
  },
  'auth.loggedOut': { zh: '已退出', en: 'Logged out', cs: 'Odhlášeno', de: 'Abgemeldet' },
  'auth.passwordChanged': {
    zh: '密码已修改，请重新登录',
    en: 'Password changed, please log in again',
    cs: 'Heslo bylo změněno, přihlaste se znovu',
    de: 'Passwort geändert, bitte melden Sie sich erneut an',
  },
  // success messages (SPEC §8)
  'success.saved': {
    zh: '保存成功',
    en: 'Saved',
    cs: 'Uloženo',
    de: 'Gespeichert',
  },
  'success.added': { zh: '添加成功', en: 'Added', cs: 'Přidáno', de: 'Hinzugefügt' },
  'success.edited': { zh: '编辑成功', en: 'Edited', cs: 'Upraveno', de: 'Bearbeitet' },
  'success.deleted': { zh: '删除成功', en: 'Deleted', cs: 'Smazáno', de: 'Gelöscht' },
  // users and roles
  'user.usernameTaken': {
    zh: '用户名已存在',
    en: 'This username is already taken',
    cs: 'Toto uživatelské jméno je již obsazené',
    de: 'Dieser Benutzername ist bereits vergeben',
  },
  'user.hasSubordinates': {
    zh: '该用户还有下级用户，无法删除',
    en: 'This user still has subordinate users and cannot be deleted',
    cs: 'Tento uživatel má podřízené uživatele a nelze jej smazat',
    de: 'Dieser Benutzer hat noch untergeordnete Benutzer und kann nicht gelöscht werden',
  },
  'user.cannotDeleteSelf': {
    zh: '不能删除自己的账号',
    en: 'You cannot delete your own account',
    cs: 'Nemůžete smazat vlastní účet',
    de: 'Sie können Ihr eigenes Konto nicht löschen',
  },
  'user.superiorOutOfScope': {
    zh: '上级用户必须是您自己或您的下级',
    en: 'The superior must be you or one of your subordinates',
    cs: 'Nadřízeným musíte být vy nebo jeden z vašich podřízených',
    de: 'Der Vorgesetzte muss Sie selbst oder einer Ihrer Untergebenen sein',
  },
  'user.superiorCycle': {
    zh: '不能把用户设为其自身下级的下级',
    en: 'A user cannot be placed below one of their own subordinates',
    cs: 'Uživatele nelze zařadit pod jeho vlastního podřízeného',
    de: 'Ein Benutzer kann nicht unter einen eigenen Untergebenen gestellt werden',
  },
  'role.inUse': {
    zh: '仍有用户使用该角色，无法删除',
    en: 'Users still hold this role, so it cannot be deleted',
    cs: 'Tuto roli stále mají uživatelé, nelze ji smazat',
    de: 'Benutzer haben diese Rolle noch, sie kann nicht gelöscht werden',
  },
  'role.nameTaken': {
    zh: '角色名称已存在',
    en: 'A role with this name already exists',
    cs: 'Role s tímto názvem již existuje',
    de: 'Eine Rolle mit diesem Namen existiert bereits',
  },
  'role.grantBeyondOwn': {
    zh: '不能授予您自己没有的权限',
    en: 'You cannot grant permissions you do not hold yourself',
    cs: 'Nemůžete udělit oprávnění, která sami nemáte',
    de: 'Sie können keine Berechtigungen vergeben, die Sie selbst nicht haben',
  },
  'role.grantBeyondOwnCodes': {
    zh: '不能授予您自己没有的权限：{codes}',
    en: 'You cannot grant permissions you do not hold yourself: {codes}',
    cs: 'Nemůžete udělit oprávnění, která sami nemáte: {codes}',
    de: 'Sie können keine Berechtigungen vergeben, die Sie selbst nicht haben: {codes}',
  },
  'role.builtInReadOnly': {
    zh: '内置角色不能修改或删除',
    en: 'Built-in roles cannot be changed or deleted',
    cs: 'Vestavěné role nelze měnit ani mazat',
    de: 'Integrierte Rollen können nicht geändert oder gelöscht werden',
  },
  // plants (SPEC §8)
  'plant.notFound': {
    zh: '找不到该电站',
    en: 'Cannot find this plant',
    cs: 'Tuto elektrárnu nelze najít',
    de: 'Diese Anlage wurde nicht gefunden',
  },
  'plant.typeNotFound': {
    zh: '找不到该类型的电站',
    en: 'Cannot find this type of plant',
    cs: 'Tento typ elektrárny nelze najít',
    de: 'Dieser Anlagentyp wurde nicht gefunden',
  },
  'plant.noData': { zh: '暂无数据', en: 'No data at the moment', cs: 'Zatím žádná data', de: 'Derzeit keine Daten' },
  'plant.ownerOutOfScope': {
    zh: '所属账号必须是您自己或您的下级',
    en: 'The owner must be you or one of your subordinates',
    cs: 'Vlastníkem musíte být vy nebo jeden z vašich podřízených',
    de: 'Der Eigentümer muss Sie selbst oder einer Ihrer Untergebenen sein',
  },
  'plant.affiliatedOutOfScope': {
    zh: '关联账号必须是您自己或您的下级',
    en: 'Affiliated accounts must be you or your subordinates',
    cs: 'Přidružené účty musíte být vy nebo vaši podřízení',
    de: 'Zugeordnete Konten müssen Sie selbst oder Ihre Untergebenen sein',
  },
  'plant.deleteNeedsConfirmation': {
    zh: '该电站仍有 {count} 台设备，请确认删除：设备将恢复为待激活状态',
    en: 'This plant still has {count} devices: confirm the deletion, they will go back to awaiting activation',
    cs: 'Tato elektrárna má stále {count} zařízení: potvrďte smazání, zařízení se vrátí do stavu čekajícího na aktivaci',
    de: 'Diese Anlage hat noch {count} Geräte: Bestätigen Sie das Löschen, sie kehren in den Status „wartet auf Aktivierung“ zurück',
  },
  // tariffs and energy saving (SPEC §5 tariff period rules)
  'tariff.typeRequired': {
    zh: '请选择电价类型',
    en: 'Select a tariff type',
    cs: 'Vyberte typ tarifu',
    de: 'Wählen Sie einen Tariftyp',
  },
  'tariff.periodRequired': {
    zh: '请设置时段',
    en: 'Set the time period',
    cs: 'Nastavte časové období',
    de: 'Legen Sie den Zeitraum fest',
  },
  'tariff.periodIncomplete': {
    zh: '时段不完整，请同时设置开始和结束时间',
    en: 'The period is incomplete: set both start and end time',
    cs: 'Období není úplné: nastavte začátek i konec',
    de: 'Der Zeitraum ist unvollständig: Legen Sie Beginn und Ende fest',
  },
  'tariff.timeFormat': {
    zh: '时间格式应为 HH:mm',
    en: 'Times must be given as HH:mm',
    cs: 'Čas musí mít tvar HH:mm',
    de: 'Zeiten müssen im Format HH:mm angegeben werden',
  },
  'tariff.priceRequired': {
    zh: '请设置电价',
    en: 'Set the price',
    cs: 'Nastavte cenu',
    de: 'Legen Sie den Preis fest',
  },
  'tariff.startBeforeEnd': {
    zh: '开始时间必须早于结束时间',
    en: 'The start time must be before the end time',
    cs: 'Začátek musí být před koncem',
    de: 'Die Startzeit muss vor der Endzeit liegen',
  },
  'tariff.overlap': {
    zh: '时段不能重叠',
    en: 'Time periods must not overlap',
    cs: 'Časová období se nesmějí překrývat',
    de: 'Zeiträume dürfen sich nicht überschneiden',
  },
  'tariff.firstAtMidnight': {
    zh: '第一个时段必须从 00:00 开始',
    en: 'The first period must begin at 00:00',
    cs: 'První období musí začínat v 00:00',
    de: 'Der erste Zeitraum muss um 00:00 beginnen',
  },
  'tariff.contiguous': {
    zh: '每个时段的开始时间必须比上一时段的结束时间晚 1 分钟',
    en: 'Each period must start 1 minute after the previous one ends',
    cs: 'Každé období musí začínat 1 minutu po konci předchozího',
    de: 'Jeder Zeitraum muss 1 Minute nach dem Ende des vorherigen beginnen',
  },
  'tariff.fullDay': {
    zh: '时段必须覆盖全天 24 小时（至 23:59）',
    en: 'The periods must cover the whole 24 hours (up to 23:59)',
    cs: 'Období musí pokrývat celých 24 hodin (do 23:59)',
    de: 'Die Zeiträume müssen die ganzen 24 Stunden abdecken (bis 23:59)',
  },
  'tariff.tooMany': {
    zh: '最多 10 个时段',
    en: 'At most 10 time periods',
    cs: 'Nejvýše 10 časových období',
    de: 'Höchstens 10 Zeiträume',
  },
  'tariff.effectiveDatePast': {
    zh: '生效日期不能早于电站当地的今天（{today}），历史收益保持不变',
    en: 'The effective date cannot be before today in the plant’s time zone ({today}): past earnings stay as they were',
    cs: 'Datum účinnosti nemůže být před dneškem v časovém pásmu elektrárny ({today}): minulé výnosy zůstávají',
    de: 'Das Gültigkeitsdatum darf nicht vor dem heutigen Tag in der Zeitzone der Anlage liegen ({today}): vergangene Erträge bleiben unverändert',
  },
  'tariff.deleteInEffect': {
    zh: '已生效的电价不能删除，请保存一个新的电价版本',
    en: 'A tariff already in effect cannot be deleted: save a new version instead',
    cs: 'Tarif, který již platí, nelze smazat: uložte místo toho novou verzi',
    de: 'Ein bereits gültiger Tarif kann nicht gelöscht werden: Speichern Sie stattdessen eine neue Version',
  },
  'saving.exists': {
    zh: '该电站已有节能减排配置，请编辑它',
    en: 'This plant already has an energy-saving configuration: edit it',
    cs: 'Tato elektrárna již má nastavení úspor energie: upravte je',
    de: 'Diese Anlage hat bereits eine Energiespar-Konfiguration: Bearbeiten Sie sie',
  },
  'saving.notConfigured': {
    zh: '该电站没有节能减排配置，正在使用默认系数',
    en: 'This plant has no energy-saving configuration: the default factors apply',
    cs: 'Tato elektrárna nemá nastavení úspor energie: platí výchozí koeficienty',
    de: 'Diese Anlage hat keine Energiespar-Konfiguration: Es gelten die Standardfaktoren',
  },
  // device storage: stock-in, activation, credentials, batch import (SPEC §4, §8)
  'success.stockedIn': { zh: '入库成功', en: 'Put in storage', cs: 'Naskladněno', de: 'Eingelagert' },
  'success.activated': { zh: '激活成功', en: 'Activated', cs: 'Aktivováno', de: 'Aktiviert' },
  'deviceStorage.deactivated': {
    zh: '已解除绑定，设备恢复为待激活',
    en: 'Unbound: the device is awaiting activation again',
    cs: 'Odpojeno: zařízení opět čeká na aktivaci',
    de: 'Getrennt: das Gerät wartet wieder auf Aktivierung',
  },
  'deviceStorage.credentialsRotated': {
    zh: '已生成新的接入凭据，旧凭据已失效',
    en: 'New link credentials issued; the old ones no longer work',
    cs: 'Vydány nové přístupové údaje; staré již neplatí',
    de: 'Neue Zugangsdaten ausgestellt; die alten gelten nicht mehr',
  },
  'deviceStorage.importFinished': {
    zh: '导入完成',
    en: 'Import finished',
    cs: 'Import dokončen',
    de: 'Import abgeschlossen',
  },
  'deviceStorage.deviceNotFound': {
    zh: '找不到该设备',
    en: 'Cannot find this device',
    cs: 'Toto zařízení nelze najít',
    de: 'Dieses Gerät wurde nicht gefunden',
  },
  'deviceStorage.snInStorage': {
    zh: '该序列号已入库',
    en: 'This serial number is already in storage',
    cs: 'Toto sériové číslo je již naskladněno',
    de: 'Diese Seriennummer ist bereits eingelagert',
  },
  'deviceStorage.snOwnedElsewhere': {
    zh: '该序列号已被其他账号持有',
    en: 'This serial number is already owned elsewhere',
    cs: 'Toto sériové číslo již vlastní někdo jiný',
    de: 'Diese Seriennummer gehört bereits jemand anderem',
  },
  'deviceStorage.duplicateInSheet': {
    zh: '该序列号在表格中重复（首次出现在第 {row} 行）',
    en: 'This serial number appears more than once in the sheet (first in row {row})',
    cs: 'Toto sériové číslo je v tabulce vícekrát (poprvé na řádku {row})',
    de: 'Diese Seriennummer kommt in der Tabelle mehrfach vor (zuerst in Zeile {row})',
  },
  'deviceStorage.unknownModel': {
    zh: '该设备类型没有此型号',
    en: 'Unknown model for this device type',
    cs: 'Neznámý model pro tento typ zařízení',
    de: 'Unbekanntes Modell für diesen Gerätetyp',
  },
  'deviceStorage.ownerOutOfScope': {
    zh: '持有账号必须是您自己或您的下级',
    en: 'The holder must be you or one of your subordinates',
    cs: 'Držitelem musíte být vy nebo jeden z vašich podřízených',
    de: 'Der Inhaber muss Sie selbst oder einer Ihrer Untergebenen sein',
  },
  'deviceStorage.alreadyActivated': {
    zh: '该设备已激活',
    en: 'This device is already activated',
    cs: 'Toto zařízení je již aktivováno',
    de: 'Dieses Gerät ist bereits aktiviert',
  },
  'deviceStorage.notActivated': {
    zh: '该设备尚未激活',
    en: 'This device is not activated',
    cs: 'Toto zařízení není aktivováno',
    de: 'Dieses Gerät ist nicht aktiviert',
  },
  'deviceStorage.noLinkCredentials': {
    zh: '电池系统通过逆变器通信，没有接入凭据',
    en: 'A battery system reports through its inverter and has no link credentials',
    cs: 'Bateriový systém komunikuje přes svůj střídač a nemá přístupové údaje',
    de: 'Ein Batteriesystem meldet über seinen Wechselrichter und hat keine Zugangsdaten',
  },
  'deviceStorage.fileMissing': {
    zh: '请选择要导入的 .xlsx 文件',
    en: 'Choose an .xlsx file to import',
    cs: 'Vyberte soubor .xlsx k importu',
    de: 'Wählen Sie eine .xlsx-Datei zum Importieren',
  },
  'deviceStorage.notXlsx': {
    zh: '该文件不是 Excel 工作簿（.xlsx）',
    en: 'The file is not an Excel workbook (.xlsx)',
    cs: 'Soubor není sešit aplikace Excel (.xlsx)',
    de: 'Die Datei ist keine Excel-Arbeitsmappe (.xlsx)',
  },
  'deviceStorage.fileTooLarge': {
    zh: '文件超过 {maxMb} MB',
    en: 'The file is larger than {maxMb} MB',
    cs: 'Soubor je větší než {maxMb} MB',
    de: 'Die Datei ist größer als {maxMb} MB',
  },
  'deviceStorage.tooManyRows': {
    zh: '表格超过 {max} 行设备数据',
    en: 'The sheet has more than {max} device rows',
    cs: 'Tabulka má více než {max} řádků se zařízeními',
    de: 'Die Tabelle hat mehr als {max} Gerätezeilen',
  },
  'deviceStorage.zipBomb': {
    zh: '该文件解压后远大于设备表格应有的大小，已拒绝',
    en: 'The file unpacks to far more data than a device sheet holds and was refused',
    cs: 'Soubor se rozbalí na mnohem více dat, než tabulka zařízení obsahuje, a byl odmítnut',
    de: 'Die Datei entpackt zu weit mehr Daten, als eine Gerätetabelle enthält, und wurde abgelehnt',
  },
  'deviceStorage.notTemplate': {
    zh: '表格的列与模板不一致，请下载模板后填写',
    en: "The sheet does not have the template's columns: download the template and fill it in",
    cs: 'Tabulka nemá sloupce šablony: stáhněte šablonu a vyplňte ji',
    de: 'Die Tabelle hat nicht die Spalten der Vorlage: Laden Sie die Vorlage herunter und füllen Sie sie aus',
  },
  'deviceStorage.emptySheet': {
    zh: '表格中没有设备数据',
    en: 'The sheet has no device rows',
    cs: 'Tabulka neobsahuje žádná zařízení',
    de: 'Die Tabelle enthält keine Gerätezeilen',
  },
  'validation.serialNumber': {
    zh: '序列号为 8 到 32 位大写字母或数字',
    en: 'A serial number is 8 to 32 capital letters and digits',
    cs: 'Sériové číslo má 8 až 32 velkých písmen a číslic',
    de: 'Eine Seriennummer besteht aus 8 bis 32 Großbuchstaben und Ziffern',
  },
  // device history curve and export (SPEC §5, §8)
  'history.noData': {
    zh: '该设备暂无历史数据',
    en: 'No history data available for the device',
    cs: 'Pro zařízení nejsou k dispozici žádná historická data',
    de: 'Für das Gerät sind keine Verlaufsdaten vorhanden',
  },
  'history.noFields': {
    zh: '请至少选择一个参数',
    en: 'Select at least one parameter',
    cs: 'Vyberte alespoň jeden parametr',
    de: 'Wählen Sie mindestens einen Parameter',
  },
  'history.tooManyFields': {
    zh: '最多只能选择 {max} 个参数',
    en: 'At most {max} parameters can be selected',
    cs: 'Lze vybrat nejvýše {max} parametrů',
    de: 'Es können höchstens {max} Parameter ausgewählt werden',
  },
  'history.unknownField': {
    zh: '该参数没有历史曲线：{field}',
    en: 'This parameter has no history curve: {field}',
    cs: 'Tento parametr nemá historickou křivku: {field}',
    de: 'Dieser Parameter hat keine Verlaufskurve: {field}',
  },
  'history.selectDate': {
    zh: '请选择日期',
    en: 'Select a date',
    cs: 'Vyberte datum',
    de: 'Wählen Sie ein Datum',
  },
  'history.startBeforeEnd': {
    zh: '请选择早于结束时间的开始时间',
    en: 'Select the start time before the end time',
    cs: 'Vyberte čas začátku před časem konce',
    de: 'Wählen Sie eine Startzeit vor der Endzeit',
  },
  'history.rangeTooLong': {
    zh: '日期范围最多 {days} 天',
    en: 'The date range can be at most {days} days',
    cs: 'Rozsah dat může mít nejvýše {days} dní',
    de: 'Der Datumsbereich darf höchstens {days} Tage umfassen',
  },
  'history.needsShortRange': {
    zh: '超过 {days} 天的范围只能显示功率和电量参数',
    en: 'Ranges longer than {days} days can show only power and energy parameters',
    cs: 'Rozsahy delší než {days} dní mohou zobrazit pouze parametry výkonu a energie',
    de: 'Bereiche über {days} Tage können nur Leistungs- und Energieparameter zeigen',
  },
  'export.tooManyRows': {
    zh: '导出行数过多（最多 {max} 行），请缩小筛选范围',
    en: 'Too many rows to export (at most {max}), please narrow the filters',
    cs: 'Příliš mnoho řádků k exportu (nejvýše {max}), zužte prosím filtry',
    de: 'Zu viele Zeilen für den Export (höchstens {max}), bitte schränken Sie die Filter ein',
  },
  // validation (SPEC §5)
  'validation.required': {
    zh: '此项为必填项',
    en: 'This field is required',
    cs: 'Toto pole je povinné',
    de: 'Dieses Feld ist erforderlich',
  },
  'validation.passwordLength': {
    zh: '密码长度为 8 到 16 位',
    en: 'The password must be 8 to 16 characters long',
    cs: 'Heslo musí mít 8 až 16 znaků',
    de: 'Das Passwort muss 8 bis 16 Zeichen lang sein',
  },
  'validation.noSpaces': {
    zh: '不能包含空格',
    en: 'Spaces are not allowed',
    cs: 'Mezery nejsou povoleny',
    de: 'Leerzeichen sind nicht erlaubt',
  },
  'validation.noLeadingTrailingSpace': {
    zh: '首尾不能有空格',
    en: 'No spaces at the start or end',
    cs: 'Na začátku ani na konci nesmí být mezera',
    de: 'Keine Leerzeichen am Anfang oder Ende',
  },
  'validation.noChinese': {
    zh: '不能包含中文字符',
    en: 'Chinese characters are not allowed',
    cs: 'Čínské znaky nejsou povoleny',
    de: 'Chinesische Zeichen sind nicht erlaubt',
  },
  'validation.digitsOnly': {
    zh: '只能输入数字',
    en: 'Only digits are allowed',
    cs: 'Povoleny jsou pouze číslice',
    de: 'Nur Ziffern sind erlaubt',
  },
  'validation.name': {
    zh: '只能包含字母、数字、下划线和中文',
    en: 'Only letters, digits, underscore and Chinese characters are allowed',
    cs: 'Povolena jsou pouze písmena, číslice, podtržítko a čínské znaky',
    de: 'Nur Buchstaben, Ziffern, Unterstrich und chinesische Zeichen sind erlaubt',
  },
  'validation.username': {
    zh: '用户名为 3 到 32 位字母、数字、下划线、点或横线',
    en: 'The username must be 3 to 32 letters, digits, underscores, dots or dashes',
    cs: 'Uživatelské jméno musí mít 3 až 32 písmen, číslic, podtržítek, teček nebo pomlček',
    de: 'Der Benutzername muss aus 3 bis 32 Buchstaben, Ziffern, Unterstrichen, Punkten oder Bindestrichen bestehen',
  },
  'validation.phone': {
    zh: '请输入正确的手机号码',
    en: 'Please enter a valid mobile number',
    cs: 'Zadejte platné číslo mobilního telefonu',
    de: 'Bitte geben Sie eine gültige Mobilnummer ein',
  },
  'validation.phonePrefix': {
    zh: '不支持该国际区号',
    en: 'This country calling code is not supported',
    cs: 'Tato mezinárodní předvolba není podporována',
    de: 'Diese Ländervorwahl wird nicht unterstützt',
  },
  'validation.email': {
    zh: '请输入正确的邮箱地址',
    en: 'Please enter a valid e-mail address',
    cs: 'Zadejte platnou e-mailovou adresu',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  },
  'validation.tooLong': {
    zh: '最多 {max} 个字符',
    en: 'At most {max} characters',
    cs: 'Nejvýše {max} znaků',
    de: 'Höchstens {max} Zeichen',
  },
  'validation.positiveNumber': {
    zh: '请输入正数',
    en: 'Please enter a positive number',
    cs: 'Zadejte kladné číslo',
    de: 'Bitte geben Sie eine positive Zahl ein',
  },
  'validation.nonNegativeNumber': {
    zh: '请输入非负数',
    en: 'Please enter a number that is not negative',
    cs: 'Zadejte nezáporné číslo',
    de: 'Bitte geben Sie eine nicht negative Zahl ein',
  },
  'validation.dateTooLate': {
    zh: '日期不能晚于 2100-12-31',
    en: 'The date must not be after 2100-12-31',
    cs: 'Datum nesmí být pozdější než 2100-12-31',
    de: 'Das Datum darf nicht nach dem 2100-12-31 liegen',
  },
  'validation.dateOutOfRange': {
    zh: '日期须在 2000-01-01 至 2100-12-31 之间',
    en: 'The date must be between 2000-01-01 and 2100-12-31',
    cs: 'Datum musí být mezi 2000-01-01 a 2100-12-31',
    de: 'Das Datum muss zwischen dem 2000-01-01 und dem 2100-12-31 liegen',
  },
  'validation.exceedsLimit': {
    zh: '数值不能超过 {max}',
    en: 'The value must not exceed {max}',
    cs: 'Hodnota nesmí překročit {max}',
    de: 'Der Wert darf {max} nicht überschreiten',
  },
  'validation.longitude': {
    zh: '经度须为 -180 到 180 之间的小数，最多 6 位小数',
    en: 'Longitude must be a decimal from -180 to 180 with at most 6 decimals',
    cs: 'Zeměpisná délka musí být desetinné číslo od -180 do 180 s nejvýše 6 desetinnými místy',
    de: 'Der Längengrad muss eine Dezimalzahl von -180 bis 180 mit höchstens 6 Nachkommastellen sein',
  },
  'validation.latitude': {
    zh: '纬度须为 -90 到 90 之间的小数，最多 6 位小数',
    en: 'Latitude must be a decimal from -90 to 90 with at most 6 decimals',
    cs: 'Zeměpisná šířka musí být desetinné číslo od -90 do 90 s nejvýše 6 desetinnými místy',
    de: 'Der Breitengrad muss eine Dezimalzahl von -90 bis 90 mit höchstens 6 Nachkommastellen sein',
  },
  'validation.invalidValue': {
    zh: '取值无效',
    en: 'This value is not valid',
    cs: 'Tato hodnota není platná',
    de: 'Dieser Wert ist ungültig',
  },
  'validation.unknownField': {
    zh: '不允许的字段：{fields}',
    en: 'Fields not allowed here: {fields}',
    cs: 'Nepovolená pole: {fields}',
    de: 'Hier nicht erlaubte Felder: {fields}',
  },
  'validation.newPasswordSame': {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
    cs: 'Nové heslo se musí lišit od původního',
    de: 'Das neue Passwort muss sich vom alten unterscheiden',
  },
  'validation.passwordMismatch': {
    zh: '两次输入的密码不一致',
    en: 'The two passwords do not match',
    cs: 'Hesla se neshodují',
    de: 'Die Passwörter stimmen nicht überein',
  },
  // plant scripts (issue point 5c)
  'script.empty': {
    zh: '脚本不能为空',
    en: 'The script is empty',
    cs: 'Skript je prázdný',
    de: 'Das Skript ist leer',
  },
  'script.tooLong': {
    zh: '脚本不能超过 {max} 个字符',
    en: 'The script is longer than {max} characters',
    cs: 'Skript je delší než {max} znaků',
    de: 'Das Skript ist länger als {max} Zeichen',
  },
  'script.compileError': {
    zh: '脚本无法编译（第 {line} 行）：{message}',
    en: 'The script does not compile (line {line}): {message}',
    cs: 'Skript nelze zkompilovat (řádek {line}): {message}',
    de: 'Das Skript lässt sich nicht kompilieren (Zeile {line}): {message}',
  },
  'script.runErrorAtLine': {
    zh: '{day}，第 {line} 行：{message}',
    en: '{day}, line {line}: {message}',
    cs: '{day}, řádek {line}: {message}',
    de: '{day}, Zeile {line}: {message}',
  },
  'script.noDerive': {
    zh: '脚本必须定义函数 derive(buckets)',
    en: 'The script must define a function derive(buckets)',
    cs: 'Skript musí definovat funkci derive(buckets)',
    de: 'Das Skript muss eine Funktion derive(buckets) definieren',
  },
  'script.timeLimit': {
    zh: '脚本运行超过 {seconds} 秒，已被终止',
    en: 'The script ran longer than {seconds} s and was stopped',
    cs: 'Skript běžel déle než {seconds} s a byl zastaven',
    de: 'Das Skript lief länger als {seconds} s und wurde beendet',
  },
  'script.memoryLimit': {
    zh: '脚本使用的内存超过 {mb} MB，已被终止',
    en: 'The script used more than {mb} MB of memory and was stopped',
    cs: 'Skript použil více než {mb} MB paměti a byl zastaven',
    de: 'Das Skript hat mehr als {mb} MB Speicher belegt und wurde beendet',
  },
  'script.crashed': {
    zh: '脚本沙箱意外停止，请检查脚本后重试',
    en: 'The script sandbox stopped unexpectedly; check the script and try again',
    cs: 'Izolované prostředí skriptu se neočekávaně zastavilo; zkontrolujte skript a zkuste to znovu',
    de: 'Die Skript-Sandbox wurde unerwartet beendet; prüfen Sie das Skript und versuchen Sie es erneut',
  },
  'script.resultNotList': {
    zh: 'derive 必须返回列表，每个时段一项（共 {expected} 项）',
    en: 'derive must return a list with one entry per bucket ({expected} entries)',
    cs: 'derive musí vrátit seznam s jednou položkou na interval ({expected} položek)',
    de: 'derive muss eine Liste mit einem Eintrag je Intervall zurückgeben ({expected} Einträge)',
  },
  'script.resultLength': {
    zh: 'derive 返回了 {actual} 项，应为 {expected} 项（每个时段一项）',
    en: 'derive returned {actual} entries instead of {expected} (one per bucket)',
    cs: 'derive vrátila {actual} položek místo {expected} (jedna na interval)',
    de: 'derive hat {actual} Einträge statt {expected} zurückgegeben (einer je Intervall)',
  },
  'script.resultEntry': {
    zh: '结果第 {index} 项不是字典',
    en: 'Entry {index} of the result is not a dict',
    cs: 'Položka {index} výsledku není slovník (dict)',
    de: 'Eintrag {index} des Ergebnisses ist kein Dict',
  },
  'script.resultNumber': {
    zh: '结果第 {index} 项：{field} 必须是有限数值',
    en: 'Entry {index} of the result: {field} must be a finite number',
    cs: 'Položka {index} výsledku: {field} musí být konečné číslo',
    de: 'Eintrag {index} des Ergebnisses: {field} muss eine endliche Zahl sein',
  },
  'script.resultBounds': {
    zh: '结果第 {index} 项：{field} 必须在 0 到 {max} 之间',
    en: 'Entry {index} of the result: {field} must be between 0 and {max}',
    cs: 'Položka {index} výsledku: {field} musí být mezi 0 a {max}',
    de: 'Eintrag {index} des Ergebnisses: {field} muss zwischen 0 und {max} liegen',
  },
  'script.resultEarnings': {
    zh: '结果第 {index} 项：earnings 必须是绝对值不超过 {max} 的有限数值',
    en: 'Entry {index} of the result: earnings must be a finite number of at most {max} in absolute value',
    cs: 'Položka {index} výsledku: earnings musí být konečné číslo s absolutní hodnotou nejvýše {max}',
    de: 'Eintrag {index} des Ergebnisses: earnings muss eine endliche Zahl mit einem Betrag von höchstens {max} sein',
  },
  'script.indicatorsInvalid': {
    zh: 'indicators 必须返回字典 {名称: 数值} 或 {名称: {"value", "unit"}}',
    en: 'indicators must return a dict {name: value} or {name: {"value", "unit"}}',
    cs: 'indicators musí vrátit slovník {název: hodnota} nebo {název: {"value", "unit"}}',
    de: 'indicators muss ein Dict {Name: Wert} oder {Name: {"value", "unit"}} zurückgeben',
  },
  'script.indicatorsTooMany': {
    zh: 'indicators 最多返回 {max} 个指标',
    en: 'indicators may return at most {max} indicators',
    cs: 'indicators smí vrátit nejvýše {max} ukazatelů',
    de: 'indicators darf höchstens {max} Kennzahlen zurückgeben',
  },
  'script.indicatorName': {
    zh: '指标名称不能为空，且最多 {max} 个字符，单位最多 {unitMax} 个字符',
    en: 'Indicator names must be 1 to {max} characters long and units at most {unitMax}',
    cs: 'Názvy ukazatelů musí mít 1 až {max} znaků a jednotky nejvýše {unitMax}',
    de: 'Kennzahlnamen müssen 1 bis {max} Zeichen lang sein, Einheiten höchstens {unitMax}',
  },
  'script.indicatorValue': {
    zh: '指标“{name}”的值必须是有限数值',
    en: 'The value of indicator "{name}" must be a finite number',
    cs: 'Hodnota ukazatele „{name}“ musí být konečné číslo',
    de: 'Der Wert der Kennzahl „{name}“ muss eine endliche Zahl sein',
  },
} satisfies Record<string, Entry>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Returns the message for a key in a language, with `{name}` placeholders filled. */
export function translate(key: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[key][lang] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The parts of a zod issue the translator reads (kept structural so zod stays an implementation detail). */
export interface IssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  minimum?: unknown;
  keys?: string[];
  /** What was measured: 'string', 'array', 'number', … (zod's too_big/too_small origin). */
  origin?: string;
}

/** Turns validation issues into `{ path, message }` pairs in a language. */
export function localiseIssues(issues: readonly IssueLike[], lang: Lang): { path: string; message: string }[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path, message: translate('validation.unknownField', lang, { fields: (issue.keys ?? []).join(', ') }) };
    }
    const key = isMessageKey(issue.message) ? issue.message : issueFallback(issue);
    const params = { max: String(issue.maximum ?? ''), min: String(issue.minimum ?? '') };
    return { path, message: translate(key, lang, params) };
  });
}

function issueFallback(issue: IssueLike): MessageKey {
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    return issue.origin === 'number' || issue.origin === 'bigint' ? 'validation.exceedsLimit' : 'validation.tooLong';
  }
  if (issue.code === 'invalid_type') return 'validation.required';
  return 'validation.invalidValue';
}
