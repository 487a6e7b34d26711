import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@voltfleet/domain';
import { useLiveSocket } from '@/lib/use-live-socket';
import { plantDetailKey } from './get-plant-overview';

/** At most one refresh per this interval, however many devices report. */
const MIN_REFRESH_MS = 5_000;

/**
 * Refreshes the plant's live figures when one of its devices pushes a reading or changes status (the power flow
 * sums several devices, so the server's figures are refetched rather than patched). Returns the socket state.
 */
export function usePlantLive(plantId: number) {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const onMessage = useCallback(
    (message: LiveMessage) => {
      const about = message.type === 'reading' || message.type === 'deviceStatus' || message.type === 'plantStatus';
      if (!about || message.plantId !== plantId) return;
      const now = Date.now();
      if (now - last.current < MIN_REFRESH_MS) return;
      last.current = now;
      void queryClient.invalidateQueries({ queryKey: [...plantDetailKey(plantId), 'overview'] });
      if (message.type !== 'reading')
        void queryClient.invalidateQueries({ queryKey: [...plantDetailKey(plantId), 'devices'] });
    },
    [plantId, queryClient],
  );
  return useLiveSocket(onMessage);
}
