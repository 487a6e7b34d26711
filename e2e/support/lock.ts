import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runEnv } from './run-env.js';

/** A holder that has not let go after this long has died with the lock (its worker was stopped): it is taken over. */
const STALE_MS = 60_000;

/**
 * Runs `fn` while holding the named lock, which the journeys' worker processes share (a folder that only one of them
 * can make). For the few read-modify-write steps on records that parallel journeys share, such as a demo plant's
 * affiliated accounts: without it, two journeys that each add an account would write over each other's.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const held = path.join(runEnv('lockDir'), name);
  for (;;) {
    try {
      await mkdir(held);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const since = await stat(held).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - since > STALE_MS) await rm(held, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await fn();
  } finally {
    await rm(held, { recursive: true, force: true });
  }
}
