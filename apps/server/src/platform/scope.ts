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

/**
 * SQL condition: plant `p` is in the caller's scope — owned by the caller or anyone below them, or the caller is
 * one of its affiliated accounts. `$pathParam` binds subtreePattern(caller), `$idParam` the caller's id.
 */
export function plantInScope(p: string, pathParam: number, idParam: number): string {
  return `(EXISTS (SELECT 1 FROM users so WHERE so.id = ${p}.owner_id AND so.path LIKE $${pathParam})
       OR EXISTS (SELECT 1 FROM plant_users su WHERE su.plant_id = ${p}.id AND su.user_id = $${idParam}))`;
}

/** SQL condition: device `d` is in scope — held by someone in the subtree, or installed in a plant in scope. */
export function deviceInScope(d: string, pathParam: number, idParam: number): string {
  return `(EXISTS (SELECT 1 FROM users so WHERE so.id = ${d}.owner_id AND so.path LIKE $${pathParam})
       OR EXISTS (SELECT 1 FROM plants sp WHERE sp.id = ${d}.plant_id AND ${plantInScope('sp', pathParam, idParam)}))`;
}
