import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDeleteResult } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Deletes a subordinate; their plants, devices and subordinates become the caller's (the counts come back). */
export function deleteUser(id: number): Promise<UserDeleteResult> {
  return http.delete(`/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
