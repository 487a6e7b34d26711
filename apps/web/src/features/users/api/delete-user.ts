import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export function deleteUser(id: number): Promise<null> {
  return http.delete(`/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
