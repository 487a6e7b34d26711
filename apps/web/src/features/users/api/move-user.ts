import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserMove } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Moves a subordinate (with their subtree) below another user of the caller's subtree. */
export function moveUser({ id, input }: { id: number; input: UserMove }): Promise<User> {
  return http.put(`/api/users/${id}/superior`, input, { quiet: ['validation'] });
}

export function useMoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
