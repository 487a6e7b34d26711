import type { Lang } from './languages.js';
import { translate } from './messages.js';
import { VERIFICATION_CODE, type CodePurpose } from './registration.js';

/** What a code message says: the code to register or to reset a password, or "you already have an account". */
export type CodeMessage = { kind: CodePurpose; code: string } | { kind: 'alreadyRegistered' };

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The password reset page, where every code message points. */
export const RESET_PASSWORD_PATH = '/resetPassword';

/** A code message in a language: mail subject, text and HTML, and the SMS text (the same words). */
export function renderCodeMessage(
  message: CodeMessage,
  lang: Lang,
  baseUrl: string,
): { subject: string; text: string; html: string; sms: string } {
  const link = `${baseUrl.replace(/\/$/, '')}${RESET_PASSWORD_PATH}`;
  // Read here, not in a module-level constant: a property read at load time kept registration.ts (its schemas and zod)
  // in every download that imports RESET_PASSWORD_PATH, the login page's among them.
  const params = { code: 'code' in message ? message.code : '', link, minutes: VERIFICATION_CODE.ttlSeconds / 60 };
  const text = translate(`codeMail.${message.kind}.body`, lang, params);
  const subject = translate(`codeMail.${message.kind}.subject`, lang);
  return { subject, text, html: `<p>${escapeHtml(text)}</p>`, sms: `[Voltfleet] ${text}` };
}
