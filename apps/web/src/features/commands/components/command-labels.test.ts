import { describe, expect, it } from 'vitest';
import type { Command } from '@voltfleet/domain';
import { parametersTextIn } from './command-labels';

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

describe('parametersTextIn', () => {
  it.each<[Pick<Command, 'kind' | 'parameters'>, 'en' | 'zh' | 'cs', string]>([
    [{ kind: 'workMode', parameters: { workMode: 4 } }, 'en', 'workMode=4'],
    [{ kind: 'tariffPeriods', parameters: TARIFF }, 'en', '00:00–07:59 Valley 0.300 · 08:00–23:59 Peak 1.200'],
    [{ kind: 'tariffPeriods', parameters: TARIFF }, 'zh', '00:00–07:59 谷 0.300 · 08:00–23:59 峰 1.200'],
    [{ kind: 'tariffPeriods', parameters: TARIFF }, 'cs', '00:00–07:59 Údolí 0.300 · 08:00–23:59 Špička 1.200'],
    // A record that does not describe a plan is shown as it is stored.
    [{ kind: 'tariffPeriods', parameters: { tariffPeriodCount: 3 } }, 'en', 'tariffPeriodCount=3'],
  ])('%o in %s', (command, lang, text) => {
    expect(parametersTextIn(command, lang)).toBe(text);
  });
});
