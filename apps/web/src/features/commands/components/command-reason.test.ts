import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { reasonText } from './command-reason';
import { TEXTS } from '@/test/texts';

const en = TEXTS.en;
const de = TEXTS.de;

describe('reasonText', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, de: { translation: de } } });
  });

  it.each([
    ['outOfRange', 'en', 'The value is outside the range the device accepts'],
    ['command:notShutDown', 'en', 'The inverter is not shut down; issue the shutdown command first'],
    ['notInOsimLayout', 'de', 'Das Protokoll dieses Geräts überträgt diesen Parameter nicht'],
    ['Battery <b>fault</b> 42', 'en', 'Battery <b>fault</b> 42'],
    ['mixedOsimBlocks', 'en', 'These settings live in different OSIM blocks; send them one at a time'],
    ['upgradeResult:0005', 'de', 'Der Wechselrichter hat das Abbild abgelehnt (Ergebniscode 0005)'],
    ['upgradeResult:<b>', 'en', 'upgradeResult:<b>'],
    ['somethingNew', 'en', 'somethingNew'],
    ['constructor', 'en', 'constructor'],
  ])('%s (%s)', async (reason, lang, expected) => {
    await i18n.changeLanguage(lang);
    expect(reasonText(reason, i18n.t)).toBe(expected);
  });
});
