import { useEffect } from 'react';

/**
 * Loads code the page will want soon (its other tabs) once the browser is idle after the page has painted, so that
 * opening one does not wait for its chunk; a chunk that fails here is loaded (and reported) again when it is used.
 * `loaders` must keep its identity (a module-level object).
 */
export function useIdlePreload(loaders: Readonly<Record<string, () => Promise<unknown>>>): void {
  useEffect(() => {
    const load = () => Object.values(loaders).forEach((loader) => void loader().catch(() => undefined));
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, [loaders]);
}
