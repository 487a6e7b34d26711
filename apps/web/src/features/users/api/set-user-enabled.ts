import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Enables or disables a subordinate; a disabled user is signed out at once. */
export function setUserEnabled({ id, enabled }: { id: number; enabled: boolean }): Promise<User> {
  return http.put(`/api/users/${id}/${enabled ? 'enable' : 'disable'}`);
}

export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
