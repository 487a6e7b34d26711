import { useMemo } from 'react';
import { Descriptions, Drawer, Empty, Tag, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@voltfleet/domain/users';
import { buildPermissionTree, permissionName, VIEW_NAMES } from '@voltfleet/domain/permissions';
import { labelOf } from '@/lib/labels';
import { toTreeItems } from '@/components/permission-tree-model';

/**
 * What a role grants, read-only: its modules, pages and function permissions as a tree, and its visible views. Shown
 * to anyone who sees the role list, built-in roles included; the codes come with the list (scoped as it is), the
 * names from the domain's catalogue in the UI's language. Mounted while open (and loaded only then).
 */
export default function RoleGrantsDrawer({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const items = useMemo(
    () => toTreeItems(buildPermissionTree(role.permissions, (code) => labelOf(permissionName(code)) ?? code)),
    [role.permissions],
  );

  return (
    <Drawer open size={560} title={t('roles.grantsOf', { name: role.name })} onClose={onClose}>
      <div data-testid="role-grants">
        <Descriptions column={1} size="small" layout="vertical">
          <Descriptions.Item label={t('roles.permissions')}>
            {items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.grantsNone')} />
            ) : (
              <Tree treeData={items} selectable={false} defaultExpandAll showLine data-testid="role-grants-tree" />
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('roles.views')}>
            {role.views.length === 0
              ? '—'
              : role.views.map((view) => <Tag key={view}>{labelOf(VIEW_NAMES[view]) ?? view}</Tag>)}
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Drawer>
  );
}
