import { useMemo } from 'react';
import { Empty, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionNode } from '@voltfleet/domain/permissions';
import { toggleCode, toTreeItems } from './permission-tree-model';

interface Props {
  tree: readonly PermissionNode[] | undefined;
  loading: boolean;
  value?: string[];
  onChange?: (codes: string[]) => void;
}

/** Checkable tree of the permissions the editor holds; a form control whose value is the granted codes. */
export function PermissionTree({ tree, loading, value = [], onChange }: Props) {
  const { t } = useTranslation();
  const items = useMemo(() => toTreeItems(tree ?? []), [tree]);
  if (loading) return <Spin />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.noPermissions')} />;
  return (
    <Tree
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      treeData={items}
      checkedKeys={value}
      onCheck={(_, info) => onChange?.(toggleCode(items, value, String(info.node.key), info.checked))}
      data-testid="role-permission-tree"
    />
  );
}
