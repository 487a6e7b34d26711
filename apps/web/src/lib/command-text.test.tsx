import { beforeAll, describe, expect, it } from 'vitest';
import type { CommandKind, SettingInput } from '@voltfleet/domain/commands';
import type { Lang } from '@voltfleet/domain/i18n';
import { switchLanguage } from '@/test/render';
import { commandParametersText, commandRequestText } from './command-text';

const TARIFF = {
  tariffPriceSharpMilli: 0,
  tariffPricePeakMilli: 1200,
  tariffPriceFlatMilli: 0,
  tariffPriceValleyMilli: 300,
  tariffPeriodCount: 2,
  tariffPeriod0Type: 4,
  tariffPeriod0StartMin: 0,
  tariffPeriod0EndMin: 479,
  tariffPeriod1Type: 2,
  tariffPeriod1StartMin: 480,
  tariffPeriod1EndMin: 1439,
};
// 2026-11-23 00:15:14 UTC
const CLOCK_S = 1_795_392_914;
const FORCED = {
  forcedChargingMode: 2,
  forcedChargeDays: 0b0000011,
  forcedDischargeDays: 0b0100000,
  forcedChargeStartMin: 60,
  forcedChargeEndMin: 300,
  forcedDischargeStartMin: 1080,
  forcedDischargeEndMin: 1200,
};

type Row = [CommandKind, Record<string, number>, Lang, string | null, string];

describe('commandParametersText', () => {
  beforeAll(() => switchLanguage('en'));

  it.each<Row>([
    ['socLowerLimitPct', { socLowerLimitPct: 20 }, 'en', null, 'SOC lower limit → 20 %'],
    ['socLowerLimitPct', { socLowerLimitPct: 20 }, 'zh', null, 'SOC下限 → 20 %'],
    ['socLowerLimitPct', { socLowerLimitPct: 20 }, 'cs', null, 'Spodní mez SOC → 20 %'],
    ['socLowerLimitPct', { socLowerLimitPct: 20 }, 'de', null, 'SOC-Untergrenze → 20 %'],
    ['gridConnectionLimitW', { gridConnectionLimitW: 5000 }, 'en', null, 'Grid-connection limit → 5,000 W'],
    ['gridConnectionLimitW', { gridConnectionLimitW: 5000 }, 'de', null, 'Netzeinspeisegrenze → 5.000 W'],
    ['workMode', { workMode: 4 }, 'en', null, 'Work mode → Peak-valley'],
    ['workMode', { workMode: 4 }, 'cs', null, 'Pracovní režim → Špička a údolí'],
    // An option a newer device knows and this catalogue does not: its number.
    ['workMode', { workMode: 9 }, 'en', null, 'Work mode → 9'],
    ['batteryType', { batteryType: 2 }, 'zh', null, '电池类型 → 铅酸电池'],
    ['antiBackflow', { antiBackflow: 1 }, 'de', null, 'Rückspeiseschutz → Aktivieren'],
    ['powerOn', { onOff: 1 }, 'en', null, 'On/off → On'],
    ['powerOff', { onOff: 0 }, 'de', null, 'Ein/Aus → Aus'],
    ['restart', { restart: 1 }, 'cs', null, 'Reset/restartování'],
    // A clock sync on the plant's wall clock with its offset; without a plant in UTC, labelled so.
    ['clockSync', { clockS: CLOCK_S }, 'en', 'Asia/Shanghai', 'Clock sync → 2026-11-23 08:15:14 UTC+8'],
    ['clockSync', { clockS: CLOCK_S }, 'de', 'Europe/Berlin', 'Uhrzeit synchronisieren → 2026-11-23 01:15:14 UTC+1'],
    ['clockSync', { clockS: CLOCK_S }, 'zh', null, '时钟同步 → 2026-11-23 00:15:14 UTC'],
    ['tariffPeriods', TARIFF, 'en', null, '00:00–07:59 Valley 0.300 · 08:00–23:59 Peak 1.200'],
    ['tariffPeriods', TARIFF, 'cs', null, '00:00–07:59 Údolí 0.300 · 08:00–23:59 Špička 1.200'],
    [
      'forcedCharging',
      FORCED,
      'en',
      null,
      'Weekly forced charging → Weekly · Charge Mon, Tue 01:00–05:00 · Discharge Sat 18:00–20:00',
    ],
    ['forcedCharging', { forcedChargingMode: 0 }, 'de', null, 'Wöchentliche Zwangsladung → Aus'],
    ['firmwareUpgrade', { imageId: 3 }, 'en', null, 'Firmware upgrade'],
    // Registers that describe nothing known are shown as stored rather than hidden.
    ['tariffPeriods', { tariffPeriodCount: 3 }, 'en', null, 'tariffPeriodCount = 3'],
    ['socLowerLimitPct', { socLowerLimitPct: 20, extra: 1 }, 'en', null, 'socLowerLimitPct = 20, extra = 1'],
  ])('%s %o in %s (zone %s)', async (kind, parameters, lang, zone, text) => {
    await switchLanguage(lang);
    expect(commandParametersText({ kind, parameters }, lang, zone)).toBe(text);
  });
});

describe('commandRequestText', () => {
  it.each<[SettingInput, Lang, string]>([
    [{ kind: 'socLowerLimitPct', value: 20 }, 'en', 'SOC lower limit → 20 %'],
    [{ kind: 'workMode', value: 2 }, 'de', 'Betriebsmodus → Energiespeicherung'],
    // The time of a clock sync is the server's, stamped when sent: the request names none.
    [{ kind: 'clockSync' }, 'cs', 'Synchronizace času'],
    [{ kind: 'powerOff' }, 'en', 'On/off → Off'],
    // A request the server refused as invalid reads as what it asked for (the record's refusal says why not)…
    [{ kind: 'socLowerLimitPct', value: 500 }, 'en', 'SOC lower limit → 500 %'],
    [{ kind: 'workMode', value: 99 }, 'de', 'Betriebsmodus → 99'],
    // …or, asking for no number, as its kind.
    [{ kind: 'socLowerLimitPct' }, 'zh', 'SOC下限'],
  ])('%o in %s', async (input, lang, text) => {
    await switchLanguage(lang);
    expect(commandRequestText(input, lang)).toBe(text);
  });
});
