import { QueryClient } from '@tanstack/react-query';

/** One client for the app. No automatic retries: a failed request has already told the user once (R8.3). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
