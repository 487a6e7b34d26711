import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnergySavingConfig } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

export const energySavingKey = (plantId: number) => ['plant-config', 'energy-saving', plantId] as const;

/** The plant's energy-saving entry (null when none), the defaults and the factors in effect. */
export function getEnergySaving(plantId: number, signal?: AbortSignal): Promise<EnergySavingConfig> {
  return http.get(`/api/plants/${plantId}/energy-saving`, { signal });
}

export const energySavingQuery = (plantId: number) =>
  queryOptions({ queryKey: energySavingKey(plantId), queryFn: ({ signal }) => getEnergySaving(plantId, signal) });

export const useEnergySaving = (plantId: number) => useQuery(energySavingQuery(plantId));
