import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FirmwareOptions } from '@voltfleet/domain/firmware';
import { http } from '@/lib/http';
import { FIRMWARE_ROOT } from './get-firmware';

export const firmwareOptionsKey = (deviceId: number) => [...FIRMWARE_ROOT, 'options', deviceId] as const;

/** Every catalogue image for a device, with the R4.7 rule refusing it (localised by the server). */
export function getFirmwareOptions(deviceId: number, signal?: AbortSignal): Promise<FirmwareOptions> {
  return http.get(`/api/devices/${deviceId}/firmware-options`, { signal });
}

export const firmwareOptionsQuery = (deviceId: number) =>
  queryOptions({
    queryKey: firmwareOptionsKey(deviceId),
    queryFn: ({ signal }) => getFirmwareOptions(deviceId, signal),
  });

export const useFirmwareOptions = (deviceId: number) => useQuery(firmwareOptionsQuery(deviceId));
