import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantOverview } from '@voltfleet/domain/plants';
import { http, startWithEarly } from '@/lib/http';
import { plantOverviewPath } from './paths';

/** Live power flow, today's energies and earnings, and the plant's clock. */
export function getPlantOverview(plantId: number, signal?: AbortSignal): Promise<PlantOverview> {
  // A missing plant (or one outside the scope) is shown on the page itself rather than as a notice.
  return http.get(plantOverviewPath(plantId), { signal, quiet: ['not_found'] });
}

/** Every query of one plant's detail starts with this key (live readings refresh them). */
export const plantDetailKey = (plantId: number) => ['plantDetail', plantId] as const;

/** Refetched every 30 s besides the pushes of the live channel, which a closed socket would miss. */
export const plantOverviewQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'overview'],
    queryFn: ({ signal }) => getPlantOverview(plantId, signal),
    refetchInterval: 30_000,
    staleTime: 5_000,
  });

export function usePlantOverview(plantId: number, enabled = true) {
  return useQuery({
    ...plantOverviewQueryOptions(plantId),
    ...startWithEarly<PlantOverview>(plantOverviewPath(plantId)),
    enabled,
  });
}
