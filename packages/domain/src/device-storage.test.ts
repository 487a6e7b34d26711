import { describe, expect, test } from 'vitest';
import { DEVICE_KIND_LABELS, DEVICE_MODELS, isKnownModel, kindFromLabel, stockInSchema } from './device-storage.js';
import { LANGUAGES } from './languages.js';
import { isMessageKey, translate, translator } from './messages.js';

function issuesOf(value: unknown): string[] {
  const result = stockInSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('stock-in schema', () => {
  test.each([
    ['an inverter', { sn: 'VF10K2400101', kind: 'inverter', modelType: '10K' }],
    [
      'an inverter with its battery',
      { sn: 'VF10K2400101', kind: 'inverter', modelType: '6K', batteryModelType: 'VF-LFP-10' },
    ],
    [
      'a battery system',
      { sn: 'VFBAT2400101', kind: 'battery', modelType: 'VF-LFP-20', installationPosition: 'garage' },
    ],
    ['a collector for a subordinate', { sn: 'VFDTU2400100', kind: 'collector', modelType: 'DTU4G', ownerId: 7 }],
    ['text with spaces around it', { sn: 'VF10K2400101', kind: 'inverter', modelType: ' 10K ' }],
  ])('accepts %s', (_name, value) => {
    expect(issuesOf(value)).toEqual([]);
  });

  test.each([
    [
      'a lower-case serial number',
      { sn: 'vf10k2400101', kind: 'inverter', modelType: '10K' },
      ['sn: validation.serialNumber'],
    ],
    ['a short serial number', { sn: 'VF1', kind: 'inverter', modelType: '10K' }, ['sn: validation.serialNumber']],
    ['an unknown kind', { sn: 'VF10K2400101', kind: 'meter', modelType: '10K' }, ['kind: validation.invalidValue']],
    [
      'an unknown model',
      { sn: 'VF10K2400101', kind: 'inverter', modelType: '8K' },
      ['modelType: deviceStorage.unknownModel'],
    ],
    [
      'a model of another kind',
      { sn: 'VF10K2400101', kind: 'collector', modelType: '10K' },
      ['modelType: deviceStorage.unknownModel'],
    ],
    [
      'a battery model on a collector',
      { sn: 'VFDTU2400100', kind: 'collector', modelType: 'DTU4G', batteryModelType: 'VF-LFP-10' },
      ['batteryModelType: deviceStorage.unknownModel'],
    ],
    ['no model', { sn: 'VF10K2400101', kind: 'inverter', modelType: '' }, ['modelType: validation.required']],
    [
      'an unknown field',
      { sn: 'VF10K2400101', kind: 'inverter', modelType: '10K', secret: 'x' },
      [': Unrecognized key: "secret"'],
    ],
  ])('refuses %s', (_name, value, issues) => {
    expect(issuesOf(value)).toEqual(issues);
  });

  test('every message key the schema uses exists', () => {
    for (const key of ['deviceStorage.unknownModel', 'validation.serialNumber', 'validation.invalidValue'])
      expect(isMessageKey(key), key).toBe(true);
    expect(translate('success.stockedIn', 'en')).toBe('Put in storage');
    expect(translate('success.activated', 'en')).toBe('Activated');
  });
});

describe('model catalogue and kind labels', () => {
  test.each([
    ['inverter', '5K', true],
    ['inverter', '10K', true],
    ['inverter', 'VF-LFP-10', false],
    ['battery', 'VF-LFP-30', true],
    ['collector', 'DTU4G', true],
    ['collector', 'dtu4g', false],
  ] as const)('%s %s known: %s', (kind, model, known) => {
    expect(isKnownModel(kind, model)).toBe(known);
  });

  test.each([
    ['inverter', 'inverter'],
    ['Battery system', 'battery'],
    [' 采集器 ', 'collector'],
    ['wechselrichter', 'inverter'],
    ['Bateriový systém', 'battery'],
    ['meter', undefined],
    ['', undefined],
  ])('"%s" names %s', (text, kind) => {
    expect(kindFromLabel(text, LANGUAGES.map(translator))).toBe(kind);
  });

  test('every kind has a catalogue and four distinct labels', () => {
    for (const [kind, key] of Object.entries(DEVICE_KIND_LABELS)) {
      expect(DEVICE_MODELS[kind as keyof typeof DEVICE_MODELS].length, kind).toBeGreaterThan(0);
      const labels = LANGUAGES.map((lang) => translate(key, lang));
      expect(new Set(labels).size, kind).toBe(4);
      expect(labels, kind).not.toContain(key);
    }
  });
});
