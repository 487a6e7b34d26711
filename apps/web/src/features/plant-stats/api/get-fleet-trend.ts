import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EnergyTrend, TrendRange } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

export interface FleetTrendParams {
  range: TrendRange;
  /** 'YYYY-MM-DD' inside the day, month or year shown (ignored for the total). */
  date: string;
}

/** The plants' energies per local hour of a day, day of a month, month of a year, or per year. */
export function getFleetTrend(params: FleetTrendParams, signal?: AbortSignal): Promise<EnergyTrend> {
  return http.get('/api/plant-statistics/trend', { query: { ...params }, signal });
}

export const fleetTrendQueryOptions = (params: FleetTrendParams) =>
  queryOptions({
    queryKey: ['plantStats', 'trend', params],
    queryFn: ({ signal }) => getFleetTrend(params, signal),
    placeholderData: keepPreviousData,
  });

export function useFleetTrend(params: FleetTrendParams) {
  return useQuery(fleetTrendQueryOptions(params));
}
