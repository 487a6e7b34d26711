import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** A plant a picker offers (alarm filters, device activation, API keys, webhooks). */
export interface PlantChoice {
  plantId: number;
  name: string;
}

/** The plants in the caller's scope (GET /api/plants), reduced to what a plant picker shows, by name. */
export async function getPlantChoices(signal?: AbortSignal): Promise<PlantChoice[]> {
  const plants = await http.get<Plant[]>('/api/plants', { query: { status: 'all' }, signal });
  return plants.map((p) => ({ plantId: p.plantId, name: p.name })).sort((a, b) => a.name.localeCompare(b.name));
}

// Under the plant list's key: a plant added, edited or deleted (which invalidates ['plants']) refreshes every picker.
export const plantChoicesQuery = queryOptions({
  queryKey: ['plants', 'list', 'choices'],
  queryFn: ({ signal }) => getPlantChoices(signal),
  staleTime: 60_000,
});

/** The plant choices; only asked for by users who may see the plant list (GET /api/plants needs module A). */
export const usePlantChoices = (enabled: boolean) => useQuery({ ...plantChoicesQuery, enabled });
