import type { Lang } from './languages.js';
import { VERIFICATION_CODE, type CodePurpose } from './registration.js';

/** What a code message says: the code to register or to reset a password, or "you already have an account". */
export type CodeMessage = { kind: CodePurpose; code: string } | { kind: 'alreadyRegistered' };

const WORDS: Record<
  Lang,
  Record<CodeMessage['kind'], { subject: string; body: (code: string, link: string, minutes: number) => string }>
> = {
  zh: {
    register: {
      subject: 'Voltfleet 注册验证码',
      body: (c, _l, m) => `您的 Voltfleet 注册验证码是 ${c}，${m} 分钟内有效。如非本人操作，请忽略本消息。`,
    },
    reset: {
      subject: 'Voltfleet 重置密码验证码',
      body: (c, l, m) =>
        `您的 Voltfleet 重置密码验证码是 ${c}，${m} 分钟内有效，请在 ${l} 输入。如非本人操作，请忽略本消息。`,
    },
    alreadyRegistered: {
      subject: 'Voltfleet 注册',
      body: (_c, l) =>
        `有人（可能是您）使用此地址申请注册 Voltfleet 账号，但此地址已有账号。请直接登录；如忘记密码，可在 ${l} 重置。`,
    },
  },
  en: {
    register: {
      subject: 'Your Voltfleet registration code',
      body: (c, _l, m) =>
        `Your Voltfleet registration code is ${c}. It is valid for ${m} minutes. If you did not ask for it, ignore this message.`,
    },
    reset: {
      subject: 'Your Voltfleet password reset code',
      body: (c, l, m) =>
        `Your Voltfleet password reset code is ${c}. It is valid for ${m} minutes; enter it at ${l}. If you did not ask for it, ignore this message.`,
    },
    alreadyRegistered: {
      subject: 'Voltfleet registration',
      body: (_c, l) =>
        `Someone, perhaps you, asked to register a Voltfleet account with this address, which already has one. Log in with it; if you forgot the password, reset it at ${l}.`,
    },
  },
  cs: {
    register: {
      subject: 'Váš registrační kód Voltfleet',
      body: (c, _l, m) =>
        `Váš registrační kód Voltfleet je ${c}. Platí ${m} minut. Pokud jste o něj nežádali, tuto zprávu ignorujte.`,
    },
    reset: {
      subject: 'Váš kód pro obnovení hesla Voltfleet',
      body: (c, l, m) =>
        `Váš kód pro obnovení hesla Voltfleet je ${c}. Platí ${m} minut; zadejte jej na ${l}. Pokud jste o něj nežádali, tuto zprávu ignorujte.`,
    },
    alreadyRegistered: {
      subject: 'Registrace Voltfleet',
      body: (_c, l) =>
        `Někdo, možná vy, požádal o registraci účtu Voltfleet s touto adresou, která už účet má. Přihlaste se jím; pokud jste zapomněli heslo, obnovte jej na ${l}.`,
    },
  },
  de: {
    register: {
      subject: 'Ihr Voltfleet-Registrierungscode',
      body: (c, _l, m) =>
        `Ihr Voltfleet-Registrierungscode lautet ${c}. Er ist ${m} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.`,
    },
    reset: {
      subject: 'Ihr Voltfleet-Code zum Zurücksetzen des Passworts',
      body: (c, l, m) =>
        `Ihr Code zum Zurücksetzen des Voltfleet-Passworts lautet ${c}. Er ist ${m} Minuten gültig; geben Sie ihn unter ${l} ein. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.`,
    },
    alreadyRegistered: {
      subject: 'Voltfleet-Registrierung',
      body: (_c, l) =>
        `Jemand, vielleicht Sie, wollte mit dieser Adresse ein Voltfleet-Konto registrieren; die Adresse hat bereits eines. Melden Sie sich damit an; wenn Sie das Passwort vergessen haben, setzen Sie es unter ${l} zurück.`,
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The password reset page, where every code message points. */
export const RESET_PASSWORD_PATH = '/resetPassword';

/** A code message in a language: mail subject, text and HTML, and the SMS text (the same words). */
export function renderCodeMessage(
  message: CodeMessage,
  lang: Lang,
  baseUrl: string,
): { subject: string; text: string; html: string; sms: string } {
  const words = WORDS[lang][message.kind];
  const link = `${baseUrl.replace(/\/$/, '')}${RESET_PASSWORD_PATH}`;
  // Read here, not in a module-level constant: a property read at load time kept registration.ts (its schemas and zod)
  // in every download that imports RESET_PASSWORD_PATH, the login page's among them.
  const text = words.body('code' in message ? message.code : '', link, VERIFICATION_CODE.ttlSeconds / 60);
  return { subject: words.subject, text, html: `<p>${escapeHtml(text)}</p>`, sms: `[Voltfleet] ${text}` };
}
