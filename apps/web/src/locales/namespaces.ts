import type { Namespace } from '@voltfleet/domain/i18n';

/**
 * The web's text namespaces: one i18next JSON file per namespace and language, `locales/<lang>/<namespace>.json`
 * (decision 0032). A key names its namespace first (`plantList.add` is `add` in `plantList`), and a route loads
 * the namespaces its pages read with their code (`withTexts`, lib/i18n.ts); texts-coverage.test.ts checks each route
 * declares what its modules name. namespaces.test.ts checks this list is the files.
 */
export const TEXT_NAMESPACES = [
  'activeAlarms',
  'alarms',
  'apiKeys',
  'auth',
  'batteryHealth',
  'bigScreen',
  'columns',
  'commandIssuePage',
  'commandPicker',
  'commands',
  'common',
  'demoSeeding',
  'deviceDetail',
  'deviceStorage',
  'devices',
  'energyFlow',
  'errors',
  'firmware',
  'help',
  'http',
  'inbox',
  'login',
  'notices',
  'notificationRules',
  'onlineDebug',
  'performance',
  'plantConfig',
  'plantList',
  'plantScript',
  'plantStats',
  'profile',
  'pushNotifications',
  'records',
  'register',
  'reports',
  'roles',
  'shell',
  'table',
  'tariffCommand',
  'userAdmin',
  'users',
  'weather',
  'webhooks',
  'workOrders',
] as const;

export type TextNamespace = (typeof TEXT_NAMESPACES)[number];

/**
 * What the first download carries with the Ant Design locale: the login form, server error and network notices,
 * common words. Every page may read them without declaring them.
 */
export const CORE_TEXTS = ['auth', 'common', 'errors', 'http', 'login'] as const satisfies readonly TextNamespace[];

/**
 * The domain's message catalogue (refusals, validation messages, success notices, option labels), registered in
 * i18next as one namespace per catalogue file, `messages/<namespace>`: a route names the ones its modules' keys are
 * in, like namespaces of its own; `message()` reads them. `messages` alone is every one of them (a success notice,
 * whose key may be in any, loads them all with `loadMessage`).
 */
export const MESSAGES = 'messages';

/** A part of the texts a route can ask for: a web namespace, or a namespace of the domain's messages. */
export type TextPart = TextNamespace | `${typeof MESSAGES}/${Namespace}` | typeof MESSAGES;
