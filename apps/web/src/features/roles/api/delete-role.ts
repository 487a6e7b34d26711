import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Deletes a role; the server answers 409 with an explanation while users still hold it. */
export function deleteRole(id: number): Promise<null> {
  return http.delete(`/api/roles/${id}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
