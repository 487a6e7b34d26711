import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/http';
import { saveFile } from './save-file';

/** The import template in the UI language (the request carries it as Accept-Language). */
export function downloadTemplate(): Promise<Blob> {
  return download('/api/device-storage/template');
}

export function useDownloadTemplate() {
  return useMutation({
    mutationFn: downloadTemplate,
    onSuccess: (blob) => saveFile(blob, 'device-import-template.xlsx'),
  });
}
