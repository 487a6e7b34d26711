import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantListItem, PlantStatusFilter, PlantType } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

export interface PlantListParams {
  status?: PlantStatusFilter;
  type?: PlantType;
  q?: string;
}

/** Every plant in the caller's scope that passes the filters, with its figures (the page sorts and pages them itself). */
export function getPlants(params: PlantListParams, signal?: AbortSignal): Promise<PlantListItem[]> {
  return http.get('/api/plants', { query: { ...params }, signal });
}

/** Every cached plant list starts with this key (changes invalidate them all). */
export const PLANT_LIST_KEY = ['plants', 'list'] as const;

export const plantsQueryOptions = (params: PlantListParams) =>
  queryOptions({
    queryKey: [...PLANT_LIST_KEY, params],
    queryFn: ({ signal }) => getPlants(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePlants(params: PlantListParams) {
  return useQuery(plantsQueryOptions(params));
}
