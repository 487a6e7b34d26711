import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeviceListItem, LiveMessage } from '@voltfleet/domain';
import type { Paged } from '@/lib/paging';
import { useLiveSocket } from '@/lib/use-live-socket';
import { DEVICE_LIST_KEY } from './get-devices';
import { applyLiveMessage } from './live-cache';

/**
 * Keeps every cached device list page current from the live channel without refetching: pushed readings and
 * status changes patch the rows in place. After a reconnect the lists are refetched once, since what was pushed
 * while the socket was down is lost. Returns the connection state.
 */
export function useDeviceLive() {
  const queryClient = useQueryClient();
  const onMessage = useCallback(
    (message: LiveMessage) =>
      queryClient.setQueriesData<Paged<DeviceListItem>>({ queryKey: DEVICE_LIST_KEY }, (page) =>
        page ? applyLiveMessage(page, message) : page,
      ),
    [queryClient],
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
