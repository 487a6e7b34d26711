import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@voltfleet/domain/api-keys';
import { http } from '@/lib/http';

/** The key of every API-keys query: a change to a key refreshes them all. */
export const apiKeysKey = ['apiKeys'] as const;

/** The caller's own API keys, newest first (the server keeps only each key's hash and first characters). */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return http.get('/api/api-keys', { signal });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysKey, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
