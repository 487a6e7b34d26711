import {
  ALL_PERMISSION_CODES,
  buildPermissionTree,
  builtinRoleText,
  codesFromTree,
  grantBeyond,
  grantFromTree,
  normaliseGrant,
  permissionName,
} from '@voltfleet/domain/permissions';
import { translateOr, type Lang, translator } from '@voltfleet/domain/i18n';
import { type Role, type RoleInput } from '@voltfleet/domain/users';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.js';
import { inSubtree, subtreePattern } from '../../platform/scope.js';
import { BUILTIN_ROLES, type BuiltinRoleKey } from './builtin-roles.js';
import {
  deleteRole as removeRole,
  findBuiltinRoleId,
  findVisibleRole,
  insertRole,
  listVisibleRoles,
  roleNameTaken,
  toRole,
  updateRole as saveRole,
  upsertBuiltinRole,
  type RoleRow,
} from './roles.repository.js';

/** Built-in roles are read-only; a custom role may be changed by its creator and anyone above them. */
function editable(caller: Caller, row: RoleRow): boolean {
  return row.builtin_key === null && row.creator_path !== null && inSubtree(caller, row.creator_path);
}

function assignable(caller: Caller, row: RoleRow): boolean {
  return grantBeyond(caller.permissions, row.permissions).length === 0;
}

/**
 * A role as the caller reads it: a built-in role's name and description in the caller's language (the row keeps the
 * English words, the domain owns all four); a custom role's as its creator wrote them.
 */
function shownRole(caller: Caller, row: RoleRow, lang: Lang): Role {
  return { ...toRole(row, editable(caller, row)), ...(builtinRoleText(row.builtin_key, translator(lang)) ?? {}) };
}

export async function listRoles(db: Db, caller: Caller, lang: Lang): Promise<Role[]> {
  return (await listVisibleRoles(db, subtreePattern(caller), caller.roleId)).map((r) => shownRole(caller, r, lang));
}

export async function listAssignableRoles(db: Db, caller: Caller, lang: Lang): Promise<Role[]> {
  return (await listVisibleRoles(db, subtreePattern(caller), caller.roleId))
    .filter((r) => assignable(caller, r))
    .map((r) => shownRole(caller, r, lang));
}

export async function getRole(db: Db, caller: Caller, id: number, lang: Lang) {
  const row = await findVisibleRole(db, id, subtreePattern(caller), caller.roleId);
  if (!row) throw notFound();
  return {
    ...shownRole(caller, row, lang),
    tree: buildPermissionTree(row.permissions, (c) => translateOr(permissionName(c), lang, c)),
  };
}

/** The tree of everything the caller holds: what they may put into a role. */
export function grantableTree(caller: Caller, lang: Lang) {
  return buildPermissionTree(caller.permissions, (c) => translateOr(permissionName(c), lang, c)).filter((m) => m.show);
}

/** Throws unless the role is visible to the caller and grants nothing the caller lacks. */
export async function assertAssignableRole(db: Queryable, caller: Caller, roleId: number): Promise<void> {
  const row = await findVisibleRole(db, roleId, subtreePattern(caller), caller.roleId);
  if (!row) throw invalid('roleId', 'validation.invalidValue');
  if (!assignable(caller, row)) throw new AppError('forbidden', 'role.grantBeyondOwn');
}

/**
 * The grant a role input asks for. Every code the caller does not hold is refused by name, checked on what was asked
 * for rather than on the normalised grant: normalising drops a child code whose parent is missing, which used to let
 * a code the caller lacks vanish silently and the role be "added" without it.
 */
function grantOf(caller: Caller, input: RoleInput): string[] {
  const asked = input.tree ? codesFromTree(input.tree) : (input.permissions ?? []);
  if ((input.permissions ?? []).some((c) => !ALL_PERMISSION_CODES.includes(c)))
    throw invalid('permissions', 'validation.invalidValue');
  const beyond = [...new Set(grantBeyond(caller.permissions, asked))];
  if (beyond.length > 0)
    throw new AppError('forbidden', 'role.grantBeyondOwnCodes', { codes: beyond.slice(0, 20).join(', ') });
  return input.tree ? grantFromTree(input.tree) : normaliseGrant(asked);
}

export async function createRole(db: Db, caller: Caller, input: RoleInput): Promise<Role> {
  const permissions = grantOf(caller, input);
  if (await roleNameTaken(db, input.name)) throw conflict('role.nameTaken');
  const id = await insertRole(db, {
    name: input.name,
    description: input.description ?? '',
    creatorId: caller.id,
    permissions,
    views: [...new Set(input.views)],
  });
  const row = (await findVisibleRole(db, id, subtreePattern(caller), caller.roleId))!;
  return toRole(row, true);
}

async function editableRole(db: Db, caller: Caller, id: number): Promise<RoleRow> {
  const row = await findVisibleRole(db, id, subtreePattern(caller), caller.roleId);
  if (!row) throw notFound();
  if (row.builtin_key !== null) throw new AppError('forbidden', 'role.builtInReadOnly');
  if (!editable(caller, row)) throw new AppError('forbidden', 'error.forbidden');
  return row;
}

export async function updateRole(db: Db, caller: Caller, id: number, input: RoleInput): Promise<Role> {
  await editableRole(db, caller, id);
  const permissions = grantOf(caller, input);
  if (await roleNameTaken(db, input.name, id)) throw conflict('role.nameTaken');
  await saveRole(db, id, {
    name: input.name,
    description: input.description ?? '',
    permissions,
    views: [...new Set(input.views)],
  });
  const row = (await findVisibleRole(db, id, subtreePattern(caller), caller.roleId))!;
  return toRole(row, true);
}

export async function deleteRole(db: Db, caller: Caller, id: number): Promise<void> {
  await editableRole(db, caller, id);
  if (!(await removeRole(db, id))) throw conflict('role.inUse');
}

/** Creates the built-in roles (BUILTIN_ROLES) and brings their permissions up to date: every start runs it. */
export async function seedBuiltinRoles(db: Queryable): Promise<void> {
  for (const r of BUILTIN_ROLES) {
    await upsertBuiltinRole(db, { ...r, permissions: [...r.permissions], views: [...r.views] });
  }
}

/** The id of a built-in role; throws when the roles were never seeded. */
export async function builtinRoleId(db: Queryable, key: BuiltinRoleKey): Promise<number> {
  const id = await findBuiltinRoleId(db, key);
  if (id === undefined) throw new Error(`the built-in role "${key}" is missing: seed the roles first`);
  return id;
}

// What the users feature needs when a user is deleted (see the repository function).
export { handOverRoles } from './roles.repository.js';
