import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import type { Plant } from '@voltfleet/domain/plants';
import { isAlarmLiveEvent } from '@/lib/live-socket';
import { useBurstRefresh } from '@/lib/use-burst-refresh';
import { useLiveSocket } from '@/lib/use-live-socket';
import { PLANT_LIST_KEY } from './get-plants';

/** The plant a live message changes the list row of: an alarm event's plant, or a plant whose status changed. */
export function plantOfMessage(message: LiveMessage): number | null {
  if (isAlarmLiveEvent(message)) return message.alarm.plantId;
  return message.type === 'plantStatus' ? message.plantId : null;
}

/**
 * Keeps the plant list's status and alarm badges current: an alarm event or a status change of a listed plant
 * refetches the list (once per burst, as a regional grid loss raises dozens of alarms at once).
 */
export function usePlantListLive() {
  const queryClient = useQueryClient();
  const refetch = useBurstRefresh(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: PLANT_LIST_KEY }), [queryClient]),
  );
  const onMessage = useCallback(
    (message: LiveMessage) => {
      // The server may have missed events (docs/faults.md): read the list again.
      if (message.type === 'resync') return refetch();
      const plantId = plantOfMessage(message);
      if (plantId === null) return;
      const lists = queryClient.getQueriesData<Plant[]>({ queryKey: PLANT_LIST_KEY });
      if (lists.some(([, plants]) => plants?.some((p) => p.plantId === plantId))) refetch();
    },
    [queryClient, refetch],
  );
  return useLiveSocket(onMessage);
}
