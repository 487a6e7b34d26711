import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from './languages.js';
import { MESSAGE_KEYS, localiseIssues, translate } from './messages.js';
import {
  REPORT_MAX_DEVICES,
  REPORT_MAX_INDICES,
  energyQuantityOf,
  reportQuerySchema,
  reportQueryStringSchema,
  reportTemplateInputSchema,
} from './reports.js';

const INDICES = [
  'pvPowerW',
  'loadPowerW',
  'gridPowerW',
  'batPowerW',
  'batSocPct',
  'pvEnergyTodayKwh',
  'loadEnergyTodayKwh',
  'gridImportTodayKwh',
  'gridExportTodayKwh',
];
const valid = { name: 'Roof east', description: 'Weekly check', deviceIds: [1, 2], indices: ['pvPowerW', 'batSocPct'] };

/** The localised messages of a refused template, per language. */
function refusal(input: unknown) {
  const result = reportTemplateInputSchema.safeParse(input);
  expect(result.success).toBe(false);
  const issues = result.error!.issues.map((i) => ({
    path: i.path.map(String),
    message: i.message,
    code: i.code,
    maximum: 'maximum' in i ? i.maximum : undefined,
  }));
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, localiseIssues(issues, lang)])) as Record<
    Lang,
    { path: string; message: string }[]
  >;
}

describe('report template schema', () => {
  it('accepts up to 4 devices and 8 catalogue indices', () => {
    const full = { ...valid, deviceIds: [1, 2, 3, 4], indices: INDICES.slice(0, 8) };
    expect(reportTemplateInputSchema.parse(full)).toEqual(full);
    expect(REPORT_MAX_DEVICES).toBe(4);
    expect(REPORT_MAX_INDICES).toBe(8);
  });

  it('refuses a fifth device with the limit in every language', () => {
    const messages = refusal({ ...valid, deviceIds: [1, 2, 3, 4, 5] });
    expect(messages.en).toEqual([{ path: 'deviceIds', message: 'At most 4 devices can be selected' }]);
    expect(messages.zh[0]!.message).toBe('最多只能选择 4 台设备');
    expect(messages.cs[0]!.message).toBe('Lze vybrat nejvýše 4 zařízení');
    expect(messages.de[0]!.message).toBe('Es können höchstens 4 Geräte ausgewählt werden');
  });

  it('refuses a ninth index with the limit in every language', () => {
    const messages = refusal({ ...valid, indices: INDICES });
    expect(messages.en).toEqual([{ path: 'indices', message: 'At most 8 indices can be selected' }]);
    expect(messages.zh[0]!.message).toBe('最多只能选择 8 个指标');
    expect(messages.cs[0]!.message).toBe('Lze vybrat nejvýše 8 ukazatelů');
    expect(messages.de[0]!.message).toBe('Es können höchstens 8 Kennzahlen ausgewählt werden');
  });

  it.each([
    ['no devices', { ...valid, deviceIds: [] }, 'deviceIds', 'Select at least one device'],
    ['the same device twice', { ...valid, deviceIds: [3, 3] }, 'deviceIds', 'A device can be selected only once'],
    ['no indices', { ...valid, indices: [] }, 'indices', 'Select at least one index'],
    [
      'an unknown index',
      { ...valid, indices: ['pvPowerW', 'rm -rf'] },
      'indices.1',
      'This index does not exist or has no history',
    ],
    [
      'a coded state (no curve)',
      { ...valid, indices: ['workMode'] },
      'indices.0',
      'This index does not exist or has no history',
    ],
    [
      'a prototype key',
      { ...valid, indices: ['__proto__'] },
      'indices.0',
      'This index does not exist or has no history',
    ],
    ['a negative device id', { ...valid, deviceIds: [-1] }, 'deviceIds.0', 'This value is not valid'],
    ['a device id beyond int4', { ...valid, deviceIds: [2 ** 31] }, 'deviceIds.0', 'This value is not valid'],
    ['a device id as text', { ...valid, deviceIds: ['1 OR 1=1'] }, 'deviceIds.0', 'This value is not valid'],
    ['an empty name', { ...valid, name: '' }, 'name', undefined],
    ['a formula-like name with a NUL', { ...valid, name: '=1+1\u0000' }, 'name', undefined],
    ['a name of 51 characters', { ...valid, name: 'x'.repeat(51) }, 'name', undefined],
  ])('refuses %s with a localised message', (_what, input, path, english) => {
    const messages = refusal(input);
    const first = messages.en.find((m) => m.path === path);
    expect(first, JSON.stringify(messages.en)).toBeDefined();
    if (english) expect(first!.message).toBe(english);
    // Every language has its own words for it (no key or English copy leaks through).
    for (const lang of ['zh', 'cs', 'de'] as const) {
      const own = messages[lang].find((m) => m.path === path)!.message;
      expect(own).not.toMatch(/^report\.|^validation\./);
      expect(own).not.toBe(first!.message);
    }
  });

  it('refuses unknown keys and non-objects', () => {
    expect(reportTemplateInputSchema.safeParse({ ...valid, ownerId: 1 }).success).toBe(false);
    expect(reportTemplateInputSchema.safeParse([valid]).success).toBe(false);
    expect(reportTemplateInputSchema.safeParse(null).success).toBe(false);
  });
});

describe('report query schema', () => {
  it('needs a template or devices and indices', () => {
    expect(reportQuerySchema.safeParse({ templateId: 3 }).success).toBe(true);
    expect(reportQuerySchema.safeParse({ deviceIds: [1], indices: ['pvPowerW'] }).success).toBe(true);
    const none = reportQuerySchema.safeParse({ period: 'day' });
    expect(none.error?.issues.map((i) => i.message)).toEqual(['report.noDevices', 'report.noIndices']);
  });

  it('checks a custom range: both ends, in order, at most 366 days', () => {
    const q = { templateId: 1, period: 'custom' };
    expect(reportQuerySchema.safeParse({ ...q, start: '2026-01-01' }).error?.issues[0]?.message).toBe(
      'history.selectDate',
    );
    expect(
      reportQuerySchema.safeParse({ ...q, start: '2026-02-02', end: '2026-02-01' }).error?.issues[0]?.message,
    ).toBe('history.startBeforeEnd');
    expect(
      reportQuerySchema.safeParse({ ...q, start: '2025-01-01', end: '2026-01-02' }).error?.issues[0]?.message,
    ).toBe('report.rangeTooLong');
    expect(reportQuerySchema.safeParse({ ...q, start: '2025-01-01', end: '2026-01-01' }).success).toBe(true);
    expect(reportQuerySchema.safeParse({ ...q, start: '2026-02-30', end: '2026-03-01' }).success).toBe(false);
  });

  it('reads the same query from a query string, refusing what is not a list of ids or keys', () => {
    expect(reportQueryStringSchema.parse({ deviceIds: '3,7', indices: 'pvPowerW,batSocPct', period: 'day' })).toEqual({
      deviceIds: [3, 7],
      indices: ['pvPowerW', 'batSocPct'],
      period: 'day',
      step: '1h',
    });
    for (const deviceIds of ['1;DROP TABLE devices', '1,2,3,4,5', '', '1,,2', '99999999999'])
      expect(reportQueryStringSchema.safeParse({ deviceIds, indices: 'pvPowerW' }).success, deviceIds).toBe(false);
    const nine = reportQueryStringSchema.safeParse({ deviceIds: '1', indices: INDICES.join(',') });
    expect(nine.error?.issues[0]?.message).toBe('report.tooManyIndices');
    expect(reportQueryStringSchema.safeParse({ templateId: '1e3' }).success).toBe(true);
    expect(reportQueryStringSchema.safeParse({ templateId: 'abc' }).success).toBe(false);
  });

  it('knows the energy behind each daily counter', () => {
    expect(energyQuantityOf('pvEnergyTodayKwh')).toBe('pv');
    expect(energyQuantityOf('batDischargeTodayKwh')).toBe('batDischarge');
    expect(energyQuantityOf('pvPowerW')).toBeUndefined();
  });

  it('has every message in every language', () => {
    for (const key of MESSAGE_KEYS.filter((k) => k.startsWith('report.')))
      for (const lang of LANGUAGES) expect(translate(key, lang)).not.toBe(key);
  });
});
