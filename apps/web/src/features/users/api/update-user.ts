import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdate } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

export function updateUser({ id, input }: { id: number; input: UserUpdate }): Promise<User> {
  return http.put(`/api/users/${id}`, input, { quiet: ['validation'] });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
