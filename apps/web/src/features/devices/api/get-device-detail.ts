import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { http, startWithEarly } from '@/lib/http';
import { deviceDetailPath } from './paths';

/** Basic info of one device (R3.3 fields). */
export function getDeviceDetail(id: number, signal?: AbortSignal): Promise<DeviceDetail> {
  return http.get(deviceDetailPath(id), { signal });
}

export const deviceDetailQuery = (id: number) =>
  queryOptions({ queryKey: ['devices', id, 'detail'], queryFn: ({ signal }) => getDeviceDetail(id, signal) });

export function useDeviceDetail(id: number) {
  return useQuery({ ...deviceDetailQuery(id), ...startWithEarly<DeviceDetail>(deviceDetailPath(id)) });
}
