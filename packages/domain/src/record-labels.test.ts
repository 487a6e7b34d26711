import { describe, expect, it } from 'vitest';
import { COMMAND_CATEGORIES } from './commands.js';
import { COMMAND_STATUSES } from './command-lifecycle.js';
import { LANGUAGES } from './languages.js';
import {
  COMMAND_CATEGORY_NAMES,
  COMMAND_STATUS_NAMES,
  CONTROL_EXPORT_COLUMNS,
  OPERATION_CATEGORY_NAMES,
  OPERATION_EXPORT_COLUMNS,
  RECORD_FILTER_WORDS,
} from './record-labels.js';
import { OPERATION_CATEGORIES } from './records.js';
import type { Names } from './telemetry/labels.js';

const tables: [string, Record<string, Names>][] = [
  ['operation categories', OPERATION_CATEGORY_NAMES],
  ['command categories', COMMAND_CATEGORY_NAMES],
  ['command statuses', COMMAND_STATUS_NAMES],
  ['filter words', RECORD_FILTER_WORDS],
  ['operation export columns', Object.fromEntries(OPERATION_EXPORT_COLUMNS.map((c) => [c.key, c.names]))],
  ['control export columns', Object.fromEntries(CONTROL_EXPORT_COLUMNS.map((c) => [c.key, c.names]))],
];

describe('record filter and export words', () => {
  it.each(tables)('%s exist in every language, Chinese and Czech written, not copied', (_, table) => {
    for (const [key, names] of Object.entries(table)) {
      for (const lang of LANGUAGES) expect(names[lang]?.trim(), `${key}.${lang}`).toBeTruthy();
      expect(names.zh, key).not.toBe(names.en);
    }
  });

  it('name every category and status there is', () => {
    expect(Object.keys(OPERATION_CATEGORY_NAMES).sort()).toEqual([...OPERATION_CATEGORIES].sort());
    expect(Object.keys(COMMAND_CATEGORY_NAMES).sort()).toEqual([...COMMAND_CATEGORIES].sort());
    expect(Object.keys(COMMAND_STATUS_NAMES).sort()).toEqual([...COMMAND_STATUSES].sort());
  });

  it('keep the export cap in the words that say it', () => {
    for (const lang of LANGUAGES) expect(RECORD_FILTER_WORDS.exportCap[lang]).toContain('{max}');
  });
});
