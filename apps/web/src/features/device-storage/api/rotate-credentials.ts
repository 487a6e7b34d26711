import { useMutation } from '@tanstack/react-query';
import type { DeviceCredentials } from '@voltfleet/domain/devices';
import { http } from '@/lib/http';

/** Issues a new link secret for a device; the old one stops working at once. */
export function rotateCredentials(id: number): Promise<DeviceCredentials> {
  return http.post(`/api/device-storage/${id}/rotate-credentials`);
}

export function useRotateCredentials() {
  return useMutation({ mutationFn: rotateCredentials });
}
