import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeyCreated } from '@voltfleet/domain/api-keys';
import { http } from '@/lib/http';
import { apiKeysKey } from './get-api-keys';

/** Makes a key; the answer carries the key itself, this once. Validation issues go to the form, not a notice. */
export function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return http.post('/api/api-keys', input, { quiet: ['validation'] });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
