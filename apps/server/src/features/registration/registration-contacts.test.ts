import { describe, expect, it } from 'vitest';
import { api, encryptPassword, tryLogin } from '../../test/harness.js';
import { registrationRig } from './registration-rig.js';

// A contact given beside the one a code proves is stored unverified (migration 0043): it never keeps its owner from
// registering, and a reset by it reaches the account whose contact a code proved.
const { rig, codeIn, mailTo, registration, requestCode, issues, nextIp, until } = registrationRig();

/** The texts sent to a number, in order. */
const textsTo = (to: string) => rig.smsTexts.filter((m) => m.to === to);
/** Waits for the n-th text to a number. */
const nthText = (to: string, n: number) => until(() => textsTo(to)[n - 1]);

async function registerBy(body: Record<string, unknown>) {
  return api(s(), 'POST', '/api/auth/register', { body: registration(body), ip: nextIp() });
}
const s = () => rig.s.app;

describe('contacts a code did not prove', () => {
  it('a mobile number given at an e-mail registration does not keep its owner from registering by it', async () => {
    // A stranger registers by e-mail and gives someone else's number.
    await requestCode({ purpose: 'register', channel: 'email', email: 'stranger@example.test' });
    const mailed = codeIn((await mailTo('stranger@example.test', /registration code/)).text)!;
    const first = await registerBy({
      username: 'stranger',
      email: 'stranger@example.test',
      prePhoneCode: '+31',
      phone: '611110001',
      verificationCode: mailed,
    });
    expect(first.status, first.body.msg).toBe(200);

    // The number's owner asks for a code: a code, not the "you already have an account" note.
    await requestCode({ purpose: 'register', channel: 'sms', prePhoneCode: '+31', phone: '611110001' });
    const texted = codeIn((await nthText('+31611110001', 1)).text);
    expect(texted).toMatch(/^\d{6}$/);
    const owner = await registerBy({
      channel: 'sms',
      username: 'number_owner',
      email: '',
      prePhoneCode: '+31',
      phone: '611110001',
      verificationCode: texted,
    });
    expect(owner.status, owner.body.msg).toBe(200);

    // Now a code proved the number: the next registration by it gets the note.
    await rig.s.db.query(`DELETE FROM verification_codes WHERE address = '+31-611110001'`);
    await requestCode({ purpose: 'register', channel: 'sms', prePhoneCode: '+31', phone: '611110001' });
    expect(codeIn((await nthText('+31611110001', 2)).text)).toBeUndefined();

    // A reset by the number reaches the owner, whose contact a code proved, not the older stranger's account.
    await requestCode({ purpose: 'reset', channel: 'sms', prePhoneCode: '+31', phone: '611110001' });
    const reset = codeIn((await nthText('+31611110001', 3)).text)!;
    const res = await api(s(), 'POST', '/api/auth/password-reset', {
      body: { account: '+31611110001', verificationCode: reset, newPassword: encryptPassword(rig.key, 'Owner-2027') },
      ip: nextIp(),
    });
    expect(res.status, res.body.msg).toBe(200);
    expect((await tryLogin(s(), 'number_owner', 'Owner-2027')).status).toBe(200);
    expect((await tryLogin(s(), 'stranger', 'Owner-2027')).status).not.toBe(200);
  });

  it('an e-mail address given at a mobile registration does not keep its owner from registering by it', async () => {
    await requestCode({ purpose: 'register', channel: 'sms', prePhoneCode: '+31', phone: '611110002' });
    const texted = codeIn((await nthText('+31611110002', 1)).text)!;
    const first = await registerBy({
      channel: 'sms',
      username: 'sms_stranger',
      email: 'victim@example.test',
      prePhoneCode: '+31',
      phone: '611110002',
      verificationCode: texted,
    });
    expect(first.status, first.body.msg).toBe(200);

    await requestCode({ purpose: 'register', channel: 'email', email: 'Victim@example.test' });
    const mailed = codeIn((await mailTo('victim@example.test', /registration code/)).text);
    expect(mailed).toMatch(/^\d{6}$/);
    const owner = await registerBy({ username: 'mail_owner', email: 'victim@example.test', verificationCode: mailed });
    expect(owner.status, owner.body.msg).toBe(200);
    expect(issues(owner)).toEqual([]);
  });
});
