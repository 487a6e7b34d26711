import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** R9.1: a code chunk that has not arrived after 120 s is a load error. */
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

/** Modules their loaders have brought, by loader (a module-level function, so the key keeps its identity). */
const loadedModules = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * Runs a loader with the chunk time-out and remembers its module: a lazy component made from the same loader then
 * renders at once instead of suspending. For code the page will want (a signed-in arrival's shell and page, a detail
 * page's other tabs); a failure is the caller's to ignore, the lazy component loads and reports it again.
 */
export function preload<M>(load: () => Promise<M>): Promise<M> {
  return importWithTimeout(load).then((module) => {
    loadedModules.set(load, module);
    return module;
  });
}

/**
 * A module already in, as React.lazy's loader result: a thenable that calls back at once, so React reads the module
 * without suspending. With a promise it would suspend even then, show the fallback, and hold the content back for
 * 300 ms (React's throttle on revealing suspended content): a signed-in arrival's page painted that much later.
 * React.lazy only calls `then(onFulfilled, onRejected)` and does not use what it returns.
 */
const settled = <T>(value: T) =>
  ({ then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) }) as unknown as Promise<T>;

// `any`: React.lazy's own constraint on the component (ComponentType<any>), as in lazyNamed below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lazyFrom<M, C extends ComponentType<any>>(load: () => Promise<M>, pick: (module: M) => C) {
  return lazy(() =>
    loadedModules.has(load)
      ? settled({ default: pick(loadedModules.get(load) as M) })
      : preload(load).then((module) => ({ default: pick(module) })),
  );
}

/** React.lazy with the chunk time-out; the route boundary shows a failure with a reload button. */
export function lazyLoad<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazyFrom(load, (module) => module.default);
}

/** lazyLoad for a module's named component: `lazyNamed(() => import('./trend-tab'), 'TrendTab')`. */
// `any`: React.lazy's own constraint (ComponentType<any>); the props are still checked where the component is used,
// through M[K].
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends { [P in K]: ComponentType<any> }, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazyFrom(load, (module) => module[name]);
}
