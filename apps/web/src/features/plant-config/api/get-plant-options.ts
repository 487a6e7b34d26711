import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** A plant the configuration page can be opened for. */
export interface PlantOption {
  plantId: number;
  name: string;
  timeZone: string;
  currency: string;
}

/** The plants in the caller's scope (GET /api/plants), reduced to what the plant selector shows. */
export async function getPlantOptions(signal?: AbortSignal): Promise<PlantOption[]> {
  const plants = await http.get<Plant[]>('/api/plants', { query: { status: 'all' }, signal });
  return plants.map((p) => ({ plantId: p.plantId, name: p.name, timeZone: p.timeZone, currency: p.currency }));
}

export const plantOptionsQuery = queryOptions({
  queryKey: ['plants', 'list', 'config-options'],
  queryFn: ({ signal }) => getPlantOptions(signal),
});

export const usePlantOptions = () => useQuery(plantOptionsQuery);
