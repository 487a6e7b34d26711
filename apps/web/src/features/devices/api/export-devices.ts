import { useMutation } from '@tanstack/react-query';
import { formatBrowserDate } from '@/lib/format';
import { download } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import type { DeviceListFilterParams } from './get-devices';

/** The filtered device list as an .xlsx sheet (needs B/A:device.export). */
export function exportDevices(filters: DeviceListFilterParams): Promise<Blob> {
  return download('/api/devices/export', { query: { ...filters } });
}

export function useExportDevices() {
  return useMutation({
    mutationFn: exportDevices,
    onSuccess: (blob) => saveFile(blob, `devices-${formatBrowserDate()}.xlsx`),
  });
}
