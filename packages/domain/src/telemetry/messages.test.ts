import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { MESSAGES } from '../messages.js';
import { TELEMETRY_MESSAGES } from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(TELEMETRY_MESSAGES) as (keyof typeof TELEMETRY_MESSAGES)[];

describe('TELEMETRY_MESSAGES', () => {
  test('is merged into MESSAGES (which may reword an entry), so the server and the forms localise these keys', () => {
    for (const key of keys) expect(Object.keys(MESSAGES[key]).sort(), key).toEqual([...LANGUAGES].sort());
  });

  test.each(keys.map((k) => [k]))('%s has trimmed texts in all four languages with the same placeholders', (key) => {
    const entry = TELEMETRY_MESSAGES[key];
    expect(Object.keys(entry).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      expect(entry[lang].trim()).not.toBe('');
      expect(entry[lang]).toBe(entry[lang].trim());
      expect(placeholders(entry[lang]), `${key} ${lang}`).toEqual(placeholders(entry.en));
    }
    expect(entry.zh).toMatch(/[\u4e00-\u9fff]/);
  });
});
