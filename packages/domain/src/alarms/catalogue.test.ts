import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { translate } from '../messages.js';
import { ALARM_GROUPS, ALARM_SEVERITIES } from './alarm-types.js';
import { ALARM_CATALOGUE, alarmByCode, isUnknownAlarmCode, unknownAlarm } from './catalogue.js';

// The codes are stored with every alarm: this list changes only by adding codes, never by renaming or removing.
const STABLE_CODES = [
  'grid.phaseLockFailure',
  'grid.abnormal',
  'grid.frequencyLow',
  'grid.frequencyHigh',
  'grid.voltageLow',
  'grid.voltageHigh',
  'grid.phaseSequence',
  'grid.switchover',
  'ac.shortCircuit',
  'ac.leakageCurrent',
  'ac.overload',
  'ac.softStartFailure',
  'pv.pv1Undervoltage',
  'pv.pv1Overvoltage',
  'pv.pv1Reversed',
  'pv.pv2Undervoltage',
  'pv.pv2Overvoltage',
  'pv.pv2Reversed',
  'pv.busStartFailure',
  'pv.weakSource',
  'bus.batteryStartFailure',
  'bus.secondaryStartFailure',
  'bus.primaryUndervoltage',
  'bus.primaryOvervoltage',
  'bus.secondaryUndervoltage',
  'bus.secondaryOvervoltage',
  'bus.imbalance',
  'battery.socLow',
  'battery.overcurrent',
  'battery.overvoltage',
  'battery.undervoltageEod',
  'battery.bmsOvervoltage',
  'battery.bmsUndervoltage',
  'battery.bmsOvercurrent',
  'battery.bmsHighTemperature',
  'battery.bmsLowTemperature',
  'battery.bmsImbalance',
  'battery.bmsShortCircuit',
  'battery.bmsBreakerOpen',
  'battery.bmsInternalFault',
  'battery.bmsWarning',
  'wiring.gridBackupSwapped',
  'wiring.batteryReversed',
  'insulation.positiveBus',
  'insulation.negativeBus',
  'insulation.battery',
  'hardware.relayCheckFailure',
  'hardware.igbtSensorFault',
  'hardware.igbtOvertemperature',
  'hardware.internalTemperatureHigh',
  'hardware.internalTemperatureLow',
  'hardware.modelMismatch',
  'communication.bmsLost',
  'communication.batteryInternal',
  'communication.wifiUnreachable',
  'communication.meter',
  'communication.noData',
  'communication.parallel',
  'performance.plantBelowBaseline',
  'performance.deviceBelowSiblings',
  'performance.batteryHealthFalling',
];

describe('alarm catalogue', () => {
  it('holds exactly the stable codes, each once', () => {
    const codes = ALARM_CATALOGUE.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...STABLE_CODES].sort());
  });

  it.each(ALARM_CATALOGUE.map((e) => [e.code, e] as const))('%s is well formed', (code, entry) => {
    expect(code).toMatch(/^[a-z]+\.[a-z][A-Za-z0-9]*$/);
    expect(code.split('.')[0]).toBe(entry.group);
    expect(ALARM_GROUPS).toContain(entry.group);
    expect(entry.group).not.toBe('other');
    expect(ALARM_SEVERITIES).toContain(entry.severity);
    expect(alarmByCode(code)).toBe(entry);
    expect(isUnknownAlarmCode(code)).toBe(false);
    expect([entry.name, entry.cause, entry.handling]).toEqual(
      ['name', 'cause', 'handling'].map((part) => `alarmText.${code}.${part}`),
    );
    for (const part of [entry.name, entry.cause, entry.handling]) {
      const text = Object.fromEntries(LANGUAGES.map((lang) => [lang, translate(part, lang)]));
      // translate answers a key the catalogue lacks with the key itself
      for (const lang of LANGUAGES) expect(text[lang], `${code} ${lang}`).not.toBe(part);
      expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
      // Czech and German are translations, not English copies.
      expect(text.cs).not.toBe(text.en);
      expect(text.de).not.toBe(text.en);
    }
  });

  it('covers every group of R8.7', () => {
    const groups = new Set(ALARM_CATALOGUE.map((e) => e.group));
    for (const group of ALARM_GROUPS.filter((g) => g !== 'other')) expect(groups).toContain(group);
  });

  // R9.11, R9.12 figures, written as each language writes them (decimal comma in Czech and German).
  const FIGURES: Record<string, { code: string; lang: (typeof LANGUAGES)[number]; figures: RegExp[] }[]> = {
    overload: [
      { code: 'ac.overload', lang: 'zh', figures: [/10 kW/, /3\.3 kW/, /(^|[^\d.])3 kW/, /1\.1 kW/, /10 分钟/] },
      { code: 'ac.overload', lang: 'en', figures: [/10 kW/, /3\.3 kW/, /(^|[^\d.])3 kW/, /1\.1 kW/, /10 minutes/] },
      { code: 'ac.overload', lang: 'cs', figures: [/10 kW/, /3,3 kW/, /(^|[^\d,])3 kW/, /1,1 kW/, /10 minut/] },
      { code: 'ac.overload', lang: 'de', figures: [/10 kW/, /3,3 kW/, /(^|[^\d,])3 kW/, /1,1 kW/, /10 Minuten/] },
    ],
    insulation: ['insulation.positiveBus', 'insulation.negativeBus'].flatMap((code) =>
      LANGUAGES.map((lang) => ({ code, lang, figures: [/33 kΩ/] })),
    ),
  };

  it.each(Object.values(FIGURES).flat())('$code handling in $lang carries the R9.11, R9.12 figures', (c) => {
    const entry = alarmByCode(c.code);
    const handling = entry ? translate(entry.handling, c.lang) : '';
    for (const figure of c.figures) expect(handling).toMatch(figure);
  });

  it.each([0, 4, 74, 778, 65535])('unknown code %i is named with its number in every language', (n) => {
    const entry = unknownAlarm(n);
    expect(entry.code).toBe(`unknown.${n}`);
    expect(isUnknownAlarmCode(entry.code)).toBe(true);
    expect(entry.group).toBe('other');
    for (const lang of LANGUAGES) {
      for (const part of [entry.name, entry.cause, entry.handling]) {
        const text = translate(part, lang, entry.params);
        expect(text).toContain(String(n));
        expect(text).not.toContain('{n}');
        expect(text).not.toBe(part);
      }
    }
    expect(Object.fromEntries(LANGUAGES.map((lang) => [lang, translate(entry.name, lang, entry.params)]))).toEqual({
      zh: `未知故障码 ${n}`,
      en: `Unknown code ${n}`,
      cs: `Neznámý kód ${n}`,
      de: `Unbekannter Code ${n}`,
    });
  });
});
