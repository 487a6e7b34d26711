import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Roles the caller can see; `editable` says whether they may change or delete each. */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return http.get('/api/roles', { signal });
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'list'], queryFn: ({ signal }) => getRoles(signal) });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
