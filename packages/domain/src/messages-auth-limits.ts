/** Messages of the login and password-change limits (spread into MESSAGES; every entry in zh, en, cs and de). */
export const AUTH_LIMIT_MESSAGES = {
  'auth.passwordChangeLocked': {
    zh: '原密码错误次数过多，您已退出登录，请重新登录',
    en: 'Too many wrong current passwords: you have been logged out, please log in again',
    cs: 'Příliš mnoho chybných současných hesel: byli jste odhlášeni, přihlaste se prosím znovu',
    de: 'Zu viele falsche aktuelle Passwörter: Sie wurden abgemeldet, bitte melden Sie sich erneut an',
  },
} satisfies Record<string, Record<'zh' | 'en' | 'cs' | 'de', string>>;
