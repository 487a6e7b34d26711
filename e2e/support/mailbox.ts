import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../apps/server/src/test/smtp-capture.js';

/**
 * The journeys' mail server: a real SMTP server in the global setup (the platform's SMTP_URL points at it) and a
 * loopback HTTP endpoint listing what it received, since the journeys run in another process than the setup.
 */
export async function startMailbox(): Promise<{ smtpUrl: string; url: string; close(): Promise<void> }> {
  const smtp: SmtpCapture = await startSmtpCapture();
  const http: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpUrl: smtp.url,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** What the journeys' mail server has received so far. */
export async function receivedMails(mailboxUrl: string): Promise<CapturedMail[]> {
  return (await fetch(mailboxUrl)).json() as Promise<CapturedMail[]>;
}
