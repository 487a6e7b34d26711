import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceFields } from '@voltfleet/domain/devices';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { http } from '@/lib/http';
import { deviceDetailQuery } from './get-device-detail';

/** Sets a device's grid code, battery and meter protocol and template; answers the device's detail. */
export function saveDeviceFields(id: number, fields: DeviceFields): Promise<DeviceDetail> {
  return http.put(`/api/devices/${id}/fields`, fields, { quiet: ['validation'] });
}

export function useSaveDeviceFields(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: DeviceFields) => saveDeviceFields(id, fields),
    onSuccess: (detail) => queryClient.setQueryData(deviceDetailQuery(id).queryKey, detail),
  });
}
