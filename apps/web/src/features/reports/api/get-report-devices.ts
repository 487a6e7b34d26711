import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportDevice } from '@voltfleet/domain/reports';
import { http } from '@/lib/http';

/** Devices in the caller's scope whose serial number or plant name contains `search` (at most 50). */
export function getReportDevices(search: string, signal?: AbortSignal): Promise<ReportDevice[]> {
  return http.get('/api/report-devices', { query: { search }, signal });
}

export const reportDevicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['report-devices', search],
    queryFn: ({ signal }) => getReportDevices(search, signal),
    placeholderData: keepPreviousData,
  });

export function useReportDevices(search: string) {
  return useQuery(reportDevicesQueryOptions(search));
}
