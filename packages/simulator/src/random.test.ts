import { describe, expect, test } from 'vitest';
import { Rng, hash32, hashString, unitHash, valueNoise } from './random.js';

describe('Rng', () => {
  test('the same seed gives the same stream; another seed another one', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  test('numbers are in [0, 1) and roughly uniform', () => {
    const rng = new Rng(7);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      buckets[Math.floor(x * 10)]! += 1;
    }
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  test('range, int and pick stay in bounds', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 1000; i++) {
      const r = rng.range(5, 7);
      expect(r >= 5 && r < 7).toBe(true);
      const n = rng.int(1, 3);
      expect([1, 2, 3]).toContain(n);
      expect(['a', 'b']).toContain(rng.pick(['a', 'b']));
    }
    expect(() => rng.pick([])).toThrow();
  });

  test('forks are independent of draws made on the parent afterwards', () => {
    const parent1 = new Rng(9);
    const fork1 = parent1.fork('battery');
    parent1.next();
    const parent2 = new Rng(9);
    const fork2 = parent2.fork('battery');
    expect(fork1.next()).toBe(fork2.next());
    expect(new Rng(9).fork('battery').next()).not.toBe(new Rng(9).fork('weather').next());
  });
});

describe('hashes and noise', () => {
  test('hashes are stable and spread', () => {
    expect(hashString('VF10K2400101')).toBe(hashString('VF10K2400101'));
    expect(hashString('VF10K2400101')).not.toBe(hashString('VF10K2400102'));
    expect(hash32(1, 2)).not.toBe(hash32(2, 1));
    // Large time buckets differ in their high bits too.
    expect(hash32(2 ** 33)).not.toBe(hash32(0));
    const u = unitHash(3, 4);
    expect(u >= 0 && u < 1).toBe(true);
  });

  test('value noise is continuous and hits its lattice values', () => {
    expect(valueNoise(5, 3)).toBeCloseTo(unitHash(5, 3), 12);
    for (let x = 0; x < 10; x += 0.01) {
      expect(Math.abs(valueNoise(5, x + 0.001) - valueNoise(5, x))).toBeLessThan(0.01);
      const v = valueNoise(5, x);
      expect(v >= 0 && v < 1).toBe(true);
    }
  });
});
