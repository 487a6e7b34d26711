import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceRealtime } from '@voltfleet/domain/telemetry';
import { http, startWithEarly } from '@/lib/http';
import { deviceRealtimePath } from './paths';

/** The newest reading of one device by monitoring group. */
export function getDeviceRealtime(id: number, signal?: AbortSignal): Promise<DeviceRealtime> {
  return http.get(deviceRealtimePath(id), { signal });
}

export const deviceRealtimeKey = (id: number) => ['devices', id, 'realtime'] as const;

export const deviceRealtimeQuery = (id: number) =>
  queryOptions({ queryKey: deviceRealtimeKey(id), queryFn: ({ signal }) => getDeviceRealtime(id, signal) });

export function useDeviceRealtime(id: number) {
  return useQuery({ ...deviceRealtimeQuery(id), ...startWithEarly<DeviceRealtime>(deviceRealtimePath(id)) });
}
