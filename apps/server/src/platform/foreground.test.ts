import { describe, expect, it } from 'vitest';
import { Foreground } from './foreground.js';

describe('Foreground', () => {
  it('is busy while a request is in flight and quiet once all have finished', async () => {
    const f = new Foreground();
    expect(f.busy).toBe(false);
    f.started();
    f.started();
    f.finished();
    expect(f.busy).toBe(true);
    let resolved = false;
    const quiet = f.quiet(10_000, 1).then(() => (resolved = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBe(false);
    f.finished();
    await quiet;
    expect(resolved).toBe(true);
    // A stray extra finish never makes the count negative.
    f.finished();
    f.started();
    expect(f.busy).toBe(true);
  });

  it('gives up waiting after its limit, so background work still moves under a steady stream of requests', async () => {
    const f = new Foreground();
    f.started();
    const before = Date.now();
    await f.quiet(30, 1);
    expect(Date.now() - before).toBeGreaterThanOrEqual(25);
    expect(f.busy).toBe(true);
  });
});
