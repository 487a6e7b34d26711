import type { Lang } from './languages.js';

/** Messages of the user list's actions (user-admin.ts) and the avatar. */
type Entry = Record<Lang, string>;

export const USER_ADMIN_MESSAGES = {
  'user.savedRelogin': {
    zh: '保存成功；{name} 已被登出，需重新登录后使用新的权限',
    en: 'Saved; {name} has been signed out and logs in again to get the new permissions',
    cs: 'Uloženo; {name} byl odhlášen a po novém přihlášení získá nová oprávnění',
    de: 'Gespeichert; {name} wurde abgemeldet und erhält die neuen Rechte nach der nächsten Anmeldung',
  },
  'success.uploaded': { zh: '上传成功', en: 'Uploaded', cs: 'Nahráno', de: 'Hochgeladen' },
  'user.enabledNow': { zh: '已启用', en: 'Enabled', cs: 'Povoleno', de: 'Aktiviert' },
  'user.disabledNow': {
    zh: '已禁用，该用户的登录已结束',
    en: 'Disabled; the user has been signed out',
    cs: 'Zakázáno; uživatel byl odhlášen',
    de: 'Deaktiviert; der Benutzer wurde abgemeldet',
  },
  'user.moved': { zh: '已移动', en: 'Moved', cs: 'Přesunuto', de: 'Verschoben' },
  'user.deletedHandedOver': {
    zh: '已删除；{plants} 个电站、{devices} 台设备和 {subordinates} 个下级用户已转给您',
    en: 'Deleted; {plants} plants, {devices} devices and {subordinates} subordinate users are now yours',
    cs: 'Smazáno; {plants} elektráren, {devices} zařízení a {subordinates} podřízených uživatelů je nyní vašich',
    de: 'Gelöscht; {plants} Anlagen, {devices} Geräte und {subordinates} untergeordnete Benutzer gehören jetzt Ihnen',
  },
  'user.cannotChangeSelf': {
    zh: '不能在用户列表中修改自己的账号',
    en: 'You cannot change your own account in the user list',
    cs: 'Vlastní účet nelze měnit v seznamu uživatelů',
    de: 'Ihr eigenes Konto können Sie nicht in der Benutzerliste ändern',
  },
} as const satisfies Record<string, Entry>;
