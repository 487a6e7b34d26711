import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmDetail } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import { ALARMS_KEY } from './get-alarms';

/** One alarm with its cause, handling and timeline in the caller's language (GET /api/alarms/:id). */
export function getAlarm(id: number, signal?: AbortSignal): Promise<AlarmDetail> {
  return http.get(`/api/alarms/${id}`, { signal });
}

export const alarmQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ALARMS_KEY, 'detail', id],
    queryFn: ({ signal }) => getAlarm(id, signal),
  });

/** The drawer's alarm; nothing is fetched while no alarm is open. */
export function useAlarm(id: number | null) {
  return useQuery({ ...alarmQueryOptions(id ?? 0), enabled: id !== null });
}
