import { useTranslation } from 'react-i18next';
import { levelName, type User } from '@voltfleet/domain/users';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { UserRowActions, useRowActionsShown, type UserRowHandlers } from './user-row-actions';
import { labelOf } from '@/lib/labels';

interface Props extends UserRowHandlers {
  users: User[];
  loading: boolean;
  pagination: PagerConfig;
}

export function UserTable({ users, loading, pagination, ...handlers }: Props) {
  const { t } = useTranslation();
  const actionsShown = useRowActionsShown();

  const columns: Column<User>[] = [
    { title: t('users.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('users.name'), dataIndex: 'name' },
    { title: t('users.role'), dataIndex: 'roleName' },
    {
      title: t('users.level'),
      dataIndex: 'level',
      render: (level: number) => labelOf(levelName(level)) ?? String(level),
    },
    { title: t('users.superior'), dataIndex: 'superiorName', render: (name: string | null) => name ?? '—' },
    { title: t('users.phone'), key: 'phone', render: (_, u: User) => (u.phone ? `${u.prePhoneCode} ${u.phone}` : '—') },
    { title: t('users.email'), dataIndex: 'email', render: (email: string) => email || '—' },
    { title: t('users.company'), dataIndex: 'company', render: (company: string) => company || '—' },
    {
      title: t('users.status'),
      key: 'status',
      render: (_, u: User) =>
        u.approval === 'pending' ? (
          <StatusTag tone="warning">{t('userAdmin.pending')}</StatusTag>
        ) : u.approval === 'refused' ? (
          <StatusTag tone="error">{t('userAdmin.refused')}</StatusTag>
        ) : u.enabled ? (
          <StatusTag tone="success">{t('users.enabled')}</StatusTag>
        ) : (
          <StatusTag>{t('users.disabled')}</StatusTag>
        ),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
  ];

  if (actionsShown) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user: User) => <UserRowActions user={user} {...handlers} />,
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
