import { Suspense, useState } from 'react';
import { Button, Flex, Input, Segmented } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@voltfleet/domain';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { notifySuccess } from '@/lib/success';
import { useDeleteUser } from '../api/delete-user';
import { useUsers, type UserListParams } from '../api/get-users';
import { UserTable } from '../components/user-table';

// The form (and its validation rules) loads when first opened, keeping the list page light.
const UserFormModal = lazyLoad(() => import('../components/user-form-modal'));

/** /userCenter/userList: the caller's subordinates, with search, paging and (by permission) add, edit, delete. */
export default function UserListPage() {
  const { t } = useTranslation();
  const title = usePageName('userList');
  const [params, setParams] = useState<UserListParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const users = useUsers(params);
  const remove = useDeleteUser();

  const onDelete = (user: User) =>
    remove.mutate(user.id, {
      onSuccess: () => {
        notifySuccess('success.deleted');
        // Deleting the last row of a page shows the page before it.
        if (users.data?.items.length === 1 && params.page > 1) setParams((p) => ({ ...p, page: p.page - 1 }));
      },
    });

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Can code="D/A:user.add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="user-add"
              onClick={() => setEditing({ user: null })}
            >
              {t('users.add')}
            </Button>
          </Can>
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('users.searchPlaceholder')}
          style={{ maxWidth: 320 }}
          data-testid="user-search"
          onSearch={(keyword) => setParams((p) => ({ ...p, keyword: keyword.trim() || undefined, page: 1 }))}
        />
        <Segmented<UserListParams['enabled'] | 'all'>
          value={params.enabled ?? 'all'}
          data-testid="user-status-filter"
          options={[
            { value: 'all', label: t('users.allStatuses') },
            { value: 'true', label: t('users.enabled') },
            { value: 'false', label: t('users.disabled') },
          ]}
          onChange={(value) => setParams((p) => ({ ...p, enabled: value === 'all' ? undefined : value, page: 1 }))}
        />
      </Flex>
      <UserTable
        users={users.data?.items ?? []}
        loading={users.isFetching}
        onEdit={(user) => setEditing({ user })}
        onDelete={onDelete}
        pagination={serverPagination(params, users.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
      {editing && (
        <Suspense fallback={null}>
          <UserFormModal user={editing.user} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
