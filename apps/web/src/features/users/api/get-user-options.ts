import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** A possible superior: the caller or one of their subordinates. */
export interface UserOption {
  id: number;
  username: string;
  name: string;
  level: number;
  superiorId: number | null;
}

export function getUserOptions(signal?: AbortSignal): Promise<UserOption[]> {
  return http.get('/api/users/options', { signal });
}

export const userOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'options'], queryFn: ({ signal }) => getUserOptions(signal) });

export function useUserOptions() {
  return useQuery(userOptionsQueryOptions());
}
