import { useCallback, useEffect, useRef } from 'react';

/** How long a refresh waits after the first of a burst of events (a regional grid loss raises dozens at once). */
export const BURST_REFRESH_DELAY_MS = 1_000;

/**
 * Returns a function that runs `refresh` once, `delayMs` after its first call since the last run, however often it
 * is called meanwhile; nothing runs after the component unmounts.
 */
export function useBurstRefresh(refresh: () => void, delayMs = BURST_REFRESH_DELAY_MS): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, delayMs);
  }, [delayMs]);
}
