import { useMemo, type ReactNode } from 'react';
import { Empty, Spin, Tree } from 'antd';
import type { PermissionNode } from '@voltfleet/domain/permissions';
import { toggleCode, toTreeItems } from './permission-tree-model';

interface Props {
  tree: readonly PermissionNode[] | undefined;
  loading: boolean;
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** What an empty tree says (the caller's words: components/ names no text of a feature). */
  emptyText: ReactNode;
  'data-testid'?: string;
}

/**
 * Checkable tree of the permissions a user holds; a form control whose value is the chosen codes. The roles editor
 * grants from it, the API keys form narrows a key with it.
 */
export function PermissionTree({ tree, loading, value = [], onChange, emptyText, 'data-testid': testId }: Props) {
  const items = useMemo(() => toTreeItems(tree ?? []), [tree]);
  if (loading) return <Spin />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Tree
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      treeData={items}
      checkedKeys={value}
      onCheck={(_, info) => onChange?.(toggleCode(items, value, String(info.node.key), info.checked))}
      data-testid={testId}
    />
  );
}
