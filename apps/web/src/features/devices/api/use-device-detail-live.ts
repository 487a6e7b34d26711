import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeviceDetail, DeviceRealtime } from '@voltfleet/domain/telemetry';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { isAlarmLiveEvent } from '@/lib/live-socket';
import { useBurstRefresh } from '@/lib/use-burst-refresh';
import { useLiveSocket } from '@/lib/use-live-socket';
import { deviceAlarmsKey } from './get-device-alarms';
import { deviceDetailQuery } from './get-device-detail';
import { deviceRealtimeKey } from './get-device-realtime';
import { applyLiveReading, applyLiveStatus } from './realtime-cache';

/**
 * Keeps one device's real-time values and running status current from the live channel without refetching, and
 * refetches its active alarms (once per burst) when an alarm event about it arrives; after a reconnect they are
 * refetched once, since what was pushed while the socket was down is lost.
 */
export function useDeviceDetailLive(id: number) {
  const queryClient = useQueryClient();
  const refetchAlarms = useBurstRefresh(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: deviceAlarmsKey(id) }), [queryClient, id]),
  );
  const onMessage = useCallback(
    (message: LiveMessage) => {
      // The server may have missed events (docs/faults.md): read the device again, as after a reconnect.
      if (message.type === 'resync') return void queryClient.invalidateQueries({ queryKey: ['devices', id] });
      if (isAlarmLiveEvent(message)) {
        if (message.alarm.deviceId === id) refetchAlarms();
        return;
      }
      queryClient.setQueryData<DeviceRealtime>(deviceRealtimeKey(id), (r) => r && applyLiveReading(r, message, id));
      queryClient.setQueryData<DeviceDetail>(deviceDetailQuery(id).queryKey, (d) => d && applyLiveStatus(d, message));
    },
    [queryClient, id, refetchAlarms],
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
