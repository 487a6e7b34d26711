import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnergySavingConfig, SavingFactorsInput } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { energySavingKey } from './get-energy-saving';

/** Edits the plant's energy-saving entry. */
export function updateEnergySaving(plantId: number, input: SavingFactorsInput): Promise<EnergySavingConfig> {
  return http.put(`/api/plants/${plantId}/energy-saving`, input, { quiet: ['validation'] });
}

export function useUpdateEnergySaving(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavingFactorsInput) => updateEnergySaving(plantId, input),
    onSuccess: (data) => queryClient.setQueryData(energySavingKey(plantId), data),
  });
}
