import type { Lang } from './languages.js';

type Entry = Record<Lang, string>;

/**
 * Messages the server sends and forms show, keyed by a stable id. Validation rules in this package
 * use these keys as their zod messages, so one rule gives the same words on the server and the page.
 * `{name}` placeholders are filled by `translate`.
 */
export const MESSAGES = {
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
  'role.builtInReadOnly': {
    zh: '内置角色不能修改或删除',
    en: 'Built-in roles cannot be changed or deleted',
    cs: 'Vestavěné role nelze měnit ani mazat',
    de: 'Integrierte Rollen können nicht geändert oder gelöscht werden',
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
