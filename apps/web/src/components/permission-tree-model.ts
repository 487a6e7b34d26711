import { nodeGranted, type PermissionNode } from '@voltfleet/domain/permissions';

export interface TreeItem {
  key: string;
  title: string;
  children: TreeItem[];
}

/**
 * The granted part of a permission tree as tree items: modules → pages → functions (functions of pages without their
 * own code hang on the module). Nodes not granted (selected overrides show) are left out.
 */
export function toTreeItems(nodes: readonly PermissionNode[]): TreeItem[] {
  return nodes.filter(nodeGranted).map((node) => ({
    key: node.code,
    title: node.name,
    children: [
      ...toTreeItems(node.subModules),
      ...node.auths.filter(nodeGranted).map((auth) => ({ key: auth.code, title: auth.name, children: [] })),
    ],
  }));
}

function index(
  items: readonly TreeItem[],
  parent: string | undefined,
  into: Map<string, { item: TreeItem; parent?: string }>,
) {
  for (const item of items) {
    into.set(item.key, { item, parent });
    index(item.children, item.key, into);
  }
  return into;
}

function descendants(item: TreeItem): string[] {
  return item.children.flatMap((child) => [child.key, ...descendants(child)]);
}

/**
 * Checks or unchecks one code. A code needs its parent (a page needs its module, a function its page), so checking
 * also checks the ancestors and, for convenience, everything below; unchecking removes everything below. A page
 * without any of its functions stays expressible (read-only access).
 */
export function toggleCode(
  items: readonly TreeItem[],
  checked: readonly string[],
  code: string,
  on: boolean,
): string[] {
  const nodes = index(items, undefined, new Map());
  const entry = nodes.get(code);
  if (!entry) return [...checked];
  const next = new Set(checked);
  if (on) {
    next.add(code);
    descendants(entry.item).forEach((key) => next.add(key));
    for (let parent = entry.parent; parent !== undefined; parent = nodes.get(parent)?.parent) next.add(parent);
  } else {
    next.delete(code);
    descendants(entry.item).forEach((key) => next.delete(key));
  }
  // Keep the tree's order, so the saved list reads like the table.
  return [...nodes.keys()].filter((key) => next.has(key));
}

/** The checked codes restricted to what the tree offers (what the editor may grant). */
export function grantableCodes(items: readonly TreeItem[], codes: readonly string[]): string[] {
  const nodes = index(items, undefined, new Map());
  return codes.filter((code) => nodes.has(code));
}
