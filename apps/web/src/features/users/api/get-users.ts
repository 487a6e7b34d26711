import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { User, UserApproval } from '@voltfleet/domain/users';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

/** The list's filters (also the export's): all optional, combined with AND. */
export interface UserFilterParams {
  keyword?: string;
  enabled?: 'true' | 'false';
  /** 'pending': the self-registered accounts awaiting the caller's approval. */
  approval?: UserApproval;
  roleId?: number;
  level?: number;
  /** Direct subordinates of this user. */
  superiorId?: number;
}

export interface UserListParams extends UserFilterParams {
  page: number;
  pageSize: number;
}

/** The caller's subordinates (whole subtree), one page at a time. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<Paged<User>> {
  return http.get('/api/users', { query: { ...params }, signal });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
