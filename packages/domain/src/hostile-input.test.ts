import { describe, expect, it } from 'vitest';
import { findHostileInput, isSafeNumber, storableCopy, unsafeTextKey } from './hostile-input.js';
import { trimmedText } from './validation-schemas.js';

describe('unsafeTextKey', () => {
  it.each([
    ['plain', undefined],
    ['Příliš žluťoučký 电站 🌞', undefined],
    ['a\u0000b', 'validation.nulCharacter'],
    ['\ud800', 'validation.loneSurrogate'],
    ['x\udc00', 'validation.loneSurrogate'],
    ['\udc00\ud800', 'validation.loneSurrogate'],
    ['\ud83c\udf1e', undefined],
  ])('%j → %s', (text, key) => {
    expect(unsafeTextKey(text)).toBe(key);
  });
});

describe('isSafeNumber', () => {
  it.each([
    [0, true],
    [-0, true],
    [1e-30, true],
    [-1e-30, true],
    [1e-31, false],
    [1e-320, false],
    [5e-324, false],
    [1e15, true],
    [1e15 + 2, false],
    [Infinity, false],
    [-Infinity, false],
    [NaN, false],
    [170.5, true],
  ])('%d → %s', (n, ok) => {
    expect(isSafeNumber(n)).toBe(ok);
  });
});

describe('findHostileInput', () => {
  it.each([
    [{ a: 'ok', b: [1, 2, { c: 'fine' }] }, undefined],
    [{ a: { b: ['x', 'y\u0000'] } }, { path: ['a', 'b', 1], key: 'validation.nulCharacter' }],
    [{ 'k\ud800': 1 }, { path: ['k\ud800'], key: 'validation.loneSurrogate' }],
    [[1, 2, Infinity], { path: [2], key: 'validation.numberRange' }],
    [{ azimuth: 1e-320 }, { path: ['azimuth'], key: 'validation.numberRange' }],
    ['\u0000', { path: [], key: 'validation.nulCharacter' }],
  ])('%j', (value, issue) => {
    expect(findHostileInput(value)).toEqual(issue);
  });

  it('refuses nesting deeper than the limit without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findHostileInput(deep)?.key).toBe('validation.tooDeep');
  });

  it('rewrites -0 to 0 in place', () => {
    const body = { a: -0, list: [-0] };
    expect(findHostileInput(body)).toBeUndefined();
    expect(Object.is(body.a, 0)).toBe(true);
    expect(Object.is(body.list[0], 0)).toBe(true);
  });
});

describe('storableCopy', () => {
  it.each([
    [[], { body: [] }],
    ['text', { body: 'text' }],
    [null, { body: null }],
    [
      { password: 'p', name: 'a\u0000b\ud800' },
      { password: '***', name: 'a\ufffdb\ufffd' },
    ],
    [
      { n: Infinity, m: -0 },
      { n: null, m: 0 },
    ],
    [{ a: { b: { c: { d: { e: 1 } } } } }, { a: { b: { c: { d: '…' } } } }],
  ])('%j', (value, stored) => {
    expect(storableCopy(value)).toEqual(stored);
  });

  it('always gives JSON PostgreSQL accepts (no NUL escape, no lone surrogate)', () => {
    const text = JSON.stringify(storableCopy({ 'k\u0000': 'v\udfff'.repeat(300) }));
    expect(text).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(text.length).toBeLessThan(1200);
  });
});

describe('the text builders carry the rule', () => {
  it('refuses NUL and lone surrogates in a form field', () => {
    expect(trimmedText(50).safeParse('a\u0000').error?.issues[0]?.message).toBe('validation.nulCharacter');
    expect(trimmedText(50).safeParse('\ud800').error?.issues[0]?.message).toBe('validation.loneSurrogate');
  });
});
