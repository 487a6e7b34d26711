import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantTariffs } from '@voltfleet/domain/tariffs';
import { http } from '@/lib/http';

export const tariffsKey = (plantId: number) => ['plant-config', 'tariffs', plantId] as const;

/** The plant's tariff versions (newest first), its local date today and currency. */
export function getPlantTariffs(plantId: number, signal?: AbortSignal): Promise<PlantTariffs> {
  return http.get(`/api/plants/${plantId}/tariffs`, { signal });
}

export const plantTariffsQuery = (plantId: number) =>
  queryOptions({ queryKey: tariffsKey(plantId), queryFn: ({ signal }) => getPlantTariffs(plantId, signal) });

export const usePlantTariffs = (plantId: number) => useQuery(plantTariffsQuery(plantId));
