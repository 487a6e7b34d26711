import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionNode } from '@voltfleet/domain/permissions';
import { http } from '@/lib/http';

/** What the caller holds, as a named tree: the most a role they edit can be given. */
export function getPermissionTree(signal?: AbortSignal): Promise<PermissionNode[]> {
  return http.get('/api/permissions/tree', { signal });
}

export const permissionTreeQueryOptions = () =>
  queryOptions({ queryKey: ['permissions', 'tree'], queryFn: ({ signal }) => getPermissionTree(signal) });

export function usePermissionTree() {
  return useQuery(permissionTreeQueryOptions());
}
