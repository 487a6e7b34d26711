/** Messages of the auth-limits rules (spread into MESSAGES; every entry in zh, en, cs and de). */
export const AUTH_LIMIT_MESSAGES = {} satisfies Record<string, Record<'zh' | 'en' | 'cs' | 'de', string>>;
