import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** A plant a device can be activated into. */
export interface PlantChoice {
  plantId: number;
  name: string;
}

/** The plants in the caller's scope (GET /api/plants), reduced to what the activation picker shows. */
export async function getPlantChoices(signal?: AbortSignal): Promise<PlantChoice[]> {
  const plants = await http.get<Plant[]>('/api/plants', { query: { status: 'all' }, signal });
  return plants.map((p) => ({ plantId: p.plantId, name: p.name }));
}

export const plantChoicesQuery = queryOptions({
  queryKey: ['plants', 'list', 'activation-choices'],
  queryFn: ({ signal }) => getPlantChoices(signal),
});

export const usePlantChoices = (enabled: boolean) => useQuery({ ...plantChoicesQuery, enabled });
