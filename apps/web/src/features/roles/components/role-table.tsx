import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@voltfleet/domain/users';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { DEFAULT_PAGE_SIZE, pageCount } from '@/lib/paging';
import { useCan } from '@/lib/permissions';

interface Props {
  roles: Role[];
  loading: boolean;
  /** Shows what the role grants (read-only; every role, for everyone who sees the list). */
  onView: (role: Role) => void;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}

export function RoleTable({ roles, loading, onView, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const canEdit = useCan('E:role.edit');
  const canDelete = useCan('E:role.delete');
  // All roles arrive at once; the table pages through them here.
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const page = Math.min(paging.page, pageCount(roles.length, paging.pageSize));
  const shown = roles.slice((page - 1) * paging.pageSize, page * paging.pageSize);

  const columns: Column<Role>[] = [
    { title: t('roles.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('roles.description'), dataIndex: 'description', render: (text: string) => text || '—' },
    { title: t('roles.creator'), dataIndex: 'creatorName', render: (name: string | null) => name ?? '—' },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: formatDateTime },
    { title: t('roles.userCount'), dataIndex: 'userCount', align: 'right' },
  ];

  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, role: Role) => (
      <Space size={0}>
        <Button type="link" data-testid={`role-grants-${role.name}`} onClick={() => onView(role)}>
          {t('roles.permissions')}
        </Button>
        {role.editable && canEdit && (
          <Button type="link" data-testid={`role-edit-${role.name}`} onClick={() => onEdit(role)}>
            {t('common.edit')}
          </Button>
        )}
        {role.editable && canDelete && (
          <Popconfirm
            title={t('roles.deleteConfirm', { name: role.name })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(role)}
          >
            <Button type="link" danger data-testid={`role-delete-${role.name}`}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  });

  const choice = useColumnChoice('roleList', columns);

  return (
    <DataTable<Role>
      rowKey="id"
      className="data-table-fit"
      data-testid="role-table"
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? shown : []}
      loading={loading || !choice.ready}
      pagination={{
        current: page,
        pageSize: paging.pageSize,
        total: roles.length,
        hideOnSinglePage: true,
        onChange: (next, pageSize) => setPaging({ page: next, pageSize }),
      }}
    />
  );
}
