import type { Caller } from './auth.js';

/**
 * The data-scope rule every feature uses: a caller sees their own records and those of all their subordinates.
 * Returns a SQL condition on a path column and the parameter to bind, e.g. `users.path LIKE $3`.
 */
export function subtreeCondition(column: string, paramIndex: number): string {
  return `${column} LIKE $${paramIndex}`;
}

/** The LIKE pattern of the caller's subtree (own path included); paths hold only digits and slashes. */
export function subtreePattern(caller: Pick<Caller, 'path'>): string {
  return `${caller.path}%`;
}

/** True when `path` lies in the caller's subtree (the caller's own path included). */
export function inSubtree(caller: Pick<Caller, 'path'>, path: string): boolean {
  return path.startsWith(caller.path);
}

/** True when `path` lies strictly below the caller. */
export function belowCaller(caller: Pick<Caller, 'path'>, path: string): boolean {
  return path.startsWith(caller.path) && path !== caller.path;
}
