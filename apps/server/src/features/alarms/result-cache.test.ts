import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCache, type ResultCacheOptions } from './result-cache.js';

/** A computation the test finishes by hand, counting how often it was started. */
function computations() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  let started = 0;
  const compute = () =>
    new Promise<string>((resolve, reject) => {
      started += 1;
      pending.push({ resolve, reject });
    });
  return {
    compute,
    started: () => started,
    finish: (value: string) => pending.shift()!.resolve(value),
    fail: () => pending.shift()!.reject(new Error('database gone')),
  };
}

const OPTIONS: ResultCacheOptions = { freshMs: 30_000, staleMs: 300_000, waitMs: 100, maxEntries: 3 };

describe('ResultCache', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('computes once for concurrent requests and serves the result while fresh', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    const a = cache.lookup('k', c.compute);
    const b = cache.lookup('k', c.compute);
    c.finish('v1');
    expect(await a).toEqual({ value: 'v1', computedAt: Date.now(), refreshing: false });
    expect((await b).value).toBe('v1');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(await cache.lookup('k', c.compute)).toMatchObject({ value: 'v1', refreshing: false });
    expect(c.started()).toBe(1);
  });

  it('after a change, waits up to waitMs for the new figures and gets them when they are quick', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    const first = cache.lookup('k', c.compute);
    c.finish('v1');
    await first;
    cache.changed();
    const next = cache.lookup('k', c.compute);
    await vi.advanceTimersByTimeAsync(50);
    c.finish('v2');
    expect(await next).toMatchObject({ value: 'v2', refreshing: false });
    expect(c.started()).toBe(2);
  });

  it('after a change, answers a slow recount with the previous figures marked refreshing, then the new ones', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    const first = cache.lookup('k', c.compute);
    c.finish('v1');
    await first;
    cache.changed();
    const slow = cache.lookup('k', c.compute);
    await vi.advanceTimersByTimeAsync(100);
    expect(await slow).toMatchObject({ value: 'v1', refreshing: true });
    // Asked again while the recount runs: no second recount, the previous figures at once once the wait is over.
    const again = cache.lookup('k', c.compute);
    await vi.advanceTimersByTimeAsync(100);
    expect(await again).toMatchObject({ value: 'v1', refreshing: true });
    expect(c.started()).toBe(2);
    c.finish('v2');
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.lookup('k', c.compute)).toMatchObject({ value: 'v2', refreshing: false });
    expect(c.started()).toBe(2);
  });

  it('never serves as fresh a result whose computation a change overtook', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    const first = cache.lookup('k', c.compute);
    cache.changed();
    c.finish('counted before the change');
    expect(await first).toMatchObject({ value: 'counted before the change', refreshing: true });
    const next = cache.lookup('k', c.compute);
    expect(c.started()).toBe(2);
    c.finish('v2');
    expect(await next).toMatchObject({ value: 'v2', refreshing: false });
  });

  it.each([
    ['waits for the recount when waitMs is Infinity (a total beside its list)', { waitMs: Infinity }, 0],
    ['waits for the recount when the previous figures are past staleMs', { staleMs: 60_000 }, 61_000],
  ])('%s', async (_name, options, age) => {
    const cache = new ResultCache<string>({ ...OPTIONS, ...options });
    const c = computations();
    const first = cache.lookup('k', c.compute);
    c.finish('v1');
    await first;
    await vi.advanceTimersByTimeAsync(age);
    cache.changed();
    let answered = false;
    const next = cache.lookup('k', c.compute).then((r) => ((answered = true), r));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(answered).toBe(false);
    c.finish('v2');
    expect(await next).toMatchObject({ value: 'v2', refreshing: false });
  });

  it('answers unchanged figures past freshMs at once and recounts them in the background', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    const first = cache.lookup('k', c.compute);
    c.finish('v1');
    await first;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await cache.lookup('k', c.compute)).toMatchObject({ value: 'v1', refreshing: true });
    expect(c.started()).toBe(2);
    c.finish('v2');
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.lookup('k', c.compute)).toMatchObject({ value: 'v2', refreshing: false });
  });

  it('keeps the previous figures when a recount fails, and lets a first failure through', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    const failing = cache.lookup('k', c.compute);
    c.fail();
    await expect(failing).rejects.toThrow('database gone');
    const first = cache.lookup('k', c.compute);
    c.finish('v1');
    await first;
    cache.changed();
    const during = cache.lookup('k', c.compute);
    await vi.advanceTimersByTimeAsync(100);
    expect(await during).toMatchObject({ value: 'v1', refreshing: true });
    c.fail();
    await vi.advanceTimersByTimeAsync(0);
    const after = cache.lookup('k', c.compute);
    expect(c.started()).toBe(4);
    c.finish('v2');
    expect(await after).toMatchObject({ value: 'v2', refreshing: false });
  });

  it('holds at most maxEntries results, forgetting the oldest; clear() forgets all; freshMs 0 always counts', async () => {
    const cache = new ResultCache<string>(OPTIONS);
    const c = computations();
    for (const key of ['a', 'b', 'c', 'd']) {
      const r = cache.lookup(key, c.compute);
      c.finish(key);
      await r;
    }
    expect(c.started()).toBe(4);
    const b = cache.lookup('b', c.compute);
    expect(c.started()).toBe(4);
    expect((await b).value).toBe('b');
    const a = cache.lookup('a', c.compute);
    expect(c.started()).toBe(5);
    c.finish('a again');
    await a;
    cache.clear();
    const d = cache.lookup('d', c.compute);
    expect(c.started()).toBe(6);
    c.finish('d again');
    await d;

    const uncached = new ResultCache<string>({ ...OPTIONS, freshMs: 0 });
    for (let i = 0; i < 2; i++) {
      const r = uncached.lookup('k', c.compute);
      c.finish(`u${i}`);
      expect((await r).value).toBe(`u${i}`);
    }
    expect(c.started()).toBe(8);
  });
});
