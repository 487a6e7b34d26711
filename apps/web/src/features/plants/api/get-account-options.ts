import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantAccountOption } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** Accounts a plant may belong to or be affiliated with: the caller and their subordinates. */
export function getPlantAccountOptions(signal?: AbortSignal): Promise<PlantAccountOption[]> {
  return http.get('/api/plants/account-options', { signal });
}

export const plantAccountOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['plants', 'account-options'], queryFn: ({ signal }) => getPlantAccountOptions(signal) });

export function usePlantAccountOptions() {
  return useQuery(plantAccountOptionsQueryOptions());
}
