import { describe, expect, it } from 'vitest';
import { accountAddress, codeAddress, registerSchema, registrationLevel } from './registration.js';

describe('accountAddress', () => {
  it.each([
    ['Owner@Example.com', { channel: 'email', email: 'Owner@Example.com' }],
    ['+86-13800138000', { channel: 'sms', prePhoneCode: '+86', phone: '13800138000' }],
    ['+23480312345678', { channel: 'sms', prePhoneCode: '+234', phone: '80312345678' }],
    ['+12024561414', { channel: 'sms', prePhoneCode: '+1', phone: '2024561414' }],
    ['13800138000', { channel: 'sms', prePhoneCode: '+86', phone: '13800138000' }],
    ['+44-7700900123', null],
    ['owner_1', null],
  ])('reads %s', (typed, address) => expect(accountAddress(typed)).toEqual(address));

  it('stores e-mail in lower case and phones as prefix-number', () => {
    expect(codeAddress({ channel: 'email', email: 'A@B.cz' })).toBe('a@b.cz');
    expect(codeAddress({ channel: 'sms', prePhoneCode: '+31', phone: '612345678' })).toBe('+31-612345678');
  });
});

describe('registerSchema', () => {
  const valid = {
    channel: 'sms',
    username: 'owner_1',
    password: 'blob',
    name: 'Owner',
    prePhoneCode: '+86',
    phone: '13800138000',
    role: 'personal',
    verificationCode: '012345',
  };
  const firstIssue = (v: unknown) => registerSchema.safeParse(v).error?.issues[0];

  it('takes a mobile registration', () => expect(registerSchema.safeParse(valid).success).toBe(true));
  it('refuses a dealer with "contact the provider"', () =>
    expect(firstIssue({ ...valid, role: 'dealer' })?.message).toBe('register.dealerContactProvider'));
  it('needs the e-mail address for an e-mail registration', () =>
    expect(firstIssue({ ...valid, channel: 'email' })?.path).toEqual(['email']));
  it('needs the phone', () => expect(firstIssue({ ...valid, phone: '' })?.path).toEqual(['phone']));
  it('takes six digits as the code', () =>
    expect(firstIssue({ ...valid, verificationCode: '12345a' })?.message).toBe('verification.codeFormat'));
  it('levels a registered account by its role', () => {
    expect(registrationLevel('engineering')).toBe(2);
    expect(registrationLevel('personal')).toBe(3);
  });
});
