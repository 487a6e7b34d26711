import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, importWithTimeout } from './lazy-load';

describe('importWithTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with ChunkTimeoutError when the chunk takes 120 s', async () => {
    vi.useFakeTimers();
    const result = importWithTimeout(() => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkTimeoutError);
  });

  it('passes a chunk that arrives in time through', async () => {
    const chunk = { default: 'page' };
    await expect(importWithTimeout(async () => chunk)).resolves.toBe(chunk);
  });
});
