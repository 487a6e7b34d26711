// Every name the parameter catalogue shows (commands, fields, type names and value meanings of every layout version, OSIM and
// firmware upgrade) is a key of the message catalogue (@voltfleet/domain/i18n) and reads as a real text in each of
// the four languages: not empty, not a raw key or placeholder, Chinese in zh, and translated (not the English copied)
// in cs and de; and one English name means one translation. The catalogue's own test checks the keys match across
// languages; this one checks what the tables name, read as the pages read it.
import { LANGUAGES, isMessageKey, translate, type Lang } from '@voltfleet/domain/i18n';
import { describe, expect, it } from 'vitest';
import { parameterCatalogue } from '../catalogue.js';
import { osimErrorText, type OsimError, type OsimErrorCode } from '../errors.js';
import type { OsimTextKey } from '../layout.js';
import { OPTION_SETS } from '../options.js';
import { bitRangeText, bitText } from '../type-names.js';

/** Abbreviations installers use as they are in every language (and the phase pairs of line voltages). */
const ABBREVIATIONS = new Set([
  ...[
    'PV',
    'DC',
    'AC',
    'SOC',
    'SOH',
    'BMS',
    'PCU',
    'DSP',
    'CT',
    'EMS',
    'SN',
    'DRM',
    'IP',
    'SSID',
    'CRC',
    'WLAN',
    'ASCII',
    // Czech writes photovoltaics as FV (fotovoltaika): the settings forms' option lists, which the tables share
    'FV',
  ],
  ...['AB', 'BC', 'CA'],
]);

/** Units written as they are, whose mixed case is not a camelCase key. */
const UNITS = new Set(['kW', 'kWh', 'kvar', 'kVA', 'Ah']);

/** cs or de texts that are genuinely the same word as in English. */
const LOANWORDS = new Set(['Firmware', 'Hardware', 'Offset', 'Minute', 'Lithium']);

interface Text {
  readonly where: string;
  /** A command or field name (type names and value meanings are defined once, in type-names.ts and options.ts). */
  readonly name: boolean;
  readonly lang: Lang;
  readonly text: string;
  readonly names: Readonly<Record<Lang, string>>;
}

/** The keys the tables name, with where they name them. */
function keysNamed(): { where: string; key: OsimTextKey; name: boolean }[] {
  const out: { where: string; key: OsimTextKey; name: boolean }[] = [];
  for (const c of parameterCatalogue()) {
    const cmd = `${c.family} ${c.code} v${c.version}`;
    out.push({ where: cmd, key: c.name, name: true });
    for (const f of c.fields) {
      out.push({ where: `${cmd} ${f.key}`, key: f.name, name: true });
      out.push({ where: `${cmd} ${f.key} type`, key: f.typeName, name: false });
      for (const o of f.options) out.push({ where: `${cmd} ${f.key} = ${o.value}`, key: o.name, name: false });
    }
  }
  return out;
}

const NAMED = keysNamed();

function collect(): Text[] {
  return NAMED.flatMap(({ where, key, name }) => {
    const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, translate(key, lang)])) as Record<Lang, string>;
    return LANGUAGES.map((lang) => ({ where, name, lang, text: names[lang], names }));
  });
}

const TEXTS = collect();
const words = (text: string) => text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
/** Only abbreviations, numbers and signs, e.g. "PV1+PV2": the same in every language. */
const onlyAbbreviations = (text: string) =>
  words(text).every((w) => ABBREVIATIONS.has(w.replace(/\d+$/, ''))) && !/[\p{Script=Han}]/u.test(text);

/** Why a text is not a real name in its language, or null when it is. */
function problem({ lang, text, names }: Text): string | null {
  if (text.trim() === '') return 'empty';
  if (text !== text.trim()) return 'leading or trailing space';
  if (/[A-Za-z0-9]_[A-Za-z0-9]/.test(text)) return 'snake_case key';
  const camel = words(text).find((w) => /[a-z][A-Z]/.test(w) && !UNITS.has(w));
  if (camel) return `camelCase word "${camel}"`;
  const caps = words(text).find((w) => /^[A-Z]{2,}\d*$/.test(w) && !ABBREVIATIONS.has(w.replace(/\d+$/, '')));
  if (caps) return `ALL-CAPS word "${caps}"`;
  if (onlyAbbreviations(text)) return null;
  if (lang === 'zh' && !/[\p{Script=Han}]/u.test(text)) return 'no Chinese character';
  if (lang !== 'zh' && /[\p{Script=Han}]/u.test(text)) return 'Chinese characters';
  if (lang === 'en' && !/^[A-Z0-9]/.test(text)) return 'not in sentence case';
  if ((lang === 'cs' || lang === 'de') && text === names.en && !LOANWORDS.has(text)) return 'English copied';
  return null;
}

/** One error of each kind (the compiler checks the table names every code) and its English sentence. */
const ERRORS: { readonly [C in OsimErrorCode]: Extract<OsimError, { code: C }> } = {
  BAD_START: { code: 'BAD_START', actual: 'fe 56' },
  BAD_END: { code: 'BAD_END', actual: 0x0e },
  BAD_CHECKSUM: { code: 'BAD_CHECKSUM', expected: 0xde, actual: 0xdf },
  LENGTH_MISMATCH: { code: 'LENGTH_MISMATCH', declared: 12, actual: 10 },
  TRUNCATED: { code: 'TRUNCATED', needed: 9, actual: 4 },
  UNKNOWN_COMMAND: { code: 'UNKNOWN_COMMAND', command: 'C1', version: 603 },
  FIELD_OVERRUN: { code: 'FIELD_OVERRUN', field: 'sn', needed: 26, available: 3 },
  MISSING_FIELD: { code: 'MISSING_FIELD', field: 'soc' },
  OUT_OF_RANGE: { code: 'OUT_OF_RANGE', field: 'soc', value: '5', range: '10–100' },
  INVALID_VALUE: { code: 'INVALID_VALUE', field: 'ip', value: '1.2.3' },
  NOT_SUPPORTED: { code: 'NOT_SUPPORTED', command: '66', version: 252 },
};

const ENGLISH: Readonly<Record<OsimErrorCode, string>> = {
  BAD_START: 'Bad frame start: expected FE 55, got fe 56',
  BAD_END: 'Bad end byte: expected AE, got 0e',
  BAD_CHECKSUM: 'Bad checksum: expected de, got df',
  LENGTH_MISMATCH: 'Length mismatch: 12 data bytes declared, 10 present',
  TRUNCATED: 'Truncated frame: 9 bytes needed, 4 received',
  UNKNOWN_COMMAND: 'Command C1 is unknown for PCU version 603',
  FIELD_OVERRUN: 'Field sn runs past the data: 26 bytes needed, 3 left',
  MISSING_FIELD: 'Parameter soc is missing',
  OUT_OF_RANGE: 'Value 5 of soc is outside 10–100',
  INVALID_VALUE: 'Value 1.2.3 of ip is not valid',
  NOT_SUPPORTED: 'Command 66 of PCU version 252 does not support this setting',
};

const read = (text: { key: string; params?: Readonly<Record<string, string | number>> }, lang: Lang) =>
  translate(text.key, lang, { ...text.params });

describe('OSIM codec errors', () => {
  it.each(Object.keys(ERRORS) as OsimErrorCode[])(
    '%s reads as a sentence with its values in every language',
    (code) => {
      const text = osimErrorText(ERRORS[code]);
      expect(read(text, 'en')).toBe(ENGLISH[code]);
      for (const lang of LANGUAGES) {
        const sentence = read(text, lang);
        expect(sentence, lang).not.toMatch(/\{\{|osim\./);
        for (const value of Object.values(text.params ?? {})) expect(sentence, lang).toContain(String(value));
      }
    },
  );
});

describe('bit positions', () => {
  it.each([
    ['zh', '第 12 位', '第 0–3 位'],
    ['en', 'bit 12', 'bits 0–3'],
    ['cs', 'bit 12', 'bity 0–3'],
    ['de', 'Bit 12', 'Bits 0–3'],
  ] as const)('read in %s', (lang, one, range) => {
    expect(read(bitText(12), lang)).toBe(one);
    expect(read(bitRangeText(0, 3), lang)).toBe(range);
  });
});

describe('OSIM catalogue names', () => {
  it('names only keys the message catalogue has', () => {
    const options = Object.values(OPTION_SETS).flatMap((set) => set.map((o) => o.name));
    const errors = Object.values(ERRORS).map((e) => osimErrorText(e).key);
    const missing = [...NAMED.map((n) => n.key), ...options, ...errors, 'osim.bit', 'osim.bits'].filter(
      (key) => !isMessageKey(key),
    );
    expect(missing).toEqual([]);
  });

  it('walks every command, field and value meaning of every version', () => {
    const versions = new Set(parameterCatalogue().map((c) => `${c.family} ${c.version}`));
    expect([...versions]).toEqual([
      'osim 0',
      'osim 252',
      'osim 258',
      'osim 259',
      'osim 500',
      'osim 603',
      'upgrade 0',
      'upgrade 400',
    ]);
    expect(TEXTS.filter((t) => !t.name).length).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)('every %s text is a real name', (lang) => {
    const bad = TEXTS.filter((t) => t.lang === lang)
      .map((t) => ({ t, why: problem(t) }))
      .filter((x) => x.why !== null)
      .map(({ t, why }) => `${t.where}: "${t.text}" (${why})`);
    expect([...new Set(bad)]).toEqual([]);
  });

  it('gives one English name the same translation in every table and version', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const t of TEXTS.filter((x) => x.name && x.lang === 'en')) {
      const set = byEnglish.get(t.text) ?? new Set<string>();
      set.add(JSON.stringify([t.names.zh, t.names.cs, t.names.de]));
      byEnglish.set(t.text, set);
    }
    expect(
      [...byEnglish].filter(([, set]) => set.size > 1).map(([en, set]) => `${en}: ${[...set].join(' | ')}`),
    ).toEqual([]);
  });

  it.each([
    ['product_sn', 'snake_case key'],
    ['PcuOnOff', 'camelCase word "PcuOnOff"'],
    ['YEAR', 'ALL-CAPS word "YEAR"'],
  ])('rejects the raw key %s', (text, why) => {
    const names = { zh: text, en: text, cs: text, de: text };
    expect(problem({ where: 'sample', name: true, lang: 'en', text, names })).toBe(why);
  });

  it.each([
    ['zh', 'Battery voltage', 'Battery voltage', 'no Chinese character'],
    ['zh', 'PV1+PV2', 'PV1+PV2', null],
    ['en', 'battery voltage', 'battery voltage', 'not in sentence case'],
    ['cs', 'Battery voltage', 'Battery voltage', 'English copied'],
    ['de', 'Grid line voltage AB', 'Grid line voltage AB', 'English copied'],
    ['de', 'Netz-Leiterspannung AB', 'Grid line voltage AB', null],
    ['de', 'Minute', 'Minute', null],
    ['cs', 'DRM8', 'DRM8', null],
    ['en', 'Backup voltage (10 kW)', 'Backup voltage (10 kW)', null],
  ] as const)('judges %s "%s" (English "%s") as %s', (lang, text, en, why) => {
    const names = { zh: '电池电压', en, cs: 'Napětí baterie', de: 'Batteriespannung', [lang]: text };
    expect(problem({ where: 'sample', name: true, lang, text, names })).toBe(why);
  });
});
