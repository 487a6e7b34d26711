import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { PlantTariffs } from '@voltfleet/domain/tariffs';
import { http } from '@/lib/http';

/** A plant's tariff versions (the form pushes the one in effect today), its currency and local date. */
export function getPlantTariff(plantId: number, signal?: AbortSignal): Promise<PlantTariffs> {
  return http.get(`/api/plants/${plantId}/tariffs`, { signal });
}

export const plantTariffQuery = (plantId: number) =>
  queryOptions({
    queryKey: ['commands', 'plant-tariff', plantId],
    queryFn: ({ signal }) => getPlantTariff(plantId, signal),
    // Read afresh on every click: the tariff may have been changed a moment ago.
    staleTime: 0,
  });

/** Loads a plant's tariff on demand (a button, not a render). */
export function useLoadPlantTariff(): (plantId: number) => Promise<PlantTariffs> {
  const client = useQueryClient();
  return (plantId) => client.fetchQuery(plantTariffQuery(plantId));
}
