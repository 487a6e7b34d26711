import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FirmwareImage } from '@voltfleet/domain/firmware';
import { http } from '@/lib/http';

/** Every firmware query (catalogue and device options) starts with this key; catalogue changes refresh them all. */
export const FIRMWARE_ROOT = ['firmware'] as const;
export const FIRMWARE_KEY = [...FIRMWARE_ROOT, 'catalogue'] as const;

/** The firmware catalogue, newest upload first (operator permission). */
export function getFirmware(signal?: AbortSignal): Promise<FirmwareImage[]> {
  return http.get('/api/firmware', { signal });
}

export const firmwareQuery = queryOptions({ queryKey: FIRMWARE_KEY, queryFn: ({ signal }) => getFirmware(signal) });

export const useFirmware = () => useQuery(firmwareQuery);
