import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeviceListItem, LiveMessage } from '@voltfleet/domain/device-list';
import { isAlarmLiveEvent } from '@/lib/live-socket';
import type { Paged } from '@/lib/paging';
import { useBurstRefresh } from '@/lib/use-burst-refresh';
import { useLiveSocket } from '@/lib/use-live-socket';
import { DEVICE_LIST_KEY } from './get-devices';
import { applyLiveMessage, pagesShowDevice } from './live-cache';

/**
 * Keeps every cached device list page current from the live channel without refetching: pushed readings and
 * status changes patch the rows in place. An alarm event about a device on a cached page refetches the pages (once
 * per burst), since its badge counts alarms the event alone does not tell. After a reconnect the lists are refetched
 * once, since what was pushed while the socket was down is lost, and so are they on the server's `resync`. Returns the connection state.
 */
export function useDeviceLive() {
  const queryClient = useQueryClient();
  const refetch = useBurstRefresh(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY }), [queryClient]),
  );
  const onMessage = useCallback(
    (message: LiveMessage) => {
      // The server may have missed events (docs/faults.md): read the lists again, as after a reconnect.
      if (message.type === 'resync') return void queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY });
      if (isAlarmLiveEvent(message)) {
        const pages = queryClient.getQueriesData<Paged<DeviceListItem>>({ queryKey: DEVICE_LIST_KEY });
        if (
          pagesShowDevice(
            pages.map(([, page]) => page),
            message.alarm.deviceId,
          )
        )
          refetch();
        return;
      }
      queryClient.setQueriesData<Paged<DeviceListItem>>({ queryKey: DEVICE_LIST_KEY }, (page) =>
        page ? applyLiveMessage(page, message) : page,
      );
    },
    [queryClient, refetch],
  );
  const state = useLiveSocket(onMessage);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== 'open') return;
    if (wasOpen.current) void queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY });
    wasOpen.current = true;
  }, [state, queryClient]);
  return state;
}
