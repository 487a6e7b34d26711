import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnergySavingConfig } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { energySavingKey } from './get-energy-saving';

/** Deletes the plant's energy-saving entry: the defaults apply again. */
export function deleteEnergySaving(plantId: number): Promise<EnergySavingConfig> {
  return http.delete(`/api/plants/${plantId}/energy-saving`);
}

export function useDeleteEnergySaving(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEnergySaving(plantId),
    onSuccess: (data) => queryClient.setQueryData(energySavingKey(plantId), data),
  });
}
