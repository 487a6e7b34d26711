import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BatteryHealth } from '@voltfleet/domain/performance';
import { http } from '@/lib/http';

/** A battery's health over the last `months` calendar months of its plant (issue 42). */
export function getBatteryHealth(deviceId: number, months: number, signal?: AbortSignal): Promise<BatteryHealth> {
  return http.get(`/api/devices/${deviceId}/battery-health`, { query: { months }, signal });
}

// Under the device's own key, so a reconnect's refresh of the device takes it along.
export const batteryHealthQuery = (deviceId: number, months: number) =>
  queryOptions({
    queryKey: ['devices', deviceId, 'batteryHealth', months],
    queryFn: ({ signal }) => getBatteryHealth(deviceId, months, signal),
    placeholderData: keepPreviousData,
  });

export function useBatteryHealth(deviceId: number, months: number) {
  return useQuery(batteryHealthQuery(deviceId, months));
}
