import nodemailer, { type Transporter } from 'nodemailer';
import type { DeliveryConfig } from '../../config.js';

/** One message ready to leave: the outbox row's stable id, where it goes, and its rendered words. */
export interface OutgoingMessage {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sms: string;
}

export interface Sender {
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

/** A refusal that no retry will change (an SMTP 5xx, an HTTP 4xx): the row fails at once. */
export class PermanentDeliveryError extends Error {}

interface Log {
  info(obj: object, msg: string): void;
}

/** The Message-ID header of an outbox row: the same on every attempt, so a retry is the same message. */
export function messageIdHeader(messageId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'voltfleet.local';
  return `<${messageId}@${domain}>`;
}

/**
 * E-mail over SMTP (SMTP_URL: smtp://user:pass@host:587 upgrades with STARTTLS when offered, smtps:// is TLS from the
 * first byte; nodemailer reads further options from the URL's query). Without SMTP_URL every mail is written to the
 * log instead, like the demo's SMS.
 */
export function mailSender(options: { smtpUrl: string | undefined; from: string; log: Log }): Sender {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl)
    return {
      send(m) {
        log.info({ to: m.to, subject: m.subject, messageId: m.messageId, text: m.text }, 'mail (no SMTP_URL: logged)');
        return Promise.resolve();
      },
    };
  const transport: Transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(m) {
      try {
        await transport.sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: messageIdHeader(m.messageId, from),
        });
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        // 5xx: the server refused this message for good (no such mailbox, policy); 4xx and network errors pass.
        if (typeof code === 'number' && code >= 500 && code < 600)
          throw new PermanentDeliveryError(`SMTP ${code}: ${(err as Error).message}`);
        throw err;
      }
    },
    close: () => transport.close(),
  };
}

export interface SmsOptions {
  provider: 'log' | 'http';
  url: string | undefined;
  username: string | undefined;
  password: string | undefined;
  /** The request body; {{to}}, {{text}} and {{messageId}} are replaced by JSON-escaped values. */
  bodyTemplate: string;
  contentType: string;
  timeoutMs: number;
}

export const DEFAULT_SMS_TEMPLATE = '{"to":"{{to}}","text":"{{text}}","id":"{{messageId}}"}';

/** "+86-13800000000" (how phones are stored) → "+8613800000000" (how providers take them). */
export function dialable(phone: string): string {
  return phone.replace(/-/g, '');
}

/** Fills the body template; values are escaped for a JSON string (the default template's form). */
export function smsBody(template: string, m: { to: string; text: string; messageId: string }): string {
  const esc = (s: string) => JSON.stringify(s).slice(1, -1);
  return template
    .replaceAll('{{to}}', esc(m.to))
    .replaceAll('{{text}}', esc(m.text))
    .replaceAll('{{messageId}}', esc(m.messageId));
}

/**
 * SMS through a provider: `log` writes what would have been sent (the demo), `http` POSTs the filled template to
 * SMS_URL with basic credentials and the message id as Idempotency-Key (a provider that honours it drops a retry).
 */
export function smsSender(options: SmsOptions, log: Log): Sender {
  if (options.provider === 'log' || !options.url)
    return {
      send(m) {
        log.info({ to: dialable(m.to), text: m.sms, messageId: m.messageId }, 'sms (log provider)');
        return Promise.resolve();
      },
    };
  const { url, username, password, bodyTemplate, contentType, timeoutMs } = options;
  const auth = username ? `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}` : undefined;
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'idempotency-key': m.messageId,
          ...(auth ? { authorization: auth } : {}),
        },
        body: smsBody(bodyTemplate, { to: dialable(m.to), text: m.sms, messageId: m.messageId }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.ok) return;
      const reason = `SMS provider HTTP ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
        throw new PermanentDeliveryError(reason);
      throw new Error(reason);
    },
  };
}

/**
 * The e-mail and SMS senders the configuration asks for: the delivery job's, and the verification codes' of the
 * HTTP role (features/auth), which send through the same SMTP server and SMS provider.
 */
export function configuredSenders(delivery: DeliveryConfig, log: Log): { email: Sender; sms: Sender } {
  return {
    email: mailSender({ smtpUrl: delivery.smtpUrl, from: delivery.mailFrom, log }),
    sms: smsSender(
      { ...delivery.sms, bodyTemplate: delivery.sms.bodyTemplate ?? DEFAULT_SMS_TEMPLATE, timeoutMs: 10_000 },
      log,
    ),
  };
}
