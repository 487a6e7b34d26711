import { beforeAll, describe, expect, it } from 'vitest';
import { alarmByCode, unknownAlarm } from '@voltfleet/domain/alarms';
import { WORK_MODES } from '@voltfleet/domain/devices';
import { findOption, type Lang } from '@voltfleet/domain/i18n';
import { LEVEL_NAMES } from '@voltfleet/domain/users';
import { messagesIn } from '@/test/texts';
import { alarmText, labelOf, optionLabel } from './labels';

// The domain's label keys read in the UI's language through message(): the catalogue's words, and undefined (the
// caller shows the code) where there is nothing to read.

beforeAll(() => messagesIn('en'));

describe('labels in the UI language', () => {
  it.each<[Lang, string, string, string]>([
    ['en', 'Dealer', 'Energy storage', 'Unknown code 77'],
    ['zh', '经销商', '储能模式', '未知故障码 77'],
    ['cs', 'Prodejce', 'Režim akumulace', 'Neznámý kód 77'],
    ['de', 'Händler', 'Energiespeicherung', 'Unbekannter Code 77'],
  ])('in %s: a level, an option and an unknown alarm with its number', async (lang, level, mode, unknown) => {
    await messagesIn(lang);
    expect(labelOf(LEVEL_NAMES.dealer)).toBe(level);
    expect(optionLabel(findOption(WORK_MODES, 2))).toBe(mode);
    expect(alarmText(unknownAlarm(77))).toBe(unknown);
  });

  it('reads an alarm entry’s cause and handling, not its name', async () => {
    await messagesIn('en');
    const entry = alarmByCode('grid.abnormal');
    expect(alarmText(entry)).toBe('Grid frequency or voltage abnormal');
    expect(alarmText(entry, 'cause')).toBe(
      'Grid frequency or voltage is outside the permitted range, or the grid is lost.',
    );
    expect(alarmText(entry, 'handling')).toMatch(/^Check that grid voltage .* contact support\.$/);
  });

  it('gives undefined where there is no key, option or entry', () => {
    expect(labelOf(undefined)).toBeUndefined();
    expect(labelOf(null)).toBeUndefined();
    expect(optionLabel(findOption(WORK_MODES, 5))).toBeUndefined();
    expect(alarmText(alarmByCode('no.suchCode'))).toBeUndefined();
  });
});
