import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EnergyQuantity } from '@voltfleet/domain/telemetry';
import type { EnergyTrend } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

export interface PlantTrendParams {
  quantities: readonly EnergyQuantity[];
  range: 'day' | 'month' | 'year';
  date: string;
}

/** The chosen quantities' energies per 5 minutes of a local day, per day of a month or per month of a year. */
export function getPlantTrend(plantId: number, params: PlantTrendParams, signal?: AbortSignal): Promise<EnergyTrend> {
  const query = { quantities: params.quantities.join(','), range: params.range, date: params.date };
  return http.get(`/api/plants/${plantId}/trend`, { query, signal });
}

export const plantTrendQueryOptions = (plantId: number, params: PlantTrendParams) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'trend', params],
    queryFn: ({ signal }) => getPlantTrend(plantId, params, signal),
    placeholderData: keepPreviousData,
  });

export function usePlantTrend(plantId: number, params: PlantTrendParams) {
  return useQuery({ ...plantTrendQueryOptions(plantId, params), enabled: params.quantities.length > 0 });
}
