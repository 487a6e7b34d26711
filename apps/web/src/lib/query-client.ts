import { QueryCache, QueryClient } from '@tanstack/react-query';
import { cachedDataAt } from './offline';

/**
 * One client for the app. No automatic retries: a failed request has already told the user once (R8.3).
 * Network mode "always": offline, a query still asks (the service worker may answer from its cache of last answers)
 * and a write is refused at once with a message by the request layer (http.ts), instead of waiting paused, unseen,
 * for the network to come back.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // Data from the service worker's cache is as old as that answer: its query says so (the offline banner's age).
    onSuccess: (data, query) => {
      const storedAt = cachedDataAt(data);
      if (storedAt !== undefined && storedAt < query.state.dataUpdatedAt) query.setState({ dataUpdatedAt: storedAt });
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
