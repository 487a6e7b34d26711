import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantWeather } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** The plant's cached 3-day forecast, or why there is none. */
export function getPlantWeather(plantId: number, signal?: AbortSignal): Promise<PlantWeather> {
  return http.get(`/api/plants/${plantId}/weather`, { signal });
}

// The server refreshes forecasts every few hours; asking more often than every 10 minutes only repeats the cache.
const WEATHER_STALE_MS = 10 * 60_000;

export const plantWeatherQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: ['plants', plantId, 'weather'],
    queryFn: ({ signal }) => getPlantWeather(plantId, signal),
    staleTime: WEATHER_STALE_MS,
  });

export function usePlantWeather(plantId: number) {
  return useQuery(plantWeatherQueryOptions(plantId));
}
