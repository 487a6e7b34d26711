import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** SPEC §9: a code chunk that has not arrived after 120 s is a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkTimeoutError';
  }
}

/** Runs a chunk import, failing with ChunkTimeoutError when it takes longer than `ms`. */
export function importWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

/** React.lazy with the chunk time-out; the route boundary shows a failure with a reload button. */
export function lazyLoad<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importWithTimeout(load));
}

/** lazyLoad for a module's named component: `lazyNamed(() => import('./trend-tab'), 'TrendTab')`. */
// `any`: React.lazy's own constraint (ComponentType<any>); the props are still checked where the component is used,
// through M[K].
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends { [P in K]: ComponentType<any> }, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => importWithTimeout(load).then((module) => ({ default: module[name] })));
}
