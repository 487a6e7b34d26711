import { describe, expect, it } from 'vitest';
import { COMMAND_CATEGORIES } from './commands.js';
import { COMMAND_STATUSES } from './command-lifecycle.js';
import type { MessageKey } from './i18n/catalogue.js';
import { LANGUAGES } from './languages.js';
import { translate } from './messages.js';
import {
  COMMAND_CATEGORY_NAMES,
  COMMAND_STATUS_NAMES,
  CONTROL_EXPORT_COLUMNS,
  OPERATION_CATEGORY_NAMES,
  OPERATION_EXPORT_COLUMNS,
  RECORD_FILTER_WORDS,
} from './record-labels.js';
import { OPERATION_CATEGORIES } from './records.js';

const tables: [string, Record<string, MessageKey>][] = [
  ['operation categories', OPERATION_CATEGORY_NAMES],
  ['command categories', COMMAND_CATEGORY_NAMES],
  ['command statuses', COMMAND_STATUS_NAMES],
  ['filter words', RECORD_FILTER_WORDS],
  ['operation export columns', Object.fromEntries(OPERATION_EXPORT_COLUMNS.map((c) => [c.key, c.label]))],
  ['control export columns', Object.fromEntries(CONTROL_EXPORT_COLUMNS.map((c) => [c.key, c.label]))],
];

describe('record filter and export words', () => {
  it.each(tables)('%s exist in every language, Chinese and Czech written, not copied', (_, table) => {
    for (const [key, label] of Object.entries(table)) {
      const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, translate(label, lang)]));
      // translate answers a key the catalogue lacks with the key itself
      for (const lang of LANGUAGES) expect(texts[lang], `${key}.${lang}`).not.toBe(label);
      expect(texts.zh, key).not.toBe(texts.en);
    }
  });

  it('name every category and status there is', () => {
    expect(Object.keys(OPERATION_CATEGORY_NAMES).sort()).toEqual([...OPERATION_CATEGORIES].sort());
    expect(Object.keys(COMMAND_CATEGORY_NAMES).sort()).toEqual([...COMMAND_CATEGORIES].sort());
    expect(Object.keys(COMMAND_STATUS_NAMES).sort()).toEqual([...COMMAND_STATUSES].sort());
  });

  it.each([
    ['en', 'At most 5000 records per export'],
    ['zh', '每次最多导出 5000 条记录'],
  ] as const)('fill the export cap into the words that say it in %s', (lang, text) => {
    expect(translate(RECORD_FILTER_WORDS.exportCap, lang, { max: 5000 })).toBe(text);
  });
});
