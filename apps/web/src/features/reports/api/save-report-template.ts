import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportTemplate, ReportTemplateInput } from '@voltfleet/domain/reports';
import { http } from '@/lib/http';

/** Creates (no id) or replaces one of the caller's templates; validation answers go to the form, not a notice. */
export function saveReportTemplate({ id, input }: { id: number | null; input: ReportTemplateInput }) {
  return id === null
    ? http.post<ReportTemplate>('/api/report-templates', input, { quiet: ['validation'] })
    : http.put<ReportTemplate>(`/api/report-templates/${id}`, input, { quiet: ['validation'] });
}

export function useSaveReportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report-templates'] }),
  });
}
