import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleInput } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

export function updateRole({ id, input }: { id: number; input: RoleInput }): Promise<Role> {
  return http.put(`/api/roles/${id}`, input, { quiet: ['validation'] });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
