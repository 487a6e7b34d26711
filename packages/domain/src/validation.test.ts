import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation.js';
import { requiredText, trimmedText, latitudeSchema, longitudeSchema } from './validation-schemas.js';
import {
  digitsOnlySchema,
  emailSchema,
  nonNegativeNumberSchema,
  passwordSchema,
  personNameSchema,
  positiveNumberSchema,
  usernameSchema,
} from './validation-schemas.js';

/** The issue messages (message keys) a schema reports for a value; [] when the value is accepted. */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('passwordSchema (R5.1/R9.3: 8 to 16 characters, no spaces, no Chinese)', () => {
  test('limits are 8 and 16', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 16]);
  });

  test.each([
    ['exactly 8', 'abcdefgh'],
    ['exactly 16', 'abcdefghijklmnop'],
    ['symbols and digits', 'Pa$$w0rd!'],
    ['all digits', '12345678'],
    ['punctuation only', '!@#$%^&*()_+-=[]'],
    ['accented letters', 'Dvořák123'],
  ])('accepts %s', (_label, value) => {
    expect(keysOf(passwordSchema, value)).toEqual([]);
  });

  test.each([
    ['empty', '', ['validation.passwordLength']],
    ['7 characters', 'abcdefg', ['validation.passwordLength']],
    ['17 characters', 'abcdefghijklmnopq', ['validation.passwordLength']],
    ['inner space', 'abcd efgh', ['validation.noSpaces']],
    ['leading space', ' abcdefgh', ['validation.noSpaces']],
    ['trailing space', 'abcdefgh ', ['validation.noSpaces']],
    ['tab', 'abcd\tefgh', ['validation.noSpaces']],
    ['newline', 'abcd\nefgh', ['validation.noSpaces']],
    ['ideographic space', 'abcd\u3000efgh', ['validation.noSpaces']],
    ['Chinese characters', 'abc密码defgh', ['validation.noChinese']],
    ['only Chinese, long enough', '密码密码密码密码', ['validation.noChinese']],
    ['CJK compatibility ideograph', 'abcdefg\uf900', ['validation.noChinese']],
    ['too short with a space', 'ab c', ['validation.passwordLength', 'validation.noSpaces']],
    ['not a string', 12345678, ['validation.required']],
    ['undefined', undefined, ['validation.required']],
    ['null', null, ['validation.required']],
  ])('rejects %s', (_label, value, keys) => {
    expect(keysOf(passwordSchema, value)).toEqual(keys);
  });
});

describe('usernameSchema (3 to 32 of letters, digits, "_", ".", "-"; no spaces, no Chinese)', () => {
  test.each([
    ['3 characters', 'abc'],
    ['32 characters', 'a'.repeat(32)],
    ['underscore, dot, dash', 'a_b.c-d'],
    ['digits only', '123'],
    ['mixed case', 'Admin_01'],
  ])('accepts %s', (_label, value) => {
    expect(keysOf(usernameSchema, value)).toEqual([]);
  });

  test.each([
    ['empty', '', ['validation.required', 'validation.username']],
    ['2 characters', 'ab', ['validation.username']],
    ['33 characters', 'a'.repeat(33), ['validation.username']],
    ['inner space', 'us er', ['validation.noSpaces', 'validation.username']],
    ['trailing space', 'user ', ['validation.noSpaces', 'validation.username']],
    ['Chinese', '用户名', ['validation.noChinese', 'validation.username']],
    ['at sign', 'user@example', ['validation.username']],
    ['accented letter', 'Dvořák', ['validation.username']],
    ['slash', 'a/b', ['validation.username']],
    ['not a string', 42, ['validation.required']],
  ])('rejects %s', (_label, value, keys) => {
    expect(keysOf(usernameSchema, value)).toEqual(keys);
  });
});

describe("personNameSchema (a person's display name: words of any script joined by a space, hyphen, apostrophe or full stop)", () => {
  test.each([
    ['ASCII letters', 'John'],
    ['letters and digits', 'ABC123'],
    ['underscore', 'user_1'],
    ['Chinese', '张三'],
    ['Chinese and Latin', '张三abc_9'],
    ['Czech accents', 'Dvořák'],
    ['German umlaut', 'Müller'],
    ['German sharp s', 'Straße'],
    ['Spanish accent', 'José'],
    ['single character', 'x'],
    ['64 characters', 'a'.repeat(64)],
    ['a Czech full name', 'Jan Novák'],
    ['a German full name', 'Anna Müller'],
    ['three words', 'Maria de Souza'],
    ['dash', 'Anne-Marie'],
    ['apostrophe', "O'Brien"],
    ['typographic apostrophe', 'O’Brien'],
    ['initials with full stops', 'J. R. Smith'],
    ['a full stop without a space', 'J.Smith'],
    ['a closing full stop', 'Martin Luther King Jr.'],
    ['Cyrillic', 'Иван Петров'],
    ['Greek', 'Γιώργος Παπαδόπουλος'],
    ['Arabic', 'محمد علي'],
    ['Devanagari with its combining marks', 'अनीता शर्मा'],
    ['a decomposed accent (e + combining acute)', 'Rene\u0301 Dupont'],
  ])('accepts %s', (_label, value) => {
    expect(keysOf(personNameSchema, value)).toEqual([]);
  });

  test.each([
    ['empty', '', ['validation.required', 'validation.personName']],
    ['leading space', ' John', ['validation.personName']],
    ['trailing space', 'John ', ['validation.personName']],
    ['two spaces', 'John  Smith', ['validation.personName']],
    ['a tab', 'John\tSmith', ['validation.personName']],
    ['a line break', 'John\nSmith', ['validation.personName']],
    ['a NUL byte', 'John\u0000', ['validation.personName']],
    ['a bell (control character)', 'Jo\u0007hn', ['validation.personName']],
    ['a no-break space', 'John\u00a0Smith', ['validation.personName']],
    ['ideographic space', '张\u3000三', ['validation.personName']],
    ['a lone surrogate', 'Jo\ud800hn', ['validation.personName']],
    ['a combining mark first', '\u0301John', ['validation.personName']],
    ['a hyphen first', '-John', ['validation.personName']],
    ['a hyphen last', 'John-', ['validation.personName']],
    ['two hyphens', 'Anne--Marie', ['validation.personName']],
    ['a space and a hyphen', 'Anne -Marie', ['validation.personName']],
    ['a full stop first', '.John', ['validation.personName']],
    ['exclamation mark', 'abc!', ['validation.personName']],
    ['angle brackets', '<b>John</b>', ['validation.personName']],
    ['Chinese punctuation', '张三，李四', ['validation.personName']],
    ['emoji', 'sun☀', ['validation.personName']],
    ['65 characters', 'a'.repeat(65), ['validation.tooLong']],
    ['1 MB', 'a'.repeat(1_000_000), ['validation.tooLong']],
    ['not a string', 7, ['validation.required']],
  ])('rejects %s', (_label, value, keys) => {
    expect(keysOf(personNameSchema, value)).toEqual(keys);
  });
});

describe('emailSchema (R5.5: standard address format)', () => {
  test.each([
    ['simple', 'a@b.co'],
    ['dots and plus', 'first.last+tag@sub.example.com'],
    ['underscore, percent, dash', 'x_y%z@ex-ample.org'],
    ['digits', 'user1@163.com'],
    ['upper case', 'USER@EXAMPLE.DE'],
  ])('accepts %s', (_label, value) => {
    expect(keysOf(emailSchema, value)).toEqual([]);
  });

  test.each([
    ['no at sign', 'plain.example.com', ['validation.email']],
    ['no domain dot', 'a@b', ['validation.email']],
    ['one-letter top-level domain', 'a@b.c', ['validation.email']],
    ['empty local part', '@b.com', ['validation.email']],
    ['domain starting with a dot', 'a@.com', ['validation.email']],
    ['double dot in domain', 'a@b..com', ['validation.email']],
    ['two at signs', 'a@b@c.com', ['validation.email']],
    ['space inside', 'a b@c.com', ['validation.email']],
    ['leading space', ' a@b.com', ['validation.email']],
    ['trailing space', 'a@b.com ', ['validation.email']],
    ['Chinese domain', 'a@例子.com', ['validation.email']],
    ['empty', '', ['validation.email']],
    ['longer than 254', `${'a'.repeat(250)}@ex.com`, ['validation.tooLong']],
    ['not a string', 1, ['validation.required']],
  ])('rejects %s', (_label, value, keys) => {
    expect(keysOf(emailSchema, value)).toEqual(keys);
  });
});

describe('digitsOnlySchema (R5.2: digits only)', () => {
  test.each(['0', '7', '123', '000123', '9'.repeat(30)])('accepts %j', (value) => {
    expect(keysOf(digitsOnlySchema, value)).toEqual([]);
  });

  test.each([
    ['empty', ''],
    ['letter', '12a'],
    ['minus sign', '-1'],
    ['plus sign', '+1'],
    ['decimal point', '1.5'],
    ['leading space', ' 1'],
    ['trailing space', '1 '],
    ['full-width digits', '１２'],
    ['Arabic-Indic digits', '١٢'],
    ['exponent', '1e3'],
  ])('rejects %s', (_label, value) => {
    expect(keysOf(digitsOnlySchema, value)).toEqual(['validation.digitsOnly']);
  });

  test('rejects a number (not a string) as required', () => {
    expect(keysOf(digitsOnlySchema, 123)).toEqual(['validation.required']);
  });
});

describe('trimmedText / requiredText (R5.4: no leading or trailing whitespace)', () => {
  const trimmed = trimmedText(10);
  const required = requiredText(10);

  test.each([
    ['empty', ''],
    ['one word', 'abc'],
    ['inner spaces', 'a b c'],
    ['exactly the limit', 'a'.repeat(10)],
    ['Chinese', '备注'],
  ])('trimmedText accepts %s', (_label, value) => {
    expect(keysOf(trimmed, value)).toEqual([]);
  });

  test.each([
    ['leading space', ' abc', ['validation.noLeadingTrailingSpace']],
    ['trailing space', 'abc ', ['validation.noLeadingTrailingSpace']],
    ['only a space', ' ', ['validation.noLeadingTrailingSpace']],
    ['leading tab', '\tabc', ['validation.noLeadingTrailingSpace']],
    ['trailing newline', 'abc\n', ['validation.noLeadingTrailingSpace']],
    ['leading no-break space', '\u00a0abc', ['validation.noLeadingTrailingSpace']],
    ['leading ideographic space', '\u3000abc', ['validation.noLeadingTrailingSpace']],
    ['over the limit', 'a'.repeat(11), ['validation.tooLong']],
    ['over the limit and padded', ` ${'a'.repeat(10)}`, ['validation.tooLong', 'validation.noLeadingTrailingSpace']],
    ['not a string', 5, ['validation.required']],
  ])('trimmedText rejects %s', (_label, value, keys) => {
    expect(keysOf(trimmed, value)).toEqual(keys);
  });

  test.each([
    ['one word', 'abc'],
    ['inner spaces', 'a b'],
    ['exactly the limit', 'a'.repeat(10)],
  ])('requiredText accepts %s', (_label, value) => {
    expect(keysOf(required, value)).toEqual([]);
  });

  test.each([
    ['empty', '', ['validation.required']],
    ['only a space', ' ', ['validation.noLeadingTrailingSpace']],
    ['leading space', ' abc', ['validation.noLeadingTrailingSpace']],
    ['trailing space', 'abc ', ['validation.noLeadingTrailingSpace']],
    ['over the limit', 'a'.repeat(11), ['validation.tooLong']],
    ['undefined', undefined, ['validation.required']],
  ])('requiredText rejects %s', (_label, value, keys) => {
    expect(keysOf(required, value)).toEqual(keys);
  });

  test('the limit is reported as the issue maximum', () => {
    const result = trimmedText(100).safeParse('a'.repeat(101));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 100, message: 'validation.tooLong' });
  });
});

describe('positive and non-negative numbers (R5.7)', () => {
  test.each([1, 0.001, 42, 1e6, Number.MAX_SAFE_INTEGER])('positive accepts %d', (value) => {
    expect(keysOf(positiveNumberSchema, value)).toEqual([]);
  });

  test.each([0, -0, -1, -0.001, NaN, Infinity, '1', null, undefined])('positive rejects %j', (value) => {
    expect(keysOf(positiveNumberSchema, value)).toEqual(['validation.positiveNumber']);
  });

  test.each([0, -0, 0.5, 1, 1e6])('non-negative accepts %d', (value) => {
    expect(keysOf(nonNegativeNumberSchema, value)).toEqual([]);
  });

  test.each([-1, -0.0001, NaN, -Infinity, '0', null, undefined])('non-negative rejects %j', (value) => {
    expect(keysOf(nonNegativeNumberSchema, value)).toEqual(['validation.nonNegativeNumber']);
  });
});

describe('longitude and latitude (R5.3: optional sign, ≤180 / ≤90, ≤6 decimals, decimals only)', () => {
  test.each([
    ['0', 0],
    ['180', 180],
    ['-180', -180],
    ['+180', 180],
    ['180.000000', 180],
    ['179.999999', 179.999999],
    ['-73.985428', -73.985428],
    ['+116.397128', 116.397128],
    ['12.123456', 12.123456],
    ['0.5', 0.5],
    ['007', 7],
    [116.397128, 116.397128],
    [-180, -180],
    [0.000001, 0.000001],
  ])('longitude accepts %j as %d', (input, output) => {
    const result = longitudeSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(output);
  });

  test.each([
    '1e2',
    '181',
    '-181',
    '180.000001',
    '-180.1',
    '1000',
    '12.1234567',
    '',
    'abc',
    '1.',
    '1,5',
    ' 12',
    '12 ',
    '--1',
    '+-1',
    '0x10',
    'Infinity',
    'NaN',
    181,
    12.1234567,
    1e21,
    NaN,
    Infinity,
    null,
    undefined,
    true,
    {},
  ])('longitude rejects %j', (input) => {
    expect(keysOf(longitudeSchema, input)).toEqual(['validation.longitude']);
  });

  test.each([
    ['0', 0],
    ['90', 90],
    ['-90', -90],
    ['+90', 90],
    ['89.999999', 89.999999],
    ['-33.868820', -33.86882],
    ['39.904211', 39.904211],
    [45.5, 45.5],
  ])('latitude accepts %j as %d', (input, output) => {
    const result = latitudeSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(output);
  });

  test.each([
    '90.000001',
    '91',
    '-91',
    '180',
    '1e1',
    '45.1234567',
    '',
    'abc',
    ' 45',
    '45.',
    91,
    -90.5,
    null,
    undefined,
  ])('latitude rejects %j', (input) => {
    expect(keysOf(latitudeSchema, input)).toEqual(['validation.latitude']);
  });
});
