import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_KEYS, type User } from '@voltfleet/domain';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { useCan } from '@/lib/permissions';

interface Props {
  users: User[];
  loading: boolean;
  pagination: PagerConfig;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UserTable({ users, loading, pagination, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const canEdit = useCan('D/A:user.edit');
  const canDelete = useCan('D/A:user.delete');

  const columns: Column<User>[] = [
    { title: t('users.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('users.name'), dataIndex: 'name' },
    { title: t('users.role'), dataIndex: 'roleName' },
    {
      title: t('users.level'),
      dataIndex: 'level',
      render: (level: number) => (LEVEL_KEYS[level] ? t(`users.levels.${LEVEL_KEYS[level]}`) : level),
    },
    { title: t('users.superior'), dataIndex: 'superiorName', render: (name: string | null) => name ?? '—' },
    { title: t('users.phone'), key: 'phone', render: (_, u: User) => (u.phone ? `${u.prePhoneCode} ${u.phone}` : '—') },
    { title: t('users.email'), dataIndex: 'email', render: (email: string) => email || '—' },
    { title: t('users.company'), dataIndex: 'company', render: (company: string) => company || '—' },
    {
      title: t('users.status'),
      dataIndex: 'enabled',
      render: (enabled: boolean) =>
        enabled ? (
          <StatusTag tone="success">{t('users.enabled')}</StatusTag>
        ) : (
          <StatusTag>{t('users.disabled')}</StatusTag>
        ),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
  ];

  if (canEdit || canDelete) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user: User) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" data-testid={`user-edit-${user.username}`} onClick={() => onEdit(user)}>
              {t('common.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('users.deleteConfirm', { name: user.username })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(user)}
            >
              <Button type="link" danger data-testid={`user-delete-${user.username}`}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const choice = useColumnChoice('userList', columns);

  return (
    <DataTable<User>
      rowKey="id"
      className="data-table-fit"
      data-testid="user-table"
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? users : []}
      loading={loading || !choice.ready}
      pagination={pagination}
    />
  );
}
