import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant, PlantInputBody } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

export function updatePlant({ plantId, input }: { plantId: number; input: PlantInputBody }): Promise<Plant> {
  return http.put(`/api/plants/${plantId}`, input, { quiet: ['validation'] });
}

export function useUpdatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plants'] }),
  });
}
