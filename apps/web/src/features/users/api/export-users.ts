import { useMutation } from '@tanstack/react-query';
import type { UserExportFormat } from '@voltfleet/domain/users';
import { download } from '@/lib/http';
import { formatBrowserDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import type { UserFilterParams } from './get-users';

export interface UserExportParams extends UserFilterParams {
  format: UserExportFormat;
}

/** The filtered user list as .xlsx or .csv, in the UI language, times in the browser's zone (GET /api/users/export). */
export function exportUsers(params: UserExportParams): Promise<Blob> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return download('/api/users/export', { query: { ...params, timeZone } });
}

export function useExportUsers() {
  return useMutation({
    mutationFn: exportUsers,
    onSuccess: (blob, { format }) => saveFile(blob, `users-${formatBrowserDate()}.${format}`),
  });
}
