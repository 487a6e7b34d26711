import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant, PlantInputBody } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** Field problems come back as issues for the form, not as a notice. */
export function createPlant(input: PlantInputBody): Promise<Plant> {
  return http.post('/api/plants', input, { quiet: ['validation'] });
}

export function useCreatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plants'] }),
  });
}
