import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import {
  TEST_CAPTCHA_CODE,
  api,
  captchaId,
  encryptPassword,
  publicKey,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';

/**
 * Self-registration through the real routes, for the registration test files: codes by real SMTP (an in-process
 * server) and by the http SMS provider (a loopback endpoint keeping what it was posted). Call at a file's top level;
 * the server starts before the file's tests and stops after them. `env` adds settings (the SMS budget's).
 */
export function registrationRig(env: Record<string, string> = {}) {
  const rig = {
    s: undefined as unknown as TestServer,
    smtp: undefined as unknown as SmtpCapture,
    /** The server's login key, to encrypt passwords as the pages do. */
    key: '',
    smsTexts: [] as { to: string; text: string }[],
  };
  let smsServer: Server;
  let ipCounter = 0;

  beforeAll(async () => {
    rig.smtp = await startSmtpCapture();
    smsServer = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        rig.smsTexts.push(JSON.parse(body) as { to: string; text: string });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
    rig.s = await startTestServer({
      SMTP_URL: rig.smtp.url,
      SMS_PROVIDER: 'http',
      SMS_URL: `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/sms`,
      ...env,
    });
    rig.key = await publicKey(rig.s.app);
  });
  afterAll(async () => {
    await rig.s.close();
    await rig.smtp.close();
    await new Promise<void>((resolve) => smsServer.close(() => resolve()));
  });

  async function until<T>(find: () => T | undefined): Promise<T> {
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Each test its own client address, so the per-address budgets of one never touch another. */
  const nextIp = () => `198.51.100.${(ipCounter += 1)}`;
  const issues = (res: { body: { data: unknown } }) =>
    (res.body.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];

  return {
    rig,
    until,
    nextIp,
    codeIn: (text: string) => /\b(\d{6})\b/.exec(text)?.[1],
    mailTo: (to: string, subject: RegExp) =>
      until(() => rig.smtp.mails.find((m) => m.to === to && subject.test(m.subject))),
    smsTo: (to: string) => until(() => rig.smsTexts.find((m) => m.to === to)),
    /** A registration form's body, a personal account by e-mail unless overridden. */
    registration: (overrides: Record<string, unknown> = {}) => ({
      channel: 'email',
      username: 'reg_user',
      password: encryptPassword(rig.key, 'Solar-2026'),
      name: 'Reg_User',
      email: 'reg@example.test',
      prePhoneCode: '+31',
      phone: '612345678',
      role: 'personal',
      verificationCode: '000000',
      ...overrides,
    }),
    /** Asks for a code as the pages do, with a solved captcha unless the body brings its own. */
    requestCode: async (body: Record<string, unknown>, ip = nextIp(), lang = 'en') =>
      api<{ resendSeconds: number }>(rig.s.app, 'POST', '/api/auth/codes', {
        body: { captchaId: await captchaId(rig.s.app, ip), captchaCode: TEST_CAPTCHA_CODE, ...body },
        ip,
        lang,
      }),
    issues,
    issue: (res: { body: { data: unknown } }) => issues(res)[0],
  };
}
