import { describe, expect, test } from 'vitest';
import { formatRemaining } from './format-remaining';

describe('formatRemaining', () => {
  test.each([
    [20 * 60 * 1000, '20:00'],
    [19 * 60 * 1000 + 59_001, '20:00'],
    [61_000, '01:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5000, '00:00'],
  ])('%i ms → %s', (ms, text) => expect(formatRemaining(ms)).toBe(text));
});
