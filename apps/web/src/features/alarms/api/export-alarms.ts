import { useMutation } from '@tanstack/react-query';
import type { AlarmFilter, AlarmSort } from '@voltfleet/domain/alarms';
import { download } from '@/lib/http';
import { formatBrowserDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';

export type AlarmExportFormat = 'xlsx' | 'csv';

export interface AlarmExportParams extends AlarmFilter {
  format: AlarmExportFormat;
  sort: AlarmSort;
  order: 'asc' | 'desc';
}

/** The filtered alarms as an .xlsx or .csv file in the UI language (GET /api/alarms/export; C/A:alarm.export). */
export function exportAlarms(params: AlarmExportParams): Promise<Blob> {
  return download('/api/alarms/export', { query: { ...params } });
}

export function useExportAlarms() {
  return useMutation({
    mutationFn: exportAlarms,
    onSuccess: (blob, { format }) => saveFile(blob, `alarms-${formatBrowserDate()}.${format}`),
  });
}
