import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/http';
import type { DeviceListFilterParams } from './get-devices';

/** The filtered device list as an .xlsx sheet (needs B/A:device.export). */
export function exportDevices(filters: DeviceListFilterParams): Promise<Blob> {
  return download('/api/devices/export', { query: { ...filters } });
}

/** Hands a blob to the browser as a file download. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportDevices() {
  return useMutation({
    mutationFn: exportDevices,
    onSuccess: (blob) => save(blob, `devices-${new Date().toISOString().slice(0, 10)}.xlsx`),
  });
}
