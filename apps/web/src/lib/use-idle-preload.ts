import { useEffect } from 'react';
import { preload } from './lazy-load';

/**
 * Loads code the page will want soon (its other tabs) once the browser is idle after the page has painted, so that
 * opening one does not wait for its chunk: lazy components of the same loader then render at once (lib/lazy-load.ts).
 * A chunk that fails here is loaded (and reported) again when it is used. `load` must keep its identity (a
 * module-level function).
 */
export function useIdlePreload(load: () => Promise<unknown>): void {
  useEffect(() => {
    const run = () => void preload(load).catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(run, { timeout: 3000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(run, 1000);
    return () => clearTimeout(timer);
  }, [load]);
}
