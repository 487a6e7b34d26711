import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@voltfleet/domain/api-keys';
import { http } from '@/lib/http';
import { apiKeysKey } from './get-api-keys';

/** Revokes one of the caller's keys: the next call with it is refused (401). */
export function revokeApiKey(id: number): Promise<ApiKey> {
  return http.delete(`/api/api-keys/${id}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
