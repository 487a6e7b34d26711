import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Role } from '@voltfleet/domain/users';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { usePageName } from '@/lib/page-name';
import { notifySuccess } from '@/lib/success';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleTable } from '../components/role-table';

// The editor (tree, checkboxes, validation rules) loads when first opened, keeping the list page light.
const RoleFormModal = lazyLoad(() => import('../components/role-form-modal'));
// What a role grants, with the permission names, loads when first asked for.
const RoleGrantsDrawer = lazyLoad(() => import('../components/role-grants-drawer'));

/** /systemManage/roleList: roles with their creator and users, and what each grants; add, edit and delete by function permission. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const title = usePageName('roleList');
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [viewing, setViewing] = useState<Role | null>(null);

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Can code="E:role.add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="role-add"
              onClick={() => setEditing({ role: null })}
            >
              {t('roles.add')}
            </Button>
          </Can>
        }
      />
      <RoleTable
        roles={roles.data ?? []}
        loading={roles.isFetching}
        onView={setViewing}
        onEdit={(role) => setEditing({ role })}
        // A 409 (users still hold the role) shows the server's explanation through the http client.
        onDelete={(role) => remove.mutate(role.id, { onSuccess: () => notifySuccess('success.deleted') })}
      />
      {viewing && (
        <Suspense fallback={null}>
          <RoleGrantsDrawer role={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <RoleFormModal role={editing.role} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
