import { useMutation } from '@tanstack/react-query';
import type { DebugReadInput, DebugReadResult } from '@voltfleet/domain/commands';
import { http } from '@/lib/http';

/** Sends one query (or, for operators, a raw register read/write) to a connected device through the gateway. */
export function debugRead({ deviceId, input }: { deviceId: number; input: DebugReadInput }): Promise<DebugReadResult> {
  return http.post(`/api/debug/${deviceId}/read`, input);
}

export function useDebugRead() {
  return useMutation({ mutationFn: debugRead });
}
