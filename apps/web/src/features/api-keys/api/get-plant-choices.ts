import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { apiKeysKey } from './get-api-keys';

/** A plant a key may be limited to. */
export interface PlantChoice {
  plantId: number;
  name: string;
}

/** The plants in the caller's scope (GET /api/plants), reduced to what the plant picker shows, by name. */
export async function getPlantChoices(signal?: AbortSignal): Promise<PlantChoice[]> {
  const plants = await http.get<Plant[]>('/api/plants', { query: { status: 'all' }, signal });
  return plants.map((p) => ({ plantId: p.plantId, name: p.name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const plantChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...apiKeysKey, 'plants'],
    queryFn: ({ signal }) => getPlantChoices(signal),
    staleTime: 60_000,
  });

/** The plant choices, asked for once the form is open and only of a user who may list plants (module A). */
export function usePlantChoices(enabled: boolean) {
  return useQuery({ ...plantChoicesQueryOptions(), enabled });
}
