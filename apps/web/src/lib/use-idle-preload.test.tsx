import { Suspense } from 'react';
import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy-load';
import { useIdlePreload } from './use-idle-preload';

describe('useIdlePreload', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads every loader once the browser is idle, not during the render', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 7));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const loaders = { a: vi.fn(() => Promise.resolve()), b: vi.fn(() => Promise.reject(new Error('offline'))) };
    const hook = renderHook(() => useIdlePreload(loaders));
    expect(loaders.a).not.toHaveBeenCalled();
    idle?.();
    expect(loaders.a).toHaveBeenCalledTimes(1);
    expect(loaders.b).toHaveBeenCalledTimes(1); // its failure is left to the real use
    hook.unmount();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback waits a second; leaving the page before cancels it', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const loaders = { a: vi.fn(() => Promise.resolve()) };
    const first = renderHook(() => useIdlePreload(loaders));
    vi.advanceTimersByTime(999);
    expect(loaders.a).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(loaders.a).toHaveBeenCalledTimes(1);
    first.unmount();
    const second = renderHook(() => useIdlePreload(loaders));
    second.unmount();
    vi.advanceTimersByTime(2000);
    expect(loaders.a).toHaveBeenCalledTimes(1);
  });
});

describe('lazyNamed', () => {
  it('renders a module’s named component once its chunk is in', async () => {
    const Greeting = lazyNamed(
      async () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p> }),
      'Greeting',
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });
});
