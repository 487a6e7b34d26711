import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { isAlarmLiveEvent } from '@/lib/live-socket';
import { useBurstRefresh } from '@/lib/use-burst-refresh';
import { useLiveSocket } from '@/lib/use-live-socket';
import { ALARMS_KEY } from './get-alarms';

/**
 * Keeps the alarm search and overview current: alarm events on the live channel refetch every alarm query (list,
 * open drawer, overview), once per burst, and so does a reconnect, since events pushed while the socket was down
 * are lost. Returns the connection state.
 */
export function useAlarmLive() {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: ALARMS_KEY }), [queryClient]);
  const refetchSoon = useBurstRefresh(refetch);
  const onMessage = useCallback(
    (message: LiveMessage) => {
      if (isAlarmLiveEvent(message)) refetchSoon();
      // The server may have missed events (docs/faults.md): read again, as after a reconnect.
      else if (message.type === 'resync') refetch();
    },
    [refetch, refetchSoon],
  );
  const state = useLiveSocket(onMessage);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== 'open') return;
    if (wasOpen.current) refetch();
    wasOpen.current = true;
  }, [state, refetch]);
  return state;
}
