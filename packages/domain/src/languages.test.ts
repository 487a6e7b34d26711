import { describe, expect, test } from 'vitest';
import { LANGUAGES, defaultLang, langFromAcceptLanguage, normaliseLang } from './languages.js';

describe('LANGUAGES (R9.9: zh, en, cs, de)', () => {
  test('exactly the four languages', () => {
    expect(LANGUAGES).toEqual(['zh', 'en', 'cs', 'de']);
  });
});

describe('normaliseLang', () => {
  test.each([
    ['zh', 'zh'],
    ['en', 'en'],
    ['cs', 'cs'],
    ['de', 'de'],
    ['zh-CN', 'zh'],
    ['zh_CN', 'zh'],
    ['zh-Hans-CN', 'zh'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['cs-CZ', 'cs'],
    ['CS-cz', 'cs'],
    ['de-DE', 'de'],
    ['de-AT', 'de'],
    // R9.9 names: cs (czech), de (german)
    ['czech', 'cs'],
    ['Czech', 'cs'],
    ['CZECH', 'cs'],
    ['german', 'de'],
    ['German', 'de'],
    ['chinese', 'zh'],
    ['english', 'en'],
    [' de ', 'de'],
    [' czech ', 'cs'],
  ])('%j → %s', (tag, lang) => {
    expect(normaliseLang(tag)).toBe(lang);
  });

  test.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['fr'],
    ['fr-FR'],
    ['ja'],
    ['cz'],
    ['ces'],
    ['deu'],
    ['english-ish'],
    ['*'],
    // names that exist on Object.prototype must not be taken for aliases
    ['constructor'],
    ['toString'],
    ['__proto__'],
    ['hasOwnProperty'],
  ])('%j → undefined', (tag) => {
    expect(normaliseLang(tag)).toBeUndefined();
  });
});

describe('langFromAcceptLanguage', () => {
  test.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['cs', 'cs'],
    ['zh', 'zh'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['cs-CZ,cs;q=0.9,en;q=0.8', 'cs'],
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', 'de'],
    ['en-US,en;q=0.9', 'en'],
    // the highest q wins, not the first listed
    ['en;q=0.5, de;q=0.9', 'de'],
    ['en;q=0.1,cs;q=0.2,de;q=0.3', 'de'],
    ['de;q=0.8, zh', 'zh'],
    ['cs;q=0.5,de;q=0.5,en;q=0.4', 'cs'],
    // unsupported languages are skipped, then the next best counts
    ['fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7', 'de'],
    ['ja,cs;q=0.1', 'cs'],
    ['fr', 'en'],
    ['*', 'en'],
    ['fr, *;q=0.1', 'en'],
    // equal q keeps header order
    ['de, cs', 'de'],
    ['cs, de', 'cs'],
    // spacing and extra parameters
    [' de ; q=0.9 , cs ; q=0.95', 'cs'],
    ['en;q=0.8;level=1, de;q=0.7', 'en'],
    ['EN-gb', 'en'],
    // malformed q counts as 0
    ['cs;q=abc, de;q=0.1', 'de'],
    // q=0 means "not acceptable" (RFC 9110 §12.4.2)
    ['de;q=0, en', 'en'],
    ['fr, de;q=0', 'en'],
    ['cs;q=0', 'en'],
    // names that exist on Object.prototype are not languages
    ['constructor', 'en'],
    ['toString, de;q=0.5', 'de'],
  ])('%j → %s', (header, lang) => {
    expect(langFromAcceptLanguage(header)).toBe(lang);
  });
});

describe('defaultLang (stored choice wins; zh only for a zh-CN browser, else en)', () => {
  test.each([
    // no stored choice: browser decides between zh and en only
    [null, 'zh-CN', 'zh'],
    [undefined, 'zh-CN', 'zh'],
    ['', 'zh-CN', 'zh'],
    [null, 'zh-cn', 'zh'],
    [null, 'zh-TW', 'en'],
    [null, 'zh-HK', 'en'],
    [null, 'zh', 'en'],
    [null, 'zh-Hans-CN', 'en'],
    [null, 'en-US', 'en'],
    [null, 'de-DE', 'en'],
    [null, 'cs', 'en'],
    [null, undefined, 'en'],
    [null, '', 'en'],
    // a stored choice wins over the browser
    ['de', 'zh-CN', 'de'],
    ['cs', undefined, 'cs'],
    ['en', 'zh-CN', 'en'],
    ['zh', 'en-US', 'zh'],
    ['zh', 'zh-TW', 'zh'],
    ['czech', 'zh-CN', 'cs'],
    ['german', 'en-US', 'de'],
    ['de-AT', 'zh-CN', 'de'],
    // an unusable stored value falls back to the browser rule
    ['fr', 'zh-CN', 'zh'],
    ['fr', 'de-DE', 'en'],
    ['constructor', 'zh-CN', 'zh'],
  ])('stored %j, browser %j → %s', (stored, browser, lang) => {
    expect(defaultLang(stored, browser)).toBe(lang);
  });
});
