import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnergySavingConfig, SavingFactorsInput } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { energySavingKey } from './get-energy-saving';

/** Adds the plant's energy-saving entry. */
export function addEnergySaving(plantId: number, input: SavingFactorsInput): Promise<EnergySavingConfig> {
  return http.post(`/api/plants/${plantId}/energy-saving`, input, { quiet: ['validation'] });
}

export function useAddEnergySaving(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavingFactorsInput) => addEnergySaving(plantId, input),
    onSuccess: (data) => queryClient.setQueryData(energySavingKey(plantId), data),
  });
}
