// Every name the parameter catalogue shows (commands, fields, type names and value meanings of every layout version, OSIM and
// firmware upgrade) must read as a real text in each of the four languages: not empty, not a raw key or placeholder,
// Chinese in zh, and translated (not the English copied) in cs and de; and one English name means one translation.
import { describe, expect, it } from 'vitest';
import { parameterCatalogue } from '../catalogue.js';
import { OSIM_LANGS, type LocalisedText, type OsimLang } from '../layout.js';

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
  ],
  ...['AB', 'BC', 'CA'],
]);

/** Units written as they are, whose mixed case is not a camelCase key. */
const UNITS = new Set(['kW', 'kWh', 'kvar', 'kVA', 'Ah']);

/** cs or de texts that are genuinely the same word as in English. */
const LOANWORDS = new Set(['Firmware', 'Hardware', 'Offset', 'Minute']);

interface Text {
  readonly where: string;
  /** A command or field name (type names and value meanings are defined once, in type-names.ts and options.ts). */
  readonly name: boolean;
  readonly lang: OsimLang;
  readonly text: string;
  readonly names: LocalisedText;
}

function collect(): Text[] {
  const out: Text[] = [];
  const add = (where: string, names: LocalisedText, name = true) => {
    for (const lang of OSIM_LANGS) out.push({ where, name, lang, text: names[lang], names });
  };
  for (const c of parameterCatalogue()) {
    const cmd = `${c.family} ${c.code} v${c.version}`;
    add(cmd, c.names);
    for (const f of c.fields) {
      add(`${cmd} ${f.key}`, f.names);
      add(`${cmd} ${f.key} type`, f.typeNames, false);
      for (const o of f.options) add(`${cmd} ${f.key} = ${o.value}`, o.names, false);
    }
  }
  return out;
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

describe('OSIM catalogue names', () => {
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

  it.each(OSIM_LANGS)('every %s text is a real name', (lang) => {
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
