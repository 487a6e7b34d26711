import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Roles the caller may give to users. */
export function getAssignableRoles(signal?: AbortSignal): Promise<Role[]> {
  return http.get('/api/roles/assignable', { signal });
}

export const assignableRolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'assignable'], queryFn: ({ signal }) => getAssignableRoles(signal) });

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions());
}
