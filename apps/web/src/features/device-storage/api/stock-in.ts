import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockIn, StockInResult } from '@voltfleet/domain/devices';
import { http } from '@/lib/http';
import { STORAGE_KEY } from './get-storage';

/** Stocks one device in; the answer carries its link credentials, the only time they are shown. */
export function stockIn(input: StockIn): Promise<StockInResult> {
  return http.post('/api/device-storage', input, { quiet: ['validation'] });
}

export function useStockIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stockIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
  });
}
