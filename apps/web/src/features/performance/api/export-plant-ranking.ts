import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/http';
import { formatBrowserDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';

export type RankingExportFormat = 'xlsx' | 'csv';

/** The ranking's filters as an export takes them: the span and the search, no page. */
export interface RankingExportParams {
  from: string;
  to: string;
  q?: string | undefined;
  format: RankingExportFormat;
}

/** The plants' ranking as an .xlsx or .csv file in the UI language (GET /api/performance/plants/export). */
export function exportPlantRanking(params: RankingExportParams): Promise<Blob> {
  return download('/api/performance/plants/export', { query: { ...params } });
}

export function useExportPlantRanking() {
  return useMutation({
    mutationFn: exportPlantRanking,
    onSuccess: (blob, { format }) => saveFile(blob, `plant-performance-${formatBrowserDate()}.${format}`),
  });
}
