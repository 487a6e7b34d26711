import { buildPermissionTree, permissionName, type PermissionNode } from '@voltfleet/domain/permissions';
import type { ApiKeyAccess } from '@voltfleet/domain/api-keys';
import { labelOf } from '@/lib/labels';

/** A function permission ("A/D:tariff.edit") rather than a module or a page: what a read-only key never uses. */
export const isFunctionCode = (code: string): boolean => code.includes(':');

const nameOf = (code: string): string => labelOf(permissionName(code)) ?? code;

/** Without function permissions, at every level: the pages and modules a read-only key may read. */
function withoutFunctions(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.map((node) => ({ ...node, auths: [], subModules: withoutFunctions(node.subModules) }));
}

/**
 * What a key may be given: the user's own permissions as the roles editor's tree (named in the UI language), the
 * modules they do not hold left out; a read-only key's tree has pages and modules only.
 */
export function heldTree(held: readonly string[], access: ApiKeyAccess): PermissionNode[] {
  const tree = buildPermissionTree(held, nameOf).filter((node) => node.show);
  return access === 'read' ? withoutFunctions(tree) : tree;
}

/** A new key's permissions: every module and page the user holds, none of their functions (reading only). */
export function defaultCodes(held: readonly string[]): string[] {
  return held.filter((code) => !isFunctionCode(code));
}

/** The chosen codes a key of this access is sent with: the user's own, and no function for a read-only key. */
export function keyCodes(held: readonly string[], chosen: readonly string[], access: ApiKeyAccess): string[] {
  const own = new Set(held);
  return chosen.filter((code) => own.has(code) && (access === 'readWrite' || !isFunctionCode(code)));
}

/** A key's permissions by name, pages and modules first, for the list's summary. */
export function permissionNames(codes: readonly string[]): string[] {
  return [...codes.filter((c) => !isFunctionCode(c)), ...codes.filter(isFunctionCode)].map(nameOf);
}
