import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Generation, TrendRange } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

export interface GenerationParams {
  range: TrendRange;
  date: string;
}

/** PV power through a local day, or PV energy per day of a month, month of a year, or per year. */
export function getPlantGeneration(
  plantId: number,
  params: GenerationParams,
  signal?: AbortSignal,
): Promise<Generation> {
  return http.get(`/api/plants/${plantId}/generation`, { query: { ...params }, signal });
}

export const plantGenerationQueryOptions = (plantId: number, params: GenerationParams) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'generation', params],
    queryFn: ({ signal }) => getPlantGeneration(plantId, params, signal),
    placeholderData: keepPreviousData,
  });

export function usePlantGeneration(plantId: number, params: GenerationParams) {
  return useQuery(plantGenerationQueryOptions(plantId, params));
}
