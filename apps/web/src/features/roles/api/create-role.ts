import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleInput } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

export function createRole(input: RoleInput): Promise<Role> {
  return http.post('/api/roles', input, { quiet: ['validation'] });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
