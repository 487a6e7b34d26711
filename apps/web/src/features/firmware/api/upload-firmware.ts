import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirmwareImage, FirmwareUpload } from '@voltfleet/domain/firmware';
import { http } from '@/lib/http';
import { FIRMWARE_ROOT } from './get-firmware';

/** Uploads an image with its kind, model family and version; the server computes and stores its SHA-256. */
export function uploadFirmware({ fields, file }: { fields: FirmwareUpload; file: File }): Promise<FirmwareImage> {
  const form = new FormData();
  form.append('kind', fields.kind);
  form.append('family', fields.family);
  form.append('version', fields.version);
  if (fields.notes) form.append('notes', fields.notes);
  form.append('file', file, file.name);
  return http.post('/api/firmware', form);
}

export function useUploadFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRMWARE_ROOT }),
  });
}
