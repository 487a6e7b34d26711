import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { askEarly, startWithEarly } from './http';
import { switchLanguage } from '@/test/render';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 'ok', msg: 'Success', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

// The app's i18next in English: an early answer is taken only in the UI's language.
beforeAll(() => switchLanguage('en'));

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The page's query as the pages write it: its own GET, the app's 30 s staleness, and startWithEarly. */
function usePageQuery(path: string, queryFn: () => Promise<string>) {
  return useQuery({ queryKey: [path], queryFn, ...startWithEarly<string>(path) });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('startWithEarly', () => {
  it('an early answer already in: the first render has its data and the query asks nothing', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(ok('Roof'));
    askEarly('/api/first/1', 'en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const queryFn = vi.fn(async () => 'asked');
    const { result } = renderHook(() => usePageQuery('/api/first/1', queryFn), { wrapper });
    expect(result.current.data).toBe('Roof');
    expect(result.current.isStale).toBe(false);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('none in yet: the query starts empty and asks', async () => {
    const queryFn = vi.fn(async () => 'asked');
    const { result } = renderHook(() => usePageQuery('/api/first/2', queryFn), { wrapper });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toBe('asked'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
