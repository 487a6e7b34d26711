/**
 * The sections of each language file that the login page and the app frame read (the login form, server error and
 * network notices, common words): the first download carries only these, as `virtual:locale-core/<lang>` (built by
 * vite.config.ts); the shell loads the whole file (lib/i18n.ts).
 */
export const CORE_SECTIONS = ['auth', 'common', 'errors', 'http', 'login'] as const;

/**
 * Sections loaded only when a feature that reads them opens (`virtual:locale-help/<lang>`): the help drawer's texts
 * are a fifth of a language file and no page needs them before the help button is pressed.
 */
export const HELP_SECTIONS = ['help'] as const;

/**
 * Sections loaded by the lists that have a column chooser (`virtual:locale-columns/<lang>`, lib/column-messages.ts):
 * the chooser's words and the plant list's figure columns, kept out of the shell's download (bench/web-size).
 */
export const COLUMN_SECTIONS = ['columns'] as const;

/**
 * Sections loaded by the pages that pick devices to command (command issue, online debug) when they open
 * (`virtual:locale-commands/<lang>`, lib/command-texts.ts): the shell after login is at its size budget, and no other
 * page reads them.
 */
export const COMMAND_SECTIONS = ['commandPicker'] as const;
