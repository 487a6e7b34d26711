import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantStatsSummary } from '@voltfleet/domain/plants';
import { http, startWithEarly } from '@/lib/http';
import { STATS_SUMMARY_PATH } from './paths';

/** Counts, power, energies, earnings and savings over every plant in the caller's scope. */
export function getStatsSummary(signal?: AbortSignal): Promise<PlantStatsSummary> {
  return http.get(STATS_SUMMARY_PATH, { signal });
}

/** Figures move with every reading: refreshed every minute while the page is open. */
export const statsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['plantStats', 'summary'],
    queryFn: ({ signal }) => getStatsSummary(signal),
    refetchInterval: 60_000,
  });

export function useStatsSummary() {
  return useQuery({ ...statsSummaryQueryOptions(), ...startWithEarly<PlantStatsSummary>(STATS_SUMMARY_PATH) });
}
