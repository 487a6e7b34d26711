import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportTemplate } from '@voltfleet/domain/reports';
import { http } from '@/lib/http';

/** The templates saved by the caller and their subordinates, newest first. */
export function getReportTemplates(signal?: AbortSignal): Promise<ReportTemplate[]> {
  return http.get('/api/report-templates', { signal });
}

export const reportTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['report-templates'], queryFn: ({ signal }) => getReportTemplates(signal) });

export function useReportTemplates() {
  return useQuery(reportTemplatesQueryOptions());
}
