import type { Lang } from './languages.js';
import { TELEMETRY_MESSAGES } from './telemetry/messages.js';
import { COMMAND_MESSAGES } from './commands.messages.js';
import { FIRMWARE_MESSAGES } from './firmware-messages.js';
import { ONLINE_DEBUG_MESSAGES } from './online-debug.messages.js';
import { AUTH_LIMIT_MESSAGES } from './messages-auth-limits.js';
import { HOSTILE_INPUT_MESSAGES } from './messages-hostile-input.js';
import { CORE_MESSAGES } from './messages-core.js';
import { PLANT_MESSAGES } from './messages-plants.js';
import { STORAGE_MESSAGES } from './messages-storage.js';
import { VALIDATION_MESSAGES } from './messages-validation.js';
import { SCRIPT_MESSAGES } from './messages-scripts.js';
import { ALARM_MESSAGES } from './alarms/alarm-messages.js';
import { NOTICE_MESSAGES } from './notices.messages.js';
import { INBOX_MESSAGES } from './messages-inbox.messages.js';
import { NOTIFICATION_RULE_MESSAGES } from './alarms/notification-rule-messages.js';
import { WORK_ORDER_MESSAGES } from './workorders/work-order-messages.js';
import { REPORT_MESSAGES } from './reports.messages.js';
import { IMAGE_MESSAGES } from './images.messages.js';
import { USER_ADMIN_MESSAGES } from './user-admin.messages.js';
import { REGISTRATION_MESSAGES } from './registration.messages.js';
import { RECORD_MESSAGES } from './record-messages.js';
import { BIG_SCREEN_MESSAGES } from './big-screen.messages.js';

type Entry = Record<Lang, string>;

/**
 * Messages the server sends and forms show, keyed by a stable id. Validation rules in this package
 * use these keys as their zod messages, so one rule gives the same words on the server and the page.
 * `{name}` placeholders are filled by `translate`.
 */
export const MESSAGES = {
  // the plant, device and telemetry rules' keys (validation.timeZone, reading.*, …)
  ...TELEMETRY_MESSAGES,
  // command issue and control records (commands.messages.ts)
  ...COMMAND_MESSAGES,
  // firmware catalogue and upgrade rules (R4.7)
  ...FIRMWARE_MESSAGES,
  // online debug (online-debug.ts)
  ...ONLINE_DEBUG_MESSAGES,
  // hardening: login limits, hostile input (messages-*.ts)
  ...AUTH_LIMIT_MESSAGES,
  ...HOSTILE_INPUT_MESSAGES,
  // the envelope, login and users and roles (messages-core.ts)
  ...CORE_MESSAGES,
  // plants, tariffs and energy saving (messages-plants.ts)
  ...PLANT_MESSAGES,
  // device storage (stock-in, activation, credentials, batch import) and device history (messages-storage.ts)
  ...STORAGE_MESSAGES,
  // the shared validation rules (messages-validation.ts)
  ...VALIDATION_MESSAGES,
  // plant scripts (messages-scripts.ts)
  ...SCRIPT_MESSAGES,
  // the Alarm Center's search, acknowledgement, export and overview (alarms/alarm-messages.ts)
  ...ALARM_MESSAGES,
  // the Alarm Center's notification rules (alarms/notification-rule-messages.ts)
  ...NOTIFICATION_RULE_MESSAGES,
  // upgrade notices (notices.messages.ts)
  ...NOTICE_MESSAGES,
  // in-app messages (messages-inbox.messages.ts)
  ...INBOX_MESSAGES,
  // work orders (workorders/work-order-messages.ts)
  ...WORK_ORDER_MESSAGES,
  // report templates and data selection (reports.messages.ts)
  ...REPORT_MESSAGES,
  // uploaded images, whatever they are for (images.messages.ts)
  ...IMAGE_MESSAGES,
  // the user list's actions (user-admin.ts)
  ...USER_ADMIN_MESSAGES,
  // registration and password reset by code (registration.messages.ts)
  ...REGISTRATION_MESSAGES,
  // the record lists' filters (record-messages.ts)
  ...RECORD_MESSAGES,
  // big screens and their kiosk links (big-screen.messages.ts)
  ...BIG_SCREEN_MESSAGES,
} satisfies Record<string, Entry>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Returns the message for a key in a language, with `{name}` placeholders filled. */
export function translate(key: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[key][lang] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The parts of a zod issue the translator reads (kept structural so zod stays an implementation detail). */
export interface IssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  minimum?: unknown;
  keys?: string[];
  /** What was measured: 'string', 'array', 'number', … (zod's too_big/too_small origin). */
  origin?: string;
}

/** Turns validation issues into `{ path, message }` pairs in a language. */
export function localiseIssues(issues: readonly IssueLike[], lang: Lang): { path: string; message: string }[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path, message: translate('validation.unknownField', lang, { fields: (issue.keys ?? []).join(', ') }) };
    }
    const key = isMessageKey(issue.message) ? issue.message : issueFallback(issue);
    const params = { max: String(issue.maximum ?? ''), min: String(issue.minimum ?? '') };
    return { path, message: translate(key, lang, params) };
  });
}

function issueFallback(issue: IssueLike): MessageKey {
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    return issue.origin === 'number' || issue.origin === 'bigint' ? 'validation.exceedsLimit' : 'validation.tooLong';
  }
  if (issue.code === 'invalid_type') return 'validation.required';
  return 'validation.invalidValue';
}
