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
 * Sections loaded by the pages that pick devices to command (command issue, online debug; and online debug's own words) when they open
 * (`virtual:locale-commands/<lang>`, lib/command-texts.ts): the shell after login is at its size budget, and no other
 * page reads them.
 */
export const COMMAND_SECTIONS = ['commandPicker', 'onlineDebug'] as const;

/**
 * Sections loaded by the user list, the personal centre, the report pages, the operation records (whose sentences
 * name alarm rules' fields) and the alarm rules page when they open (`virtual:locale-users/<lang>`,
 * lib/user-admin-texts.ts): their actions' dialogs and the avatar, kept out of the shell's download.
 */
export const USER_ADMIN_SECTIONS = ['userAdmin', 'reports', 'notificationRules'] as const;

/**
 * Sections loaded by the public register and reset-password pages (`virtual:locale-register/<lang>`,
 * lib/register-texts.ts): neither the login page nor the shell reads them.
 */
export const REGISTER_SECTIONS = ['register'] as const;

/**
 * Sections loaded by the energy-flow graph (components/energy-flow.tsx, `virtual:locale-flow/<lang>`,
 * lib/energy-flow-texts.ts): the plant detail and the big screens draw it, the shell after login does not.
 */
export const FLOW_SECTIONS = ['energyFlow'] as const;

/**
 * Sections loaded by the big screens (/bigScreen/*) and the kiosk-link management when they open
 * (`virtual:locale-bigscreen/<lang>`, lib/big-screen-texts.ts): neither the login page nor the shell reads them.
 */
export const BIG_SCREEN_SECTIONS = ['bigScreen'] as const;
