import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportExportFormat, ReportExportJob, ReportQueryInput } from '@voltfleet/domain/reports';
import { download, http } from '@/lib/http';
import { saveFile } from '@/lib/save-file';

/** The caller's exports that have not expired, newest first: the page finds a running one again after a reload. */
export function getReportExports(signal?: AbortSignal): Promise<ReportExportJob[]> {
  return http.get('/api/report-exports', { signal });
}

const running = (jobs: readonly ReportExportJob[] | undefined) =>
  (jobs ?? []).some((j) => j.state === 'queued' || j.state === 'running');

export const reportExportsQueryOptions = () =>
  queryOptions({
    queryKey: ['report-exports'],
    queryFn: ({ signal }) => getReportExports(signal),
    // Progress is read again every second while a job is waiting or running, and not at all otherwise.
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });

export function useReportExports() {
  return useQuery(reportExportsQueryOptions());
}

export function createReportExport(input: { query: ReportQueryInput; format: ReportExportFormat }) {
  return http.post<ReportExportJob>('/api/report-exports', input);
}

export function useCreateReportExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report-exports'] }),
  });
}

/** Downloads a finished export's file under its own name. */
export async function downloadReportExport(job: ReportExportJob): Promise<void> {
  saveFile(await download(`/api/report-exports/${job.id}/file`), job.fileName);
}
