import { describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_CODE, api, captchaId } from '../../test/harness.js';
import { registrationRig } from './registration-rig.js';

// Issue 38 point 2: code requests cost an SMS, so they need a solved captcha, take only numbers the product serves,
// and are counted against the SMS budget; over it nothing is sent and the administrators are told once.
const { rig, requestCode, issue, nextIp } = registrationRig({
  SMS_BUDGET_PER_CLIENT_PER_HOUR: '3',
  SMS_BUDGET_PLATFORM_PER_HOUR: '1000',
});

const codes = (body: Record<string, unknown>, ip: string) =>
  api<{ resendSeconds: number } | null>(rig.s.app, 'POST', '/api/auth/codes', { body, ip });
const sms = (n: string) => ({ purpose: 'register', channel: 'sms', prePhoneCode: '+31', phone: n });
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('a code request needs a solved captcha', () => {
  it('refuses a request without a captcha, and sends nothing', async () => {
    const res = await codes(sms('611220001'), nextIp());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    await settle();
    expect(rig.smsTexts.filter((m) => m.to === '+31611220001')).toEqual([]);
  });

  it('refuses a wrong answer on the captcha field in the reader language, and the captcha is spent', async () => {
    const ip = nextIp();
    const id = await captchaId(rig.s.app, ip);
    const wrong = await api(rig.s.app, 'POST', '/api/auth/codes', {
      body: { ...sms('611220002'), captchaId: id, captchaCode: 'nope' },
      ip,
      lang: 'de',
    });
    expect(wrong.status).toBe(400);
    expect(issue(wrong)).toMatchObject({ path: 'captchaCode', message: 'Der Prüfcode ist falsch oder abgelaufen' });
    // The same image is good for one attempt only, even with the right answer.
    const again = await codes({ ...sms('611220002'), captchaId: id, captchaCode: TEST_CAPTCHA_CODE }, ip);
    expect(again.status).toBe(400);
    await settle();
    expect(rig.smsTexts.filter((m) => m.to === '+31611220002')).toEqual([]);
  });

  it('sends the code with a solved captcha', async () => {
    const res = await requestCode(sms('611220003'));
    expect(res.status, res.body.msg).toBe(200);
  });
});

describe('+1 takes only US and Canadian geographic numbers', () => {
  it.each([
    ['premium 900', '9002345678'],
    ['toll-free 888', '8882345678'],
    ['Jamaica 876', '8762345678'],
    ['Turks and Caicos 649', '6492345678'],
  ])('refuses %s with a localised 400', async (_what, phone) => {
    const res = await requestCode({ purpose: 'register', channel: 'sms', prePhoneCode: '+1', phone });
    expect(res.status).toBe(400);
    expect(issue(res)).toMatchObject({ path: 'phone', message: expect.stringMatching(/United States and Canada/) });
  });

  it('sends to a US number', async () => {
    const res = await requestCode({ purpose: 'register', channel: 'sms', prePhoneCode: '+1', phone: '2024561414' });
    expect(res.status, res.body.msg).toBe(200);
  });
});

describe('the SMS budget of a client address', () => {
  it('refuses the SMS past the budget with a 429 that names no budget, and tells the administrators once', async () => {
    await rig.s.db.query(`UPDATE users SET email = 'root@example.test' WHERE username = 'admin'`);
    const ip = nextIp();
    for (const n of ['611330001', '611330002', '611330003']) expect((await requestCode(sms(n), ip)).status).toBe(200);
    const over = await requestCode(sms('611330004'), ip, 'en');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('rate_limited');
    expect(over.body.msg).toBe('Text messages cannot be sent right now: please try again later or use e-mail');
    expect((await requestCode(sms('611330005'), ip)).status).toBe(429);
    // A code by e-mail from the same address is not an SMS.
    expect(
      (await requestCode({ purpose: 'register', channel: 'email', email: 'budget@example.test' }, ip)).status,
    ).toBe(200);
    await settle();
    expect(rig.smsTexts.filter((m) => /^\+316113300(04|05)$/.test(m.to))).toEqual([]);
    // Another address still has its own budget.
    expect((await requestCode(sms('611330006'))).status).toBe(200);

    // One in-app message and one mail per administrator for the window, not one per refusal.
    const messages = await rig.s.db.query<{ event: string; params: { budget: string; limit: number } }>(
      `SELECT m.event, m.params FROM messages m JOIN users u ON u.id = m.user_id WHERE u.username = 'admin' AND m.kind = 'system'`,
    );
    expect(messages.rows).toEqual([{ event: 'smsBudget', params: { budget: 'client', limit: 3 } }]);
    const mails = await rig.s.db.query<{ address: string; payload: { budget: string } }>(
      `SELECT address, payload FROM notification_outbox WHERE kind = 'smsBudget'`,
    );
    expect(mails.rows).toEqual([
      { address: 'root@example.test', payload: expect.objectContaining({ budget: 'client' }) },
    ]);
  });
});
