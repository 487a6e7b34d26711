/** Messages of the sandbox rules (spread into MESSAGES; every entry in zh, en, cs and de). */
export const SANDBOX_MESSAGES = {} satisfies Record<string, Record<'zh' | 'en' | 'cs' | 'de', string>>;
