import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { isAlarmLiveEvent } from '@/lib/live-socket';
import { useBurstRefresh } from '@/lib/use-burst-refresh';
import { useLiveSocket } from '@/lib/use-live-socket';
import { plantAlarmsKey } from './get-plant-alarms';
import { plantDetailKey } from './get-plant-overview';

/**
 * The figures are read again this long after a reading, once for all readings meanwhile: at most one refresh per
 * interval however many devices report, and never a reading left without one (a refresh skipped inside the interval
 * left the power flow behind the overview until the next 30-second poll).
 */
const REFRESH_AFTER_MS = 2_000;

/**
 * Refreshes the plant's live figures (the power flow and the detailed data) when one of its devices pushes a reading
 * or changes status (the power flow sums several devices, so the server's figures are refetched rather than
 * patched), and its active alarms (once per burst) when an alarm event about the plant arrives. Returns the socket
 * state.
 */
export function usePlantLive(plantId: number) {
  const queryClient = useQueryClient();
  const refetchFigures = useBurstRefresh(
    useCallback(() => {
      void queryClient.invalidateQueries({ queryKey: [...plantDetailKey(plantId), 'overview'] });
      void queryClient.invalidateQueries({ queryKey: [...plantDetailKey(plantId), 'realtime'] });
    }, [queryClient, plantId]),
    REFRESH_AFTER_MS,
  );
  const refetchAlarms = useBurstRefresh(
    useCallback(
      () => void queryClient.invalidateQueries({ queryKey: plantAlarmsKey(plantId) }),
      [queryClient, plantId],
    ),
  );
  const onMessage = useCallback(
    (message: LiveMessage) => {
      // The server may have missed events (docs/faults.md): read the plant's figures, devices and alarms again.
      if (message.type === 'resync') return void queryClient.invalidateQueries({ queryKey: plantDetailKey(plantId) });
      if (isAlarmLiveEvent(message)) {
        if (message.alarm.plantId === plantId) refetchAlarms();
        return;
      }
      const about = message.type === 'reading' || message.type === 'deviceStatus' || message.type === 'plantStatus';
      if (!about || message.plantId !== plantId) return;
      refetchFigures();
      if (message.type !== 'reading')
        void queryClient.invalidateQueries({ queryKey: [...plantDetailKey(plantId), 'devices'] });
    },
    [plantId, queryClient, refetchAlarms, refetchFigures],
  );
  return useLiveSocket(onMessage);
}
