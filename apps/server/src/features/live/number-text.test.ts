import { describe, expect, it } from 'vitest';
import { numberText } from './number-text.js';

/** A small seeded generator (mulberry32): the same numbers every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('numberText is String(n)', () => {
  it.each([
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    0.1,
    0.2,
    0.3,
    0.05,
    0.992,
    50.01,
    515.1,
    -3000.25,
    1e-6,
    1e-7,
    1.5e-6,
    0.000001,
    0.0000015,
    123456.789012,
    999_999_999.5,
    1e9 + 0.5,
    1e21,
    1e-300,
    5e-324,
    Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    0.1 + 0.2,
    1 / 3,
    -2 / 3,
    Math.PI,
    4.35,
    1.005,
    8.675,
    0.07,
    9.995,
    100.000001,
    99.999999,
    0.999999,
    0.9999995,
    NaN,
    Infinity,
    -Infinity,
  ])('%s', (n) => {
    expect(numberText(n)).toBe(String(n));
  });

  it('for values with 0 to 9 decimals and raw doubles over many magnitudes (400,000 seeded numbers)', () => {
    const next = random(39);
    const wrong: string[] = [];
    for (let i = 0; i < 400_000; i++) {
      const magnitude = 10 ** Math.floor(next() * 20 - 8);
      const raw = (next() - 0.3) * magnitude;
      const decimals = Math.floor(next() * 10);
      // Half rounded to a few decimals as devices send them (as JSON.parse reads them back), half raw doubles.
      const n = i % 2 === 0 ? Number(raw.toFixed(Math.min(decimals, 20))) : raw;
      if (numberText(n) !== String(n)) wrong.push(`${String(n)} → ${numberText(n)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('for every value of 0.000001 steps between 0 and 2, and around the integer boundaries', () => {
    const wrong: string[] = [];
    for (let i = 0; i <= 2_000_000; i++) {
      const n = i / 1_000_000;
      if (numberText(n) !== String(n)) wrong.push(String(n));
      if (numberText(-n) !== String(-n)) wrong.push(String(-n));
    }
    for (let i = 1; i < 1e9; i *= 7) {
      for (const n of [i - 0.5, i - 0.001, i + 0.000001, i + 0.1, i - 0.999999]) {
        if (numberText(n) !== String(n)) wrong.push(String(n));
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});
