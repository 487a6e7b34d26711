import { describe, expect, it } from 'vitest';
import { findHostileInput } from '../hostile-input.js';
import { LANGUAGES } from '../languages.js';
import { isMessageKey, localiseIssues, translate } from '../messages.js';
import { NOTIFICATION_RULE_LIMITS, notificationRuleMatches } from './notification-rules.js';
import {
  notificationRuleEnabledSchema,
  notificationRuleInputSchema,
  notificationRuleListQuerySchema,
} from './notification-rules-schemas.js';

const VALID = {
  name: 'Night shift',
  allPlants: false,
  plantIds: [3, 5],
  groups: ['grid'],
  codes: ['battery.socLow'],
  minSeverity: 'major',
  userIds: [7],
  emails: ['ops@example.com'],
  phones: [{ prePhoneCode: '+86', phone: '13812345678' }],
  channels: ['email', 'sms'],
  hourlyLimit: 10,
  dailyLimit: 50,
  recoveryNotices: true,
  enabled: true,
};
const valid = (change: Record<string, unknown> = {}) => ({ ...VALID, ...change });

/** The first issue's path and message key, or 'ok'. */
function outcome(value: unknown): string {
  const result = notificationRuleInputSchema.safeParse(value);
  if (result.success) return 'ok';
  const [issue] = result.error.issues;
  // An unknown field's issue is recognised by its code; localiseIssues lists the fields in its own words.
  const said = issue!.code === 'unrecognized_keys' ? 'unknown field' : issue!.message;
  return `${issue!.path.join('.')}: ${said}`;
}

describe('notification rule input', () => {
  it('accepts a full rule and trims the name, lower-cases e-mail addresses', () => {
    const parsed = notificationRuleInputSchema.parse(valid({ name: '  Night shift ', emails: ['Ops@Example.com'] }));
    expect(parsed.name).toBe('Night shift');
    expect(parsed.emails).toEqual(['ops@example.com']);
  });

  it('fills empty lists when they are left out', () => {
    const { plantIds: _p, groups: _g, codes: _c, userIds: _u, phones: _ph, ...rest } = VALID;
    const parsed = notificationRuleInputSchema.parse({ ...rest, allPlants: true, channels: ['email'] });
    expect(parsed).toMatchObject({ plantIds: [], groups: [], codes: [], userIds: [], phones: [] });
  });

  it.each([
    ['empty name', valid({ name: '   ' }), 'name: validation.required'],
    ['name of 65 characters', valid({ name: 'a'.repeat(65) }), 'name: validation.tooLong'],
    ['name of 64 characters', valid({ name: 'a'.repeat(64) }), 'ok'],
    ['1 MB name', valid({ name: 'x'.repeat(1024 * 1024) }), 'name: validation.tooLong'],
    ['NUL in the name', valid({ name: 'a\u0000b' }), 'name: validation.nulCharacter'],
    ['lone surrogate in the name', valid({ name: 'a\ud800b' }), 'name: validation.loneSurrogate'],
    ['name not text', valid({ name: 5 }), 'name: validation.required'],
    ['no plants chosen', valid({ plantIds: [] }), 'plantIds: notificationRule.plantsRequired'],
    ['all plants and single plants', valid({ allPlants: true }), 'plantIds: notificationRule.plantsWithAll'],
    ['all plants', valid({ allPlants: true, plantIds: [] }), 'ok'],
    ['a plant twice', valid({ plantIds: [3, 3] }), 'plantIds.1: notificationRule.duplicate'],
    ['a plant id not an id', valid({ plantIds: [1.5] }), 'plantIds.0: validation.invalidValue'],
    ['a plant id too large', valid({ plantIds: [2 ** 31] }), 'plantIds.0: validation.invalidValue'],
    [
      'too many plants',
      valid({ plantIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
      'plantIds: notificationRule.tooMany',
    ],
    ['an unknown group', valid({ groups: ['weather'] }), 'groups.0: validation.invalidValue'],
    ['an unknown code', valid({ codes: ['grid.nope'] }), 'codes.0: notificationRule.unknownCode'],
    ['a code twice', valid({ codes: ['battery.socLow', 'battery.socLow'] }), 'codes.1: notificationRule.duplicate'],
    ['an unknown severity', valid({ minSeverity: 'fatal' }), 'minSeverity: validation.invalidValue'],
    ['no receiver', valid({ userIds: [], emails: [], phones: [] }), 'userIds: notificationRule.receiverRequired'],
    ['only a user', valid({ emails: [], phones: [] }), 'ok'],
    ['21 users', valid({ userIds: Array.from({ length: 21 }, (_, i) => i + 1) }), 'userIds: notificationRule.tooMany'],
    ['a bad e-mail', valid({ emails: ['nope'] }), 'emails.0: validation.email'],
    ['an e-mail twice in two cases', valid({ emails: ['a@b.cz', 'A@B.cz'] }), 'emails.1: notificationRule.duplicate'],
    [
      'a bad calling code',
      valid({ phones: [{ prePhoneCode: '+44', phone: '7700900123' }] }),
      'phones.0.prePhoneCode: validation.phonePrefix',
    ],
    [
      'a bad mobile number',
      valid({ phones: [{ prePhoneCode: '+86', phone: '12345' }] }),
      'phones.0.phone: validation.phone',
    ],
    [
      'a number with letters',
      valid({ phones: [{ prePhoneCode: '+1', phone: '55a' }] }),
      'phones.0.phone: validation.digitsOnly',
    ],
    ['an empty number', valid({ phones: [{ prePhoneCode: '+1', phone: '' }] }), 'phones.0.phone: validation.required'],
    [
      'a phone with extra fields',
      valid({ phones: [{ prePhoneCode: '+86', phone: '13812345678', x: 1 }] }),
      'phones.0: unknown field',
    ],
    ['a Dutch mobile', valid({ phones: [{ prePhoneCode: '+31', phone: '612345678' }] }), 'ok'],
    ['a phone twice', valid({ phones: [VALID.phones[0], VALID.phones[0]] }), 'phones.1: notificationRule.duplicate'],
    ['no channel', valid({ channels: [] }), 'channels: notificationRule.channelRequired'],
    ['an unknown channel', valid({ channels: ['pigeon'] }), 'channels.0: validation.invalidValue'],
    [
      'SMS without phone or user',
      valid({ userIds: [], phones: [], channels: ['sms'] }),
      'phones: notificationRule.smsNeedsPhone',
    ],
    ['SMS to a user', valid({ phones: [], emails: [], channels: ['sms'] }), 'ok'],
    [
      'e-mail without address or user',
      valid({ userIds: [], emails: [], channels: ['email'] }),
      'emails: notificationRule.emailNeedsAddress',
    ],
    ['hourly limit 0', valid({ hourlyLimit: 0 }), 'hourlyLimit: notificationRule.limitRange'],
    ['daily limit 1001', valid({ dailyLimit: 1001 }), 'dailyLimit: notificationRule.limitRange'],
    ['a fractional limit', valid({ hourlyLimit: 2.5 }), 'hourlyLimit: notificationRule.limitRange'],
    ['a limit as text', valid({ hourlyLimit: '5' }), 'hourlyLimit: notificationRule.limitRange'],
    [
      'an infinite limit (1e309)',
      valid({ dailyLimit: JSON.parse('1e309') as number }),
      'dailyLimit: notificationRule.limitRange',
    ],
    [
      'hourly above daily',
      valid({ hourlyLimit: 60, dailyLimit: 50 }),
      'hourlyLimit: notificationRule.hourlyAboveDaily',
    ],
    ['hourly equal to daily', valid({ hourlyLimit: 1000, dailyLimit: 1000 }), 'ok'],
    ['enabled not a boolean', valid({ enabled: 'yes' }), 'enabled: validation.invalidValue'],
    ['an unknown field', valid({ owner: 1 }), ': unknown field'],
    ['an array where the rule belongs', [VALID], ': validation.invalidValue'],
    [
      'an array where a phone belongs',
      valid({ phones: [['+86', '13812345678']] }),
      'phones.0: validation.invalidValue',
    ],
    ['an object where a list belongs', valid({ emails: { a: 'x@y.cz' } }), 'emails: validation.invalidValue'],
  ])('%s', (_what, value, expected) => {
    expect(outcome(value)).toBe(expected);
  });

  it('speaks only in message keys, in every language', () => {
    const bad = [
      valid({ name: '' }),
      valid({ userIds: [], emails: [], phones: [] }),
      valid({ hourlyLimit: 0, dailyLimit: 2000, channels: [] }),
      valid({ phones: [{ prePhoneCode: '+86', phone: '1' }], emails: ['x'] }),
      [],
      null,
    ];
    for (const value of bad) {
      const result = notificationRuleInputSchema.safeParse(value);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        if (issue.code === 'unrecognized_keys') continue;
        expect(isMessageKey(issue.message), issue.message).toBe(true);
      }
      for (const lang of LANGUAGES) {
        for (const { message } of localiseIssues(result.error!.issues, lang)) expect(message).not.toMatch(/^\w+\.\w+$/);
      }
    }
  });

  it('localises the rule-level messages', () => {
    const result = notificationRuleInputSchema.safeParse(valid({ hourlyLimit: 60, dailyLimit: 50 }));
    expect(localiseIssues(result.error!.issues, 'de')).toEqual([
      { path: 'hourlyLimit', message: translate('notificationRule.hourlyAboveDaily', 'de') },
    ]);
    const many = notificationRuleInputSchema.safeParse(valid({ userIds: Array.from({ length: 21 }, (_, i) => i + 1) }));
    expect(localiseIssues(many.error!.issues, 'en')[0]!.message).toBe(
      `At most ${NOTIFICATION_RULE_LIMITS.users} entries`,
    );
  });

  it('the hostile-input rule the server applies first catches what JSON lets through', () => {
    expect(findHostileInput(JSON.parse('{"hourlyLimit": 1e309}'))).toEqual({
      path: ['hourlyLimit'],
      key: 'validation.numberRange',
    });
    expect(findHostileInput(JSON.parse('{"emails": ["a\\u0000@b.cz"]}'))?.key).toBe('validation.nulCharacter');
    expect(findHostileInput(JSON.parse('{"name": "\\udc00"}'))?.key).toBe('validation.loneSurrogate');
  });
});

describe('notification rule list and switch', () => {
  it.each([
    [{}, { page: 1, pageSize: 15 }],
    [
      { name: ' night ', enabled: 'false', page: '2' },
      { name: 'night', enabled: 'false', page: 2, pageSize: 15 },
    ],
  ])('%j reads as %j', (query, expected) => {
    expect(notificationRuleListQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([[{ enabled: 'maybe' }], [{ name: 'x'.repeat(65) }], [{ pageSize: 500 }]])('refuses %j', (query) => {
    expect(notificationRuleListQuerySchema.safeParse(query).success).toBe(false);
  });

  it.each([
    [{ enabled: true }, true],
    [{ enabled: 'true' }, false],
    [{}, false],
    [{ enabled: false, extra: 1 }, false],
  ])('switch body %j → %s', (body, ok) => {
    expect(notificationRuleEnabledSchema.safeParse(body).success).toBe(ok);
  });
});

describe('notificationRuleMatches', () => {
  const alarm = { group: 'grid', code: 'grid.voltageHigh', severity: 'major' } as const;
  it.each([
    [{ groups: [], codes: [], minSeverity: 'warning' }, true],
    [{ groups: [], codes: [], minSeverity: 'critical' }, false],
    [{ groups: ['grid'], codes: [], minSeverity: 'major' }, true],
    [{ groups: ['battery'], codes: [], minSeverity: 'warning' }, false],
    [{ groups: ['battery'], codes: ['grid.voltageHigh'], minSeverity: 'warning' }, true],
    [{ groups: [], codes: ['grid.voltageLow'], minSeverity: 'warning' }, false],
  ] as const)('%j → %s', (rule, expected) => {
    expect(notificationRuleMatches({ ...rule, groups: [...rule.groups], codes: [...rule.codes] }, alarm)).toBe(
      expected,
    );
  });
});
