import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportQueryInput } from '@voltfleet/domain/reports';
import { http } from '@/lib/http';

/** Data selection: a template's or an ad-hoc choice's values over a plant-local period. */
export function getReportData(q: ReportQueryInput, signal?: AbortSignal): Promise<Report> {
  return http.get('/api/reports/data', {
    query: {
      templateId: q.templateId,
      deviceIds: q.deviceIds?.join(','),
      indices: q.indices?.join(','),
      period: q.period,
      date: q.date,
      start: q.start,
      end: q.end,
      step: q.step,
    },
    signal,
  });
}

/** `q` null: nothing asked for yet. */
export const reportDataQueryOptions = (q: ReportQueryInput | null) =>
  queryOptions({
    queryKey: ['report-data', q],
    queryFn: ({ signal }) => getReportData(q!, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });

export function useReportData(q: ReportQueryInput | null) {
  return useQuery(reportDataQueryOptions(q));
}
