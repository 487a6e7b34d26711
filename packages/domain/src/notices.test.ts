import { describe, expect, test } from 'vitest';
import { LANGUAGES } from './languages.js';
import { localiseIssues } from './messages.js';
import {
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  isNoticeDate,
  noticeIdParamsSchema,
  noticeInputSchema,
  noticeText,
  type NoticeInput,
} from './notices.js';

const text = (lang: string) => ({ title: `Version 2.4.0 (${lang})`, body: `What is new.\nLine two (${lang}).` });
const VALID: NoticeInput = {
  version: '2.4.0',
  date: '2026-11-26',
  texts: { zh: text('zh'), en: text('en'), cs: text('cs'), de: text('de') },
};

/** The valid input with one part replaced (a path of keys, the last one set to `value`). */
function with_(path: string[], value: unknown): unknown {
  const copy = structuredClone(VALID) as unknown as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

/** The first issue's path and message key, or null when the input is valid. */
function firstIssue(input: unknown): [string, string] | null {
  const result = noticeInputSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  // localiseIssues words an unknown key by its code, whatever zod's own message says.
  return [issue.path.join('.'), issue.code === 'unrecognized_keys' ? 'validation.unknownField' : issue.message];
}

describe('noticeInputSchema', () => {
  test('accepts a notice in all four languages', () => {
    expect(noticeInputSchema.parse(VALID)).toEqual(VALID);
  });

  test.each([
    ['title at the limit', ['texts', 'en', 'title'], 'T'.repeat(NOTICE_TITLE_MAX)],
    ['body at the limit', ['texts', 'de', 'body'], 'B'.repeat(NOTICE_BODY_MAX)],
    ['Chinese title', ['texts', 'zh', 'title'], '固件 2.4.0 升级公告'],
    [
      'body that looks like HTML (stored as text, shown escaped)',
      ['texts', 'cs', 'body'],
      '<b>x</b><script>1</script>',
    ],
    ['version 0.0.1', ['version'], '0.0.1'],
    ['version 10.20.300', ['version'], '10.20.300'],
    ['a leap day', ['date'], '2028-02-29'],
  ])('accepts %s', (_what, path, value) => {
    expect(firstIssue(with_(path, value))).toBeNull();
  });

  test.each([
    ['a missing language', ['texts', 'cs'], undefined, 'texts.cs', 'validation.required'],
    ['an empty title', ['texts', 'en', 'title'], '', 'texts.en.title', 'validation.required'],
    ['an empty body', ['texts', 'zh', 'body'], '', 'texts.zh.body', 'validation.required'],
    ['a title over the limit', ['texts', 'en', 'title'], 'T'.repeat(121), 'texts.en.title', 'validation.tooLong'],
    ['a body over the limit', ['texts', 'de', 'body'], 'B'.repeat(4001), 'texts.de.body', 'validation.tooLong'],
    ['a title of two lines', ['texts', 'en', 'title'], 'One\nTwo', 'texts.en.title', 'validation.invalidValue'],
    [
      'a title with a leading space',
      ['texts', 'en', 'title'],
      ' T',
      'texts.en.title',
      'validation.noLeadingTrailingSpace',
    ],
    ['a fifth language', ['texts', 'fr'], text('fr'), 'texts', 'validation.unknownField'],
    ['an unknown field', ['html'], true, '', 'validation.unknownField'],
    ['version 2.4', ['version'], '2.4', 'version', 'notice.version'],
    ['version v2.4.0', ['version'], 'v2.4.0', 'version', 'notice.version'],
    ['version with a leading zero', ['version'], '2.04.0', 'version', 'notice.version'],
    ['version with a suffix', ['version'], '2.4.0; DROP TABLE', 'version', 'notice.version'],
    ['an empty version', ['version'], '', 'version', 'notice.version'],
    ['February 30th', ['date'], '2026-02-30', 'date', 'validation.invalidValue'],
    ['a date with a time', ['date'], '2026-11-26T10:00:00Z', 'date', 'validation.invalidValue'],
    ['a date in 1999', ['date'], '1999-12-31', 'date', 'validation.invalidValue'],
    ['month 13', ['date'], '2026-13-01', 'date', 'validation.invalidValue'],
    // hostile input: the same rule the server applies to every request, here in the schema the form uses too
    ['a NUL byte in a title', ['texts', 'en', 'title'], 'a\u0000b', 'texts.en.title', 'validation.nulCharacter'],
    ['a lone surrogate in a body', ['texts', 'cs', 'body'], 'x\ud800y', 'texts.cs.body', 'validation.loneSurrogate'],
    ['a 1 MB body', ['texts', 'zh', 'body'], 'x'.repeat(1024 * 1024), 'texts.zh.body', 'validation.tooLong'],
    ['an array where the texts belong', ['texts'], [], 'texts', 'validation.required'],
    ['an array where a language belongs', ['texts', 'de'], [text('de')], 'texts.de', 'validation.required'],
    ['Infinity (1e309) as the version', ['version'], Number.POSITIVE_INFINITY, 'version', 'validation.required'],
    ['a number as the date', ['date'], 20261126, 'date', 'validation.required'],
  ])('refuses %s', (_what, path, value, issuePath, key) => {
    const input = value === undefined ? with_(path, undefined) : with_(path, value);
    if (value === undefined) delete (input as { texts: Record<string, unknown> }).texts[path[1]!];
    expect(firstIssue(input)).toEqual([issuePath, key]);
  });

  test.each([null, [], 'notice', 42])('refuses %j as the whole body', (body) => {
    expect(noticeInputSchema.safeParse(body).success).toBe(false);
  });

  test.each(LANGUAGES)('localises the refusal of a long title in %s', (lang) => {
    const result = noticeInputSchema.safeParse(with_(['texts', 'en', 'title'], 'T'.repeat(121)));
    expect(result.success).toBe(false);
    const [first] = localiseIssues(result.error?.issues ?? [], lang);
    expect(first?.path).toBe('texts.en.title');
    expect(first?.message).toContain('120');
  });
});

describe('isNoticeDate', () => {
  test.each([
    ['2026-11-26', true],
    ['2000-01-01', true],
    ['2099-12-31', true],
    ['2100-01-01', false],
    ['2027-02-29', false],
    ['2026-04-31', false],
    ['2026-1-5', false],
    ['26-11-2026', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isNoticeDate(value)).toBe(expected);
  });
});

describe('noticeIdParamsSchema', () => {
  test.each([
    ['1', 1],
    ['2147483647', 2147483647],
  ])('reads %s', (raw, id) => {
    expect(noticeIdParamsSchema.parse({ id: raw })).toEqual({ id });
  });

  test.each(['0', '-1', '1.5', 'abc', '2147483648', '1e309'])('refuses %s', (raw) => {
    expect(noticeIdParamsSchema.safeParse({ id: raw }).success).toBe(false);
  });
});

test('noticeText picks one language', () => {
  expect(noticeText(VALID, 'de')).toEqual(text('de'));
});
