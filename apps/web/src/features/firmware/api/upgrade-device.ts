import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { firmwareOptionsKey } from './get-firmware-options';

/** What the server answers when it accepted an upgrade: the device restarts until `restartUntil`. */
export interface UpgradeIssued {
  upgradeId: number;
  commandId: number;
  restartUntil: string;
}

export interface UpgradeInput {
  deviceId: number;
  imageId: number;
  /** The user's password again, encrypted like at login. */
  password: string;
  idempotencyKey: string;
}

/** Issues an upgrade; the server enforces every R4.7 rule and checks the password again. */
export function upgradeDevice({ deviceId, imageId, password, idempotencyKey }: UpgradeInput): Promise<UpgradeIssued> {
  return http.post(`/api/devices/${deviceId}/upgrade`, { imageIds: [imageId], password, idempotencyKey });
}

export function useUpgradeDevice(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareOptionsKey(deviceId) }),
  });
}
