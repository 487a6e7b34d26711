// Which +1 numbers are served (issue 38): a case per rule of nanp.ts, through the rule, the mobile check and the
// schemas that take a phone (profile, code request, alarm-rule receiver).
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { notificationPhoneSchema } from './alarms/notification-rules-schemas.js';
import {
  CANADA_AREA_CODES,
  REFUSED_AREA_CODES,
  REFUSED_EXCHANGES,
  US_AREA_CODES,
  codesOf,
  nanpRefusal,
  type NanpRefusal,
} from './nanp.js';
import { codeRequestSchema } from './registration.js';
import { profileUpdateSchema } from './users.js';
import { isValidMobile } from './validation.js';

const issues = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the +1 rules, one case each', () => {
  const cases: [string, string, NanpRefusal | null][] = [
    ['a US number (Washington, DC)', '2024561414', null],
    ['a Canadian number (Toronto)', '4163926000', null],
    ['premium 900', '9002345678', 'premium'],
    ['toll-free 800', '8002345678', 'tollFree'],
    ['toll-free 888', '8882345678', 'tollFree'],
    ['personal 500', '5002345678', 'personal'],
    ['non-geographic 700', '7002345678', 'nonGeographic'],
    ['an N11 as area code', '9112345678', 'serviceCode'],
    ['Jamaica 876', '8762345678', 'otherCountry'],
    ['Turks and Caicos 649', '6492345678', 'otherCountry'],
    ['the Bahamas 242', '2422345678', 'otherCountry'],
    ['the Dominican Republic 809', '8092345678', 'otherCountry'],
    ['Puerto Rico 787', '7872345678', 'otherCountry'],
    ['Guam 671', '6712345678', 'otherCountry'],
    ['an unassigned area code (999)', '9992345678', 'unassigned'],
    ['an area code starting with 1', '1022345678', 'format'],
    ['nine digits', '202456141', 'format'],
    ['an exchange starting with 0', '2020561414', 'exchangeFormat'],
    ['an exchange starting with 1', '2021561414', 'exchangeFormat'],
    ['an N11 exchange', '2024111414', 'serviceExchange'],
    ['a 976 premium exchange', '2139761414', 'premiumExchange'],
    ['a fictional 555-01XX line', '2025550123', 'fictional'],
  ];
  test.each(cases)('%s: %s → %s', (_name, number, refusal) => {
    expect(nanpRefusal(number)).toBe(refusal);
    expect(isValidMobile('+1', number)).toBe(refusal === null);
  });

  test('555 lines outside 0100–0199 are ordinary numbers', () => {
    expect(nanpRefusal('2025550200')).toBeNull();
    expect(nanpRefusal('2025550099')).toBeNull();
  });

  test('every code of the other countries of the plan is refused', () => {
    for (const code of codesOf(REFUSED_AREA_CODES.otherCountry))
      expect(nanpRefusal(`${code}2345678`), code).toBe('otherCountry');
  });
});

describe('the lists', () => {
  const served = [...Object.values(US_AREA_CODES), ...Object.values(CANADA_AREA_CODES)].flatMap(codesOf);
  const refused = Object.values(REFUSED_AREA_CODES).flatMap(codesOf);

  test('every code is three digits, N first, and listed once', () => {
    for (const code of [...served, ...refused, ...Object.values(REFUSED_EXCHANGES).flatMap(codesOf)])
      expect(code).toMatch(/^[2-9]\d\d$/);
    expect(new Set(served).size).toBe(served.length);
    expect(new Set(refused).size).toBe(refused.length);
  });

  test('no refused code is also served', () => {
    expect(served.filter((code) => refused.includes(code))).toEqual([]);
  });

  test('the 50 states and DC, and the 10 provinces and 3 territories (in 10 groups), each with a code', () => {
    expect(Object.keys(US_AREA_CODES)).toHaveLength(51);
    expect(Object.keys(CANADA_AREA_CODES)).toHaveLength(10);
  });
});

describe('every schema that takes a phone applies the rule', () => {
  const refused = { prePhoneCode: '+1', phone: '8762345678' };
  const served = { prePhoneCode: '+1', phone: '2024561414' };

  test('profile update', () => {
    expect(issues(profileUpdateSchema, { name: 'Smith', ...refused })).toEqual(['phone: validation.phoneNotServed']);
    expect(issues(profileUpdateSchema, { name: 'Smith', ...served })).toEqual([]);
  });

  test('alarm-rule phone receiver', () => {
    expect(issues(notificationPhoneSchema, refused)).toEqual(['phone: validation.phoneNotServed']);
    expect(issues(notificationPhoneSchema, { prePhoneCode: '+1', phone: '9002345678' })).toEqual([
      'phone: validation.phoneNotServed',
    ]);
    expect(issues(notificationPhoneSchema, served)).toEqual([]);
  });

  test('a mistyped number keeps the plain message', () => {
    expect(issues(notificationPhoneSchema, { prePhoneCode: '+1', phone: '2024111414' })).toEqual([
      'phone: validation.phone',
    ]);
  });

  test('code request', () => {
    const body = { channel: 'sms', purpose: 'register', captchaId: 'x', captchaCode: 'abcd' };
    expect(issues(codeRequestSchema, { ...body, ...refused })).toEqual(['phone: validation.phoneNotServed']);
    expect(issues(codeRequestSchema, { ...body, ...served })).toEqual([]);
  });

  test('a code request carries a captcha', () => {
    expect(issues(codeRequestSchema, { channel: 'sms', purpose: 'register', ...served })).toEqual([
      'captchaId: validation.required',
      'captchaCode: validation.required',
    ]);
  });
});
