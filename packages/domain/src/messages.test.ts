import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from './languages.js';
import { MESSAGE_KEYS, isMessageKey, localiseIssues, translate, translateOr, translator } from './messages.js';
import { profileUpdateSchema, roleInputSchema, userCreateSchema } from './users.js';
import { requiredText, latitudeSchema, longitudeSchema } from './validation-schemas.js';
import {
  digitsOnlySchema,
  emailSchema,
  nonNegativeNumberSchema,
  passwordSchema,
  personNameSchema,
  phonePrefixSchema,
  positiveNumberSchema,
  usernameSchema,
} from './validation-schemas.js';

describe('message keys', () => {
  test('the catalogue has the R8.5 messages', () => {
    expect(MESSAGE_KEYS.length).toBeGreaterThan(20);
    expect(translate('auth.publicKeyFailed', 'en')).toBe('Failed to obtain public key');
    expect(translate('error.server', 'en')).toBe('Server error, please try again later');
    expect(translate('auth.sessionExpired', 'en')).toBe('Login expired, please login again');
  });

  test.each([
    ['validation.required', true],
    ['validation.passwordLength', true],
    ['ok', true],
    ['plant.deleteNeedsConfirmation', true],
    ['validation.nope', false],
    ['', false],
    ['constructor', false],
    ['toString', false],
    ['__proto__', false],
    ['hasOwnProperty', false],
  ])('isMessageKey(%j) → %s', (key, expected) => {
    expect(isMessageKey(key)).toBe(expected);
  });
});

describe('every validation rule speaks in message keys', () => {
  const cases: [string, z.ZodType, unknown][] = [
    ['password too short', passwordSchema, 'short'],
    ['password with a space', passwordSchema, 'abcd efgh'],
    ['password in Chinese', passwordSchema, '密码密码密码密码'],
    ['password missing', passwordSchema, undefined],
    ['username too short', usernameSchema, 'ab'],
    ['username with a space', usernameSchema, 'a b c'],
    ['username in Chinese', usernameSchema, '用户名'],
    ['name with a tab', personNameSchema, 'a\tb'],
    ['name too long', personNameSchema, 'a'.repeat(65)],
    ['email', emailSchema, 'nope'],
    ['digits', digitsOnlySchema, '1a'],
    ['calling code', phonePrefixSchema, '+44'],
    ['positive number', positiveNumberSchema, 0],
    ['non-negative number', nonNegativeNumberSchema, -1],
    ['longitude', longitudeSchema, '181'],
    ['latitude', latitudeSchema, '91'],
    ['padded text', requiredText(10), ' a'],
    ['empty text', requiredText(10), ''],
    ['long text', requiredText(10), 'a'.repeat(11)],
    ['profile phone', profileUpdateSchema, { name: 'a', phone: '123' }],
    ['profile phone digits', profileUpdateSchema, { name: 'a', phone: '1-2' }],
    ['user level', userCreateSchema, { name: 'a', username: 'abc', password: 'x', roleId: 1, level: 9 }],
    ['user role', userCreateSchema, { name: 'a', username: 'abc', password: 'x', level: 1 }],
    ['user password', userCreateSchema, { name: 'a', username: 'abc', password: '', roleId: 1, level: 1 }],
    ['role view', roleInputSchema, { name: 'r', permissions: [], views: ['bigScreen/nope'] }],
    ['role without permissions', roleInputSchema, { name: 'r' }],
  ];

  test.each(cases)('%s', (_label, schema, value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    for (const issue of result.error?.issues ?? []) expect(isMessageKey(issue.message), issue.message).toBe(true);
  });
});

describe('translate', () => {
  test.each([
    ['validation.passwordLength', 'zh', {}, '密码长度为 8 到 16 位'],
    ['validation.passwordLength', 'en', {}, 'The password must be 8 to 16 characters long'],
    ['validation.passwordLength', 'cs', {}, 'Heslo musí mít 8 až 16 znaků'],
    ['validation.passwordLength', 'de', {}, 'Das Passwort muss 8 bis 16 Zeichen lang sein'],
    ['validation.tooLong', 'en', { max: 10 }, 'At most 10 characters'],
    ['validation.tooLong', 'zh', { max: '64' }, '最多 64 个字符'],
    ['validation.tooLong', 'cs', { max: 0 }, 'Nejvýše 0 znaků'],
    ['validation.exceedsLimit', 'de', { max: 100 }, 'Der Wert darf 100 nicht überschreiten'],
    ['auth.accountLocked', 'en', { minutes: 15 }, 'Too many failed logins, please try again in 15 minutes'],
    ['auth.accountLocked', 'zh', { minutes: 5 }, '登录失败次数过多，请 5 分钟后再试'],
    ['validation.unknownField', 'en', { fields: 'a, b' }, 'Fields not allowed here: a, b'],
    // a numeric count picks the language's plural form (i18next's key_one, key_other, …)
    [
      'plant.deleteNeedsConfirmation',
      'en',
      { count: 1 },
      'This plant still has 1 device: confirm the deletion, it will go back to awaiting activation',
    ],
    [
      'plant.deleteNeedsConfirmation',
      'en',
      { count: 3 },
      'This plant still has 3 devices: confirm the deletion, they will go back to awaiting activation',
    ],
    [
      'plant.deleteNeedsConfirmation',
      'de',
      { count: 1 },
      'Diese Anlage hat noch 1 Gerät: Bestätigen Sie das Löschen, es kehrt in den Status „wartet auf Aktivierung“ zurück',
    ],
    ['plant.deleteNeedsConfirmation', 'zh', { count: 1 }, '该电站仍有 1 台设备，请确认删除：设备将恢复为待激活状态'],
    // without a count the other form is the text (a caller that forgot the count still gets a sentence)
    [
      'plant.deleteNeedsConfirmation',
      'en',
      {},
      'This plant still has {{count}} devices: confirm the deletion, they will go back to awaiting activation',
    ],
    // a missing parameter leaves the placeholder; extra parameters are ignored
    ['validation.tooLong', 'en', {}, 'At most {{max}} characters'],
    ['validation.required', 'en', { max: 3 }, 'This field is required'],
    // a value that looks like a placeholder is not filled again
    ['validation.unknownField', 'en', { fields: '{{fields}}' }, 'Fields not allowed here: {{fields}}'],
    // unknown keys come back as they are
    ['no.such.key', 'de', {}, 'no.such.key'],
    ['constructor', 'en', {}, 'constructor'],
  ] as const)('%s in %s with %j', (key, lang, params, text) => {
    expect(translate(key, lang, params)).toBe(text);
  });

  test('without params', () => {
    expect(translate('ok', 'de')).toBe('Erfolgreich');
  });
});

describe('localiseIssues', () => {
  const localise = (schema: z.ZodType, value: unknown, lang: (typeof LANGUAGES)[number]) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected the value to be rejected');
    return localiseIssues(result.error.issues, lang);
  };

  test('a message key becomes its text', () => {
    expect(localise(passwordSchema, 'short', 'en')).toEqual([
      { path: '', message: 'The password must be 8 to 16 characters long' },
    ]);
    expect(localise(passwordSchema, 'short', 'zh')).toEqual([{ path: '', message: '密码长度为 8 到 16 位' }]);
  });

  test('paths are joined with dots', () => {
    const schema = z.object({ user: z.object({ phones: z.array(digitsOnlySchema) }) });
    expect(localise(schema, { user: { phones: ['1', 'x'] } }, 'de')).toEqual([
      { path: 'user.phones.1', message: 'Nur Ziffern sind erlaubt' },
    ]);
  });

  test('object-level refinements land on their field', () => {
    expect(localise(profileUpdateSchema, { name: 'a', phone: '12345' }, 'cs')).toEqual([
      { path: 'phone', message: 'Zadejte platné číslo mobilního telefonu' },
    ]);
  });

  test('several issues keep their order', () => {
    expect(localise(usernameSchema, 'a b', 'en')).toEqual([
      { path: '', message: 'Spaces are not allowed' },
      { path: '', message: 'The username must be 3 to 32 letters, digits, underscores, dots or dashes' },
    ]);
  });

  test('unrecognized_keys lists the fields', () => {
    const schema = z.strictObject({ a: z.string() });
    expect(localise(schema, { a: 'x', foo: 1, bar: 2 }, 'en')).toEqual([
      { path: '', message: 'Fields not allowed here: foo, bar' },
    ]);
    expect(localise(schema, { a: 'x', foo: 1 }, 'de')).toEqual([
      { path: '', message: 'Hier nicht erlaubte Felder: foo' },
    ]);
    expect(localise(z.object({ inner: schema }), { inner: { a: 'x', zz: 1 } }, 'zh')).toEqual([
      { path: 'inner', message: '不允许的字段：zz' },
    ]);
  });

  test('unrecognized_keys without keys still gives the message', () => {
    expect(localiseIssues([{ code: 'unrecognized_keys', path: [], message: 'x' }], 'en')).toEqual([
      { path: '', message: 'Fields not allowed here: ' },
    ]);
  });

  test('too_big with a message key fills {{max}}', () => {
    expect(localise(requiredText(100), 'a'.repeat(101), 'en')).toEqual([
      { path: '', message: 'At most 100 characters' },
    ]);
    expect(localise(personNameSchema, 'a'.repeat(65), 'de')).toEqual([{ path: '', message: 'Höchstens 64 Zeichen' }]);
  });

  test('too_big on a string without a message key falls back to tooLong with {max}', () => {
    expect(localise(z.object({ note: z.string().max(5) }), { note: '123456' }, 'en')).toEqual([
      { path: 'note', message: 'At most 5 characters' },
    ]);
    expect(localise(z.string().max(3), 'abcd', 'zh')).toEqual([{ path: '', message: '最多 3 个字符' }]);
  });

  test('too_big on a number says the value must not exceed the limit (R5.7), not "characters"', () => {
    expect(localise(z.object({ power: z.number().max(100) }), { power: 101 }, 'en')).toEqual([
      { path: 'power', message: 'The value must not exceed 100' },
    ]);
  });

  test('invalid_type without a message key says the field is required', () => {
    expect(localise(z.object({ name: z.string() }), {}, 'en')).toEqual([
      { path: 'name', message: 'This field is required' },
    ]);
  });

  test('other issues without a message key say the value is not valid', () => {
    expect(localise(z.enum(['a', 'b']), 'c', 'en')).toEqual([{ path: '', message: 'This value is not valid' }]);
    expect(localise(z.string().min(3), 'ab', 'cs')).toEqual([{ path: '', message: 'Tato hodnota není platná' }]);
  });

  test.each(LANGUAGES.map((lang) => [lang]))('every language in %s', (lang) => {
    const [issue] = localise(passwordSchema, 'abcd efgh', lang);
    expect(issue?.message).toBe(translate('validation.noSpaces', lang));
  });

  test('hand-made issues', () => {
    expect(
      localiseIssues(
        [
          { path: ['a', 0], message: 'validation.email' },
          { path: ['b'], message: 'some zod text', code: 'too_big', maximum: 7 },
          { path: [], message: 'some zod text', code: 'custom' },
        ],
        'en',
      ),
    ).toEqual([
      { path: 'a.0', message: 'Please enter a valid e-mail address' },
      { path: 'b', message: 'At most 7 characters' },
      { path: '', message: 'This value is not valid' },
    ]);
  });
});

describe('translator and translateOr', () => {
  test.each([
    ['recordAction.plant_update', 'en', { name: 'Suzhou' }, 'Plant Suzhou edited'],
    ['recordHeadline.devices', 'de', { count: 10 }, '10 Geräte'],
    ['option.workModes.2', 'zh', {}, '储能模式'],
    ['alarmUnknown.name', 'cs', { n: 77 }, 'Neznámý kód 77'],
  ] as const)('translator(%s) in %s reads %o as %s', (key, lang, params, text) => {
    expect(translator(lang)(key, params)).toBe(text);
    expect(translator(lang)(key, params)).toBe(translate(key, lang, params));
  });

  test.each([
    ['permission.module.A', 'de', 'A', 'Anlagenzentrale'],
    [undefined, 'de', 'Z/Z', 'Z/Z'],
    [null, 'en', '7', '7'],
  ] as const)('translateOr(%s) in %s, else %s: %s', (key, lang, fallback, text) => {
    expect(translateOr(key, lang, fallback)).toBe(text);
  });
});
