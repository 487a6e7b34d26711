import { useEffect, useState } from 'react';

/** The current time, re-read every `everyMs` (for "… ago" and running durations between data updates). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
