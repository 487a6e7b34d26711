import { describe, expect, it } from 'vitest';
import { ALARM_ACK_FILTERS, ALARM_EVENT_KINDS, ALARM_TREND_BUCKETS } from '@voltfleet/domain/alarms';
import { LANGUAGES } from '@voltfleet/domain/i18n';
import { TEXTS } from '@/test/texts';

const cs = TEXTS.cs;
const de = TEXTS.de;
const en = TEXTS.en;
const zh = TEXTS.zh;

const locales = { zh, en, cs, de };

/** The text at a dotted key, or undefined. */
function lookup(messages: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

// The Alarm Center builds these keys from the domain's lists (acknowledgement, timeline events, trend buckets), which
// the locale test's search for literal t('…') calls cannot see. Severity, state and group names are the domain's.
const BUILT_KEYS = [
  ...ALARM_ACK_FILTERS.map((a) => `alarms.ack.${a}`),
  ...ALARM_EVENT_KINDS.map((k) => `alarms.events.${k}`),
  ...ALARM_TREND_BUCKETS.map((b) => `alarms.overview.buckets.${b}`),
  'alarms.exportXlsx',
  'alarms.exportCsv',
];

describe('Alarm Center texts', () => {
  it.each(LANGUAGES)('%s has every key built from the domain lists', (lang) => {
    const missing = BUILT_KEYS.filter((key) => typeof lookup(locales[lang], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s translates the timeline (not English left in)', (lang) => {
    const same = ALARM_EVENT_KINDS.filter(
      (k) => lookup(locales[lang], `alarms.events.${k}`) === lookup(en, `alarms.events.${k}`),
    );
    expect(same).toEqual([]);
  });
});
