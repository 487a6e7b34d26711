/**
 * Messages of the upgrade notices (R2.12 shell: "upgrade notice dialog"), spread into MESSAGES. Kept to what no
 * shared message says: the catalogue travels with the login page (its form speaks through it), so every entry here
 * costs the first download. An impossible date or a two-line title is "not valid" (validation.invalidValue), and
 * publishing and withdrawing answer with R8.6's "added" and "deleted".
 */
export const NOTICE_MESSAGES = {
  'notice.version': {
    zh: '版本号格式为 x.y.z，例如 2.4.0',
    en: 'A version has the form x.y.z, e.g. 2.4.0',
    cs: 'Verze má tvar x.y.z, např. 2.4.0',
    de: 'Eine Version hat die Form x.y.z, z. B. 2.4.0',
  },
} as const;
