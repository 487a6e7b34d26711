import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { USER_APPROVAL_PERMISSION, type User } from '@voltfleet/domain/users';
import { Can } from '@/components/can';
import { useCan } from '@/lib/permissions';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useUsers, type UserFilterParams, type UserListParams } from '../api/get-users';
import { ExportUsersButtons } from '../components/export-users-buttons';
import { UserFilters } from '../components/user-filters';
import { UserTable } from '../components/user-table';

// The dialogs (and their validation rules) load when first opened, keeping the list page light.
const UserFormModal = lazyLoad(() => import('../components/user-form-modal'));
const MoveUserModal = lazyLoad(() => import('../components/move-user-modal'));
const DeleteUserModal = lazyLoad(() => import('../components/delete-user-modal'));
const ApproveUserModal = lazyLoad(() => import('../components/approve-user-modal'));

type Dialog =
  | { kind: 'form'; user: User | null }
  | { kind: 'move'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'approve'; user: User };

/** `?approval=pending` (where a registration's message leads) opens the list on the accounts awaiting approval. */
const approvalOf = (search: URLSearchParams) => (search.get('approval') === 'pending' ? 'pending' : undefined);

/** "N registrations await your approval", for whoever may decide on them, with the way to them. */
function AwaitingApproval({ onShow }: { onShow: () => void }) {
  const { t } = useTranslation();
  const pending = useUsers({ approval: 'pending', page: 1, pageSize: 1 });
  const count = pending.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="user-awaiting-approval"
      message={t('userAdmin.awaitingBanner', { count })}
      action={
        <Button size="small" data-testid="user-show-awaiting" onClick={onShow}>
          {t('userAdmin.showAwaiting')}
        </Button>
      }
    />
  );
}

/**
 * /userCenter/userList: the caller's subordinates, with filters, export, paging and (by permission) add, edit,
 * enable/disable, move and delete.
 */
export default function UserListPage() {
  const { t } = useTranslation();
  const title = usePageName('userList');
  const [search] = useSearchParams();
  const [params, setParams] = useState<UserListParams>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    approval: approvalOf(search),
  });
  // The bell's message may lead here while the list is open: a new link sets the filter (during render, as React
  // advises for state that follows a changed input).
  const linkedApproval = approvalOf(search);
  const [seenLink, setSeenLink] = useState(linkedApproval);
  if (linkedApproval !== seenLink) {
    setSeenLink(linkedApproval);
    if (linkedApproval) setParams((p) => ({ ...p, enabled: undefined, approval: linkedApproval, page: 1 }));
  }
  const mayDecide = useCan(USER_APPROVAL_PERMISSION);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const users = useUsers(params);
  const { page: _page, pageSize: _pageSize, ...filters } = params;
  const close = () => setDialog(null);
  // Deleting the last row of a page shows the page before it.
  const onDeleted = () => {
    if (users.data?.items.length === 1 && params.page > 1) setParams((p) => ({ ...p, page: p.page - 1 }));
  };

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space wrap>
            <ExportUsersButtons filters={filters} />
            <Can code="D/A:user.add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="user-add"
                onClick={() => setDialog({ kind: 'form', user: null })}
              >
                {t('users.add')}
              </Button>
            </Can>
          </Space>
        }
      />
      {mayDecide && params.approval !== 'pending' && (
        <AwaitingApproval
          onShow={() => setParams((p) => ({ ...p, enabled: undefined, approval: 'pending', page: 1 }))}
        />
      )}
      <UserFilters
        value={filters}
        onChange={(next: UserFilterParams) => setParams((p) => ({ ...next, page: 1, pageSize: p.pageSize }))}
      />
      <UserTable
        users={users.data?.items ?? []}
        loading={users.isFetching}
        onEdit={(user) => setDialog({ kind: 'form', user })}
        onMove={(user) => setDialog({ kind: 'move', user })}
        onDelete={(user) => setDialog({ kind: 'delete', user })}
        onApprove={(user) => setDialog({ kind: 'approve', user })}
        pagination={serverPagination(params, users.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'form' && <UserFormModal user={dialog.user} onClose={close} />}
          {dialog.kind === 'move' && <MoveUserModal user={dialog.user} onClose={close} />}
          {dialog.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={close} onDeleted={onDeleted} />}
          {dialog.kind === 'approve' && <ApproveUserModal user={dialog.user} onClose={close} />}
        </Suspense>
      )}
    </>
  );
}
