import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

/** How many of a device's active alarms its detail page lists (the alarm search has the rest). */
export const DEVICE_ALARMS_SHOWN = 20;

/** The device's active alarms, most severe first, named in the UI language (GET /api/alarms). */
export function getDeviceAlarms(deviceId: number, signal?: AbortSignal): Promise<Paged<AlarmRow>> {
  return http.get('/api/alarms', {
    query: { deviceId, state: 'active', sort: 'severity', order: 'desc', page: 1, pageSize: DEVICE_ALARMS_SHOWN },
    signal,
  });
}

/** Under the device's own key, so a reconnect's refresh of the device takes its alarms along. */
export const deviceAlarmsKey = (deviceId: number) => ['devices', deviceId, 'activeAlarms'] as const;

// The names come in the language of the request: a language switch asks again.
export const deviceAlarmsQuery = (deviceId: number, lang: string) =>
  queryOptions({
    queryKey: [...deviceAlarmsKey(deviceId), lang],
    queryFn: ({ signal }) => getDeviceAlarms(deviceId, signal),
  });

export function useDeviceAlarms(deviceId: number) {
  const { i18n } = useTranslation();
  return useQuery(deviceAlarmsQuery(deviceId, i18n.language));
}
