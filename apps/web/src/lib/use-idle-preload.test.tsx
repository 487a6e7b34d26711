import { Suspense } from 'react';
import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy-load';
import { useIdlePreload } from './use-idle-preload';

describe('useIdlePreload', () => {
  // The stubs go first: the fake timers install a requestIdleCallback of their own, which the second test's stub
  // records as the original, and which would otherwise be put back after the real timers (and stay for the files
  // that run after this one in the same worker).
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads once the browser is idle, not during the render; a failure is left to the real use', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 7));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const hook = renderHook(() => useIdlePreload(load));
    expect(load).not.toHaveBeenCalled();
    idle?.();
    expect(load).toHaveBeenCalledTimes(1);
    hook.unmount();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback waits a second; leaving the page before cancels it', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(() => Promise.resolve());
    const first = renderHook(() => useIdlePreload(load));
    vi.advanceTimersByTime(999);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    first.unmount();
    const second = renderHook(() => useIdlePreload(load));
    second.unmount();
    vi.advanceTimersByTime(2000);
    expect(load).toHaveBeenCalledTimes(1);
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
