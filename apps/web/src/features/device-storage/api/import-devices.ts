import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@voltfleet/domain/devices';
import { http } from '@/lib/http';
import { STORAGE_KEY } from './get-storage';

/** Uploads an import sheet (.xlsx); the server checks it and stocks in the valid rows. */
export function importDevices(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post('/api/device-storage/import', form);
}

export function useImportDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
  });
}
