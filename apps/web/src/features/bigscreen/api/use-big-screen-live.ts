import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BigScreenAccess } from './big-screen-client';
import { BIG_SCREEN_KEY } from './big-screen-queries';
import { openBigScreenLive } from './big-screen-live';

/** At most one refresh of the screen per this interval, however many devices report (a fleet reports every minute). */
export const LIVE_REFRESH_MS = 10_000;

/**
 * Keeps the screen's figures live: readings, status changes and alarm events re-query the big-screen endpoints
 * (at most once per LIVE_REFRESH_MS, the last event of a burst included), and a reconnect after a drop re-queries
 * at once, since events were missed meanwhile.
 */
export function useBigScreenLive(access: BigScreenAccess, onAccessEnded: () => void): void {
  const queryClient = useQueryClient();
  const ended = useRef(onAccessEnded);
  useEffect(() => {
    ended.current = onAccessEnded;
  }, [onAccessEnded]);

  useEffect(() => {
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(trailing);
      trailing = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: BIG_SCREEN_KEY });
    };
    const stop = openBigScreenLive(access, {
      onMessage: () => {
        const wait = last + LIVE_REFRESH_MS - Date.now();
        if (wait <= 0) refresh();
        else trailing ??= setTimeout(refresh, wait);
      },
      onReconnect: refresh,
      onAccessEnded: () => ended.current(),
    });
    return () => {
      stop();
      clearTimeout(trailing);
    };
  }, [queryClient, access]);
}
