import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the receiving server got it. */
export interface CapturedMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  readonly port: number;
  readonly url: string;
  readonly mails: CapturedMail[];
  /** Recipients refused with 550 (a mailbox that does not exist). */
  readonly refuse: Set<string>;
  /** How many DATA commands are being held (see hold). */
  heldCount(): number;
  /** Stops listening (the port refuses connections: "the mail server is down"). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Holds every DATA command until `release` (a send in flight, to kill a worker during it). */
  hold(): void;
  release(): void;
  /** Resolves when `n` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

function text(mail: ParsedMail): Omit<CapturedMail, 'to'> {
  return {
    messageId: mail.messageId ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/**
 * A real SMTP server in-process (the `smtp-server` package) that accepts every mail, without authentication or TLS,
 * and keeps what it received, parsed. Tests point SMTP_URL at `url` and read `mails`.
 */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const refuse = new Set<string>();
  let held: (() => void)[] | null = null;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address)) callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const finish = () => {
            void simpleParser(Buffer.concat(chunks)).then(
              (mail) => {
                for (const rcpt of session.envelope.rcptTo) mails.push({ ...text(mail), to: rcpt.address });
                callback();
              },
              (err: Error) => callback(err),
            );
          };
          if (held) held.push(finish);
          else finish();
        });
      },
    });
  let server = make();
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const bound = await listen(port);
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    refuse,
    heldCount: () => held?.length ?? 0,
    down: close,
    async up() {
      server = make();
      await listen(bound);
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    async waitFor(n, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
    close,
  };
}
