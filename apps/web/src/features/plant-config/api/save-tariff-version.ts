import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlantTariffs, TariffPeriodDraft } from '@voltfleet/domain/tariffs';
import { http } from '@/lib/http';
import { tariffsKey } from './get-plant-tariffs';

export interface TariffVersionDraft {
  effectiveFrom: string;
  periods: TariffPeriodDraft[];
}

/** Saves a tariff version; validation errors come back as field issues for the editor to show. */
export function saveTariffVersion(plantId: number, draft: TariffVersionDraft): Promise<PlantTariffs> {
  return http.post(`/api/plants/${plantId}/tariffs`, draft, { quiet: ['validation'] });
}

export function useSaveTariffVersion(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: TariffVersionDraft) => saveTariffVersion(plantId, draft),
    onSuccess: (data) => queryClient.setQueryData(tariffsKey(plantId), data),
  });
}
