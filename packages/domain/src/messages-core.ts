import type { Lang } from './languages.js';

/** Messages of the envelope, login and users and roles (spread into MESSAGES; every entry in zh, en, cs and de). */
export const CORE_MESSAGES = {
  // envelope / request handling (R8.1–R8.3)
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
  // success messages (R8.6)
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
} satisfies Record<string, Record<Lang, string>>;
