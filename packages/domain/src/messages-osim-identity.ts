/** Messages of the osim-identity rules (spread into MESSAGES; every entry in zh, en, cs and de). */
export const OSIM_IDENTITY_MESSAGES = {} satisfies Record<string, Record<'zh' | 'en' | 'cs' | 'de', string>>;
