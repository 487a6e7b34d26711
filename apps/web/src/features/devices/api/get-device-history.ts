import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceHistory, HistoryRange } from '@voltfleet/domain/telemetry';
import { http } from '@/lib/http';

export interface DeviceHistoryParams {
  fields: readonly string[];
  range: HistoryRange;
  /** Plant-local days YYYY-MM-DD of the custom range. */
  start?: string;
  end?: string;
}

/** The history curve of one device: at most 8 fields over a plant-local range. */
export function getDeviceHistory(id: number, p: DeviceHistoryParams, signal?: AbortSignal): Promise<DeviceHistory> {
  return http.get(`/api/devices/${id}/history`, {
    query: { fields: p.fields.join(','), range: p.range, start: p.start, end: p.end },
    signal,
  });
}

/** `enabled`: false while the page already knows the request would be refused (it shows why instead). */
export const deviceHistoryQuery = (id: number, p: DeviceHistoryParams, enabled: boolean) =>
  queryOptions({
    queryKey: ['devices', id, 'history', p],
    queryFn: ({ signal }) => getDeviceHistory(id, p, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useDeviceHistory(id: number, p: DeviceHistoryParams, enabled: boolean) {
  return useQuery(deviceHistoryQuery(id, p, enabled));
}
