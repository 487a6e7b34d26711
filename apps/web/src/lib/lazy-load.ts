import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** SPEC §9: a route chunk that has not arrived after 120 s is a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkTimeoutError';
  }
}

/** React.lazy with the chunk time-out: the route boundary shows the failure with a reload button. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
  });
}
