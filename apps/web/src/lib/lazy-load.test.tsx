import { Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, importWithTimeout, lazyLoad, lazyNamed, preload } from './lazy-load';

const inSuspense = (children: ReactNode) => render(<Suspense fallback={<p>loading</p>}>{children}</Suspense>);

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

describe('lazy components and preload', () => {
  it('a component whose loader was preloaded renders in the first render, without its fallback', async () => {
    const load = vi.fn(async () => ({ default: () => <p>page</p> }));
    await preload(load);
    const Page = lazyLoad(load);
    inSuspense(<Page />);
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('one preload serves every named component of the loader (a detail page’s other tabs)', async () => {
    const loadTabs = async () => ({ Trend: () => <p>trend</p>, Savings: () => <p>savings</p> });
    const Trend = lazyNamed(loadTabs, 'Trend');
    const Savings = lazyNamed(loadTabs, 'Savings');
    await preload(loadTabs);
    inSuspense(
      <>
        <Trend />
        <Savings />
      </>,
    );
    expect(screen.getByText('trend')).toBeInTheDocument();
    expect(screen.getByText('savings')).toBeInTheDocument();
  });

  it('without a preload the fallback shows until the chunk is in', async () => {
    const Page = lazyLoad(async () => ({ default: () => <p>page</p> }));
    inSuspense(<Page />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('page')).toBeInTheDocument();
  });

  it('a failed preload is not remembered: the component loads the chunk again', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => <p>page</p> });
    await expect(preload(load)).rejects.toThrow('offline');
    const Page = lazyLoad(load);
    inSuspense(<Page />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
