import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantDevices } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

/** The plant's devices with status, its owner and affiliated accounts. */
export function getPlantDevices(plantId: number, signal?: AbortSignal): Promise<PlantDevices> {
  return http.get(`/api/plants/${plantId}/devices`, { signal });
}

export const plantDevicesQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'devices'],
    queryFn: ({ signal }) => getPlantDevices(plantId, signal),
    refetchInterval: 30_000,
  });

export function usePlantDevices(plantId: number) {
  return useQuery(plantDevicesQueryOptions(plantId));
}
