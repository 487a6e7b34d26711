import { beforeEach, describe, expect, it } from 'vitest';
import { parameterCatalogue } from '@voltfleet/osim';
import { messagesIn } from '@/test/texts';
import { filterCatalogue, meaningText, rangeText, repeatText } from './catalogue-filter';
import { osimText } from './osim-text';

// The tables' names read in the UI's language (the catalogue's `osim` and `options` namespaces, loaded as the online
// debug route loads them).
beforeEach(() => messagesIn('en'));

const catalogue = parameterCatalogue(603);
const shown = async (q: string, lang: 'en' | 'de' | 'zh' = 'en') => {
  await messagesIn(lang);
  return filterCatalogue(catalogue, q).map((c) => [
    c.code,
    c.fields.length === catalogue.find((x) => x.code === c.code)?.fields.length
      ? 'all'
      : c.fields.map((f) => f.key).join(','),
  ]);
};

describe('filterCatalogue', () => {
  it('shows everything for an empty search', () => {
    expect(filterCatalogue(catalogue, '  ')).toEqual(catalogue);
  });

  it.each<[string, string, 'en' | 'de', string[][]]>([
    ['a command code, whole', '0a', 'en', [['0A', 'all']]],
    [
      'fields by key, case-insensitive, only those fields',
      'POWERFACTOR',
      'en',
      [
        ['0B', 'powerFactor,backupPowerFactor'],
        ['67', 'powerFactor'],
        ['95', 'powerFactor'],
      ],
    ],
    [
      'a field name in German',
      'Leistungsfaktor-Sollwert',
      'de',
      [
        ['67', 'powerFactor'],
        ['95', 'powerFactor'],
      ],
    ],
  ])('finds %s', async (_name, q, lang, expected) => {
    expect(await shown(q, lang)).toEqual(expected);
  });

  it('does not find an English name when searching in German', async () => {
    expect(await shown('Power factor setpoint', 'de')).toEqual([]);
  });

  it('finds nothing for a text no command or field has', () => {
    expect(filterCatalogue(catalogue, 'no such field at all')).toEqual([]);
  });
});

describe('rangeText and meaningText', () => {
  it.each([
    ['allowed values', { allowed: [0, 1, 2], min: null, max: null }, '0, 1, 2'],
    ['a closed range', { allowed: null, min: -1, max: 1 }, '-1 – 1'],
    ['an open upper end', { allowed: null, min: 10, max: null }, '10 – '],
    ['no limit besides the wire size', { allowed: null, min: null, max: null }, ''],
  ])('reads %s', (_name, field, text) => {
    expect(rangeText(field)).toBe(text);
  });

  it.each([
    ['en', '0 = Off; 1 = On'],
    ['de', '0 = Aus; 1 = Ein'],
  ] as const)('spells the meaning of each value in %s', async (lang, text) => {
    await messagesIn(lang);
    const field = catalogue.find((c) => c.code === '64')?.fields.find((f) => f.key === 'onOff');
    expect(field && meaningText(field)).toBe(text);
  });

  it('has no meaning for a field without options', () => {
    expect(meaningText({ options: [] })).toBe('');
  });
});

describe('repeatText', () => {
  const command66 = catalogue.find((c) => c.code === '66');
  const field = (key: string) => command66?.fields.find((f) => f.key === key);

  it.each([
    ['en', 'Number of tariff periods'],
    ['zh', '电价时段数'],
    ['de', 'Anzahl der Tarifzeiträume'],
  ] as const)('names the field holding the count in %s', async (lang, text) => {
    await messagesIn(lang);
    const startTime = field('startTime');
    expect(command66 && startTime && repeatText(command66, startTime)).toBe(text);
  });

  it('gives a fixed count as the number and nothing for a single value', () => {
    expect(repeatText({ fields: [] }, { repeat: 48 })).toBe('48');
    expect(repeatText({ fields: [] }, { repeat: null })).toBe('');
  });
});

describe('type names', () => {
  it.each([
    ['en', 'Single bit', 'bit 12'],
    ['zh', '单个位', '第 12 位'],
    ['cs', 'Jednotlivý bit', 'bit 12'],
    ['de', 'Einzelbit', 'Bit 12'],
  ] as const)('reads a bit field in %s', async (lang, type, bits) => {
    await messagesIn(lang);
    const f = catalogue.find((c) => c.code === '0C')?.fields.find((x) => x.key === 'singleParallelLogo');
    expect(f && [osimText(f.typeName), f.bits && osimText(f.bits)]).toEqual([type, bits]);
  });
});
