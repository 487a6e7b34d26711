/**
 * Seeded randomness. Everything random in the simulator comes from here so that one seed reproduces a run.
 * Two kinds: a stateful stream (mulberry32) for set-up choices, and stateless hashes of (seed, …, time bucket)
 * for time series, so values do not depend on the step size or on the order devices are stepped in.
 */

/** 32-bit hash of a string (FNV-1a). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes 32-bit integers into one well-spread 32-bit hash (murmur3 finaliser per part). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul(part | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
    // Parts above 32 bits (time buckets) contribute their high half too.
    h ^= Math.floor(part / 0x1_0000_0000) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) from hashed integers. */
export function unitHash(...parts: number[]): number {
  return hash32(...parts) / 0x1_0000_0000;
}

/** Smooth noise in [0, 1): cosine interpolation between hashed values at integer x. */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const t = (1 - Math.cos((x - i) * Math.PI)) / 2;
  return unitHash(seed, i) * (1 - t) + unitHash(seed, i + 1) * t;
}

/** A seeded stream of numbers (mulberry32). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An independent stream for a named purpose, so adding draws in one place does not shift another. */
  fork(label: string): Rng {
    return new Rng(hash32(this.state, hashString(label)));
  }
}
