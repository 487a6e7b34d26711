import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantRealtime } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

/** Detailed data: the newest reading of each of the plant's reporting devices, by monitoring group. */
export function getPlantRealtime(plantId: number, signal?: AbortSignal): Promise<PlantRealtime> {
  return http.get(`/api/plants/${plantId}/realtime`, { signal });
}

/** Refreshed by the live channel like the power flow (use-plant-live), and every 30 s for a closed socket. */
export const plantRealtimeQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'realtime'],
    queryFn: ({ signal }) => getPlantRealtime(plantId, signal),
    refetchInterval: 30_000,
    staleTime: 5_000,
  });

export function usePlantRealtime(plantId: number) {
  return useQuery(plantRealtimeQueryOptions(plantId));
}
