import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export function deleteReportTemplate(id: number): Promise<null> {
  return http.delete(`/api/report-templates/${id}`);
}

export function useDeleteReportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report-templates'] }),
  });
}
