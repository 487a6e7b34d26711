import { describe, expect, it } from 'vitest';
import { initialLang } from './lang';

describe('initialLang (R1.4)', () => {
  it.each([
    [null, 'zh-CN', 'zh'],
    [null, 'zh-cn', 'zh'],
    [null, 'ZH-cn', 'zh'],
    [null, 'zh', 'en'],
    [null, 'zh-TW', 'en'],
    [null, 'de-DE', 'en'],
    [null, 'cs', 'en'],
    [null, undefined, 'en'],
    ['de', 'zh-CN', 'de'],
    ['cs', 'en-US', 'cs'],
    ['zh', 'en-US', 'zh'],
    ['en', 'zh-CN', 'en'],
    ['czech', 'en-US', 'cs'],
    ['klingon', 'zh-CN', 'zh'],
    ['', 'en-GB', 'en'],
  ] as const)('stored %s, browser %s → %s', (stored, browser, expected) => {
    expect(initialLang(stored, browser)).toBe(expected);
  });
});
