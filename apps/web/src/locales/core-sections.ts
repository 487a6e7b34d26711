/**
 * The sections of each language file that the login page and the app frame read (the login form, server error and
 * network notices, common words): the first download carries only these, as `virtual:locale-core/<lang>` (built by
 * vite.config.ts); the shell loads the whole file (lib/i18n.ts).
 */
export const CORE_SECTIONS = ['auth', 'common', 'errors', 'http', 'login'] as const;
