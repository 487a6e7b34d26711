import type { Caller } from './auth.js';

/**
 * The data-scope rule every feature uses: a caller sees their own records and those of all their subordinates.
 * Returns a SQL condition on a path column and the parameter to bind, e.g. `users.path LIKE $3`.
 */
export function subtreeCondition(column: string, paramIndex: number): string {
  return `${column} LIKE $${paramIndex}`;
}

/**
 * The LIKE pattern of the caller's subtree (own path included); paths hold only digits and slashes.
 *
 * A caller with an API key limited to chosen plants gets the plants appended after a `|` ("/1/7/%|3,5"): the one
 * parameter every scoped query already binds then carries the limit, and plantInScope / deviceInScope below apply it
 * (decision 0039). Wherever the pattern is used as a bare LIKE on paths (users, records and other account-owned lists)
 * it matches no path, since no path holds a `|`: a plant-limited key sees nothing that is not tied to its plants.
 */
export function subtreePattern(caller: Pick<Caller, 'path' | 'key'>): string {
  const plants = caller.key?.plantIds;
  return plants ? `${caller.path}%|${plants.join(',')}` : `${caller.path}%`;
}

/** True when `path` lies in the caller's subtree (the caller's own path included). */
export function inSubtree(caller: Pick<Caller, 'path'>, path: string): boolean {
  return path.startsWith(caller.path);
}

/** True when `path` lies strictly below the caller. */
export function belowCaller(caller: Pick<Caller, 'path'>, path: string): boolean {
  return path.startsWith(caller.path) && path !== caller.path;
}

/** The subtree part of a subtreePattern parameter. */
const pathPart = (param: number) => `split_part($${param}, '|', 1)`;

/** SQL condition: `column` (a plant id) is among the pattern's chosen plants, or the pattern names none. */
const plantLimit = (column: string, param: number) =>
  `(strpos($${param}, '|') = 0 OR ${column} = ANY (string_to_array(split_part($${param}, '|', 2), ',')::int4[]))`;

/**
 * SQL condition: plant `p` is in the caller's scope — owned by the caller or anyone below them, or the caller is
 * one of its affiliated accounts (and, for a plant-limited API key, one of its plants). `$pathParam` binds
 * subtreePattern(caller), `$idParam` the caller's id.
 */
export function plantInScope(p: string, pathParam: number, idParam: number): string {
  return `(${plantLimit(`${p}.id`, pathParam)}
       AND (EXISTS (SELECT 1 FROM users so WHERE so.id = ${p}.owner_id AND so.path LIKE ${pathPart(pathParam)})
         OR EXISTS (SELECT 1 FROM plant_users su WHERE su.plant_id = ${p}.id AND su.user_id = $${idParam})))`;
}

/**
 * SQL condition: device `d` is in scope — held by someone in the subtree, or installed in a plant in scope. A
 * plant-limited API key sees only the devices installed in its plants.
 */
export function deviceInScope(d: string, pathParam: number, idParam: number): string {
  return `(${plantLimit(`${d}.plant_id`, pathParam)}
       AND (EXISTS (SELECT 1 FROM users so WHERE so.id = ${d}.owner_id AND so.path LIKE ${pathPart(pathParam)})
         OR EXISTS (SELECT 1 FROM plants sp WHERE sp.id = ${d}.plant_id AND ${plantInScope('sp', pathParam, idParam)})))`;
}

/**
 * The same rule for an account named by SQL expressions rather than parameters (a stored subscription's owner, read
 * per row): plant `p` is owned by someone in the subtree of `pathExpr` or affiliated to account `idExpr`.
 */
export function plantInScopeOfAccount(p: string, pathExpr: string, idExpr: string): string {
  return `(EXISTS (SELECT 1 FROM users so WHERE so.id = ${p}.owner_id AND so.path LIKE ${pathExpr} || '%')
       OR EXISTS (SELECT 1 FROM plant_users su WHERE su.plant_id = ${p}.id AND su.user_id = ${idExpr}))`;
}
