// Phone numbers: prefixes, mobile formats per country, the profile's phone check, and "prefix-number" storage.
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { profileUpdateSchema } from './users.js';
import { DEFAULT_PHONE_PREFIX, PHONE_PREFIXES, isValidMobile, joinPhone, splitPhone } from './validation.js';
import { phonePrefixSchema } from './validation-schemas.js';

/** The issue messages (message keys) a schema reports for a value; [] when the value is accepted. */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** Issues as "path: message", for object schemas. */
function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('phone prefixes (R9.7: +86, +31, +1, +55, +234; +86 default)', () => {
  test('prefixes and default', () => {
    expect(PHONE_PREFIXES).toEqual(['+86', '+31', '+1', '+55', '+234']);
    expect(DEFAULT_PHONE_PREFIX).toBe('+86');
  });

  test.each(PHONE_PREFIXES.map((prefix) => [prefix]))('phonePrefixSchema accepts %s', (prefix) => {
    expect(keysOf(phonePrefixSchema, prefix)).toEqual([]);
  });

  test.each(['86', '+44', '+086', '', ' +86', '+86 ', 'constructor'])('phonePrefixSchema rejects %j', (prefix) => {
    expect(keysOf(phonePrefixSchema, prefix)).toEqual(['validation.phonePrefix']);
  });
});

describe('isValidMobile', () => {
  const valid: [string, string][] = [
    // R5.5: mainland mobile, 1[3-9] followed by 9 digits
    ['+86', '13012345678'],
    ['+86', '13812345678'],
    ['+86', '14712345678'],
    ['+86', '15000000000'],
    ['+86', '16612345678'],
    ['+86', '17712345678'],
    ['+86', '18612345678'],
    ['+86', '19912345678'],
    ['+31', '612345678'],
    ['+31', '699999999'],
    ['+1', '2024561414'],
    ['+1', '9173926000'],
    ['+55', '11912345678'],
    ['+55', '21987654321'],
    ['+234', '8031234567'],
    ['+234', '7011234567'],
    ['+234', '9091234567'],
    ['+234', '8101234567'],
  ];
  const invalid: [string, string][] = [
    ['+86', '10012345678'],
    ['+86', '11012345678'],
    ['+86', '12812345678'],
    ['+86', '23812345678'],
    ['+86', '1381234567'],
    ['+86', '138123456789'],
    ['+86', '1381234567a'],
    ['+86', '138 1234 5678'],
    ['+86', '138-1234-5678'],
    ['+86', '+8613812345678'],
    ['+86', '13812345678\n'],
    ['+86', ''],
    ['+31', '512345678'],
    ['+31', '61234567'],
    ['+31', '6123456789'],
    ['+31', '0612345678'],
    ['+1', '1025550123'],
    ['+1', '0025550123'],
    ['+1', '2021550123'],
    ['+1', '202555012'],
    ['+1', '20245614144'],
    ['+55', '10912345678'],
    ['+55', '01912345678'],
    ['+55', '11812345678'],
    ['+55', '1191234567'],
    ['+55', '119123456789'],
    ['+234', '6031234567'],
    ['+234', '8231234567'],
    ['+234', '803123456'],
    ['+234', '08031234567'],
    // a mainland number is not valid under other calling codes
    ['+31', '13812345678'],
    ['+1', '13812345678'],
    ['+234', '13812345678'],
  ];

  test('the tables cover every calling code, both ways', () => {
    const covered = (rows: [string, string][]) => [...new Set(rows.map(([p]) => p))].sort();
    expect(covered(valid)).toEqual([...PHONE_PREFIXES].sort());
    expect(covered(invalid)).toEqual([...PHONE_PREFIXES].sort());
  });

  test.each(valid)('%s %s is valid', (prefix, number) => {
    expect(isValidMobile(prefix, number)).toBe(true);
  });

  test.each(invalid)('%s %j is not valid', (prefix, number) => {
    expect(isValidMobile(prefix, number)).toBe(false);
  });

  test.each([
    ['unknown calling code', '+44', '7911123456'],
    ['calling code without plus', '86', '13812345678'],
    ['empty calling code', '', '13812345678'],
    // must answer false, not throw, for names that exist on Object.prototype
    ['"constructor" as calling code', 'constructor', '13812345678'],
    ['"toString" as calling code', 'toString', '13812345678'],
    ['"__proto__" as calling code', '__proto__', '13812345678'],
  ])('%s is not valid', (_label, prefix, number) => {
    expect(isValidMobile(prefix, number)).toBe(false);
  });
});

describe('checkPhone through profileUpdateSchema', () => {
  test.each([
    ['no phone', { name: '张三' }],
    ['empty phone', { name: '张三', phone: '' }],
    ['mainland number, default calling code', { name: '张三', phone: '13812345678' }],
    ['mainland number, explicit +86', { name: '张三', prePhoneCode: '+86', phone: '13812345678' }],
    ['Dutch number', { name: 'Jansen', prePhoneCode: '+31', phone: '612345678' }],
    ['US number', { name: 'Smith', prePhoneCode: '+1', phone: '2024561414' }],
    ['Brazilian number', { name: 'Silva', prePhoneCode: '+55', phone: '11912345678' }],
    ['Nigerian number', { name: 'Okafor', prePhoneCode: '+234', phone: '8031234567' }],
    ['calling code without number', { name: 'Müller', prePhoneCode: '+31' }],
    [
      'all fields',
      { name: 'Dvořák', email: 'a@b.cz', company: 'Voltfleet s.r.o.', remark: 'ok', phone: '13912345678' },
    ],
    ['empty email', { name: 'Dvořák', email: '' }],
  ])('accepts %s', (_label, value) => {
    expect(issuesOf(profileUpdateSchema, value)).toEqual([]);
  });

  test.each([
    ['mainland rule under the default code', { name: 'a', phone: '12345' }, ['phone: validation.phone']],
    ['second digit 2', { name: 'a', phone: '12812345678' }, ['phone: validation.phone']],
    [
      'mainland number under +31',
      { name: 'a', prePhoneCode: '+31', phone: '13812345678' },
      ['phone: validation.phone'],
    ],
    ['Dutch number under +86', { name: 'a', prePhoneCode: '+86', phone: '612345678' }, ['phone: validation.phone']],
    ['Dutch number, default code', { name: 'a', phone: '612345678' }, ['phone: validation.phone']],
    ['dashes in the number', { name: 'a', phone: '138-1234-5678' }, ['phone: validation.digitsOnly']],
    ['spaces in the number', { name: 'a', phone: '138 1234 5678' }, ['phone: validation.digitsOnly']],
    ['plus in the number', { name: 'a', phone: '+8613812345678' }, ['phone: validation.digitsOnly']],
    [
      'unsupported calling code',
      { name: 'a', prePhoneCode: '+44', phone: '7911123456' },
      ['prePhoneCode: validation.phonePrefix'],
    ],
    ['bad email', { name: 'a', email: 'nope' }, ['email: validation.email']],
    ['name with a tab', { name: 'John\tSmith' }, ['name: validation.personName']],
    ['missing name', {}, ['name: validation.required']],
    ['padded company', { name: 'a', company: ' ACME' }, ['company: validation.noLeadingTrailingSpace']],
  ])('rejects %s', (_label, value, issues) => {
    expect(issuesOf(profileUpdateSchema, value)).toEqual(issues);
  });

  test('rejects fields a user may not change on their own profile', () => {
    const result = profileUpdateSchema.safeParse({ name: 'a', level: 0, roleId: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['level', 'roleId'] }]);
  });
});

describe('splitPhone / joinPhone ("prefix-number", default +86)', () => {
  test.each([
    [null, { prePhoneCode: '+86', phone: '' }],
    [undefined, { prePhoneCode: '+86', phone: '' }],
    ['', { prePhoneCode: '+86', phone: '' }],
    ['13812345678', { prePhoneCode: '+86', phone: '13812345678' }],
    ['+86-13812345678', { prePhoneCode: '+86', phone: '13812345678' }],
    ['+31-612345678', { prePhoneCode: '+31', phone: '612345678' }],
    ['+1-2024561414', { prePhoneCode: '+1', phone: '2024561414' }],
    ['+234-8031234567', { prePhoneCode: '+234', phone: '8031234567' }],
    ['0086-13812345678', { prePhoneCode: '+86', phone: '0086-13812345678' }],
    ['-13812345678', { prePhoneCode: '+86', phone: '-13812345678' }],
  ])('splitPhone(%j)', (stored, parts) => {
    expect(splitPhone(stored)).toEqual(parts);
  });

  test.each([
    [undefined, '13812345678', '+86-13812345678'],
    ['+86', '13812345678', '+86-13812345678'],
    ['+31', '612345678', '+31-612345678'],
    ['+1', '2024561414', '+1-2024561414'],
    ['+55', '11912345678', '+55-11912345678'],
    ['+234', '8031234567', '+234-8031234567'],
  ])('joinPhone(%j, %j)', (prefix, phone, stored) => {
    expect(joinPhone(prefix, phone)).toBe(stored);
  });

  test.each(PHONE_PREFIXES.map((prefix) => [prefix]))('round trip through the stored form for %s', (prefix) => {
    expect(splitPhone(joinPhone(prefix, '123456789'))).toEqual({ prePhoneCode: prefix, phone: '123456789' });
  });
});
