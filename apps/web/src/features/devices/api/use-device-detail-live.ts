import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeviceDetail, DeviceRealtime, LiveMessage } from '@voltfleet/domain';
import { useLiveSocket } from '@/lib/use-live-socket';
import { deviceDetailQuery } from './get-device-detail';
import { deviceRealtimeKey } from './get-device-realtime';
import { applyLiveReading, applyLiveStatus } from './realtime-cache';

/**
 * Keeps one device's real-time values and running status current from the live channel without refetching; after
 * a reconnect they are refetched once, since what was pushed while the socket was down is lost.
 */
export function useDeviceDetailLive(id: number) {
  const queryClient = useQueryClient();
  const onMessage = useCallback(
    (message: LiveMessage) => {
      queryClient.setQueryData<DeviceRealtime>(deviceRealtimeKey(id), (r) => r && applyLiveReading(r, message, id));
      queryClient.setQueryData<DeviceDetail>(deviceDetailQuery(id).queryKey, (d) => d && applyLiveStatus(d, message));
    },
    [queryClient, id],
  );
  const state = useLiveSocket(onMessage);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== 'open') return;
    if (wasOpen.current) void queryClient.invalidateQueries({ queryKey: ['devices', id] });
    wasOpen.current = true;
  }, [state, queryClient, id]);
  return state;
}
