import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/http';
import { formatBrowserDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import type { RankingExportParams } from './export-plant-ranking';

/** The inverters' ranking as an .xlsx or .csv file in the UI language (GET /api/performance/devices/export). */
export function exportDeviceRanking(params: RankingExportParams): Promise<Blob> {
  return download('/api/performance/devices/export', { query: { ...params } });
}

export function useExportDeviceRanking() {
  return useMutation({
    mutationFn: exportDeviceRanking,
    onSuccess: (blob, { format }) => saveFile(blob, `inverter-performance-${formatBrowserDate()}.${format}`),
  });
}
