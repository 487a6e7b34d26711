import { describe, expect, test } from 'vitest';
import { SERIAL_NUMBER_PATTERN } from './serial-number.js';
import { serialNumberSchema } from './serial-number-schemas.js';

const issuesOf = (value: unknown): string[] =>
  serialNumberSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('serial numbers', () => {
  test.each(['VF10K2400101', 'ABCDEFGH', 'A'.repeat(32), '12345678'])('accepts %s', (sn) => {
    expect(issuesOf(sn)).toEqual([]);
    expect(SERIAL_NUMBER_PATTERN.test(sn)).toBe(true);
  });

  test.each([
    ['lowercase', 'vf10k2400101'],
    ['7 characters', 'ABCDEFG'],
    ['33 characters', 'A'.repeat(33)],
    ['a dash', 'VF10K-24001'],
    ['a space', 'VF10K 24001'],
    ['empty', ''],
  ])('rejects %s', (_label, sn) => {
    expect(issuesOf(sn)).toEqual([': validation.serialNumber']);
  });
});

describe('serial number input that is not text', () => {
  test.each([
    ['a number', 12345678],
    ['null', null],
    ['an array', ['VF10K2400101']],
  ])('%s is refused as required', (_label, value) => {
    expect(issuesOf(value)).toEqual([': validation.required']);
  });
});
