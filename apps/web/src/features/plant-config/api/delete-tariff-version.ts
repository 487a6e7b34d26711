import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlantTariffs } from '@voltfleet/domain/tariffs';
import { http } from '@/lib/http';
import { tariffsKey } from './get-plant-tariffs';

/** Deletes a version that has not taken effect yet (the server refuses one in effect). */
export function deleteTariffVersion(plantId: number, tariffId: number): Promise<PlantTariffs> {
  return http.delete(`/api/plants/${plantId}/tariffs/${tariffId}`);
}

export function useDeleteTariffVersion(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tariffId: number) => deleteTariffVersion(plantId, tariffId),
    onSuccess: (data) => queryClient.setQueryData(tariffsKey(plantId), data),
  });
}
