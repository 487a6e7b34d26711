import { useState, type ReactNode } from 'react';
import { Button, Card, Grid, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { API_KEYS_PER_USER, type ApiKey } from '@voltfleet/domain/api-keys';
import { formatBrowserDate, formatDateTime, formatUtcDate } from '@/lib/format';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyModal } from './api-key-modal';
import { permissionNames } from './key-permissions';

const STATE_COLORS: Record<ApiKey['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };

/** The last day a key works, as its form asked for it: it ends at the start of the next UTC day. */
export const lastValidDay = (key: Pick<ApiKey, 'expiresAt'>): string =>
  formatUtcDate(new Date(Date.parse(key.expiresAt) - 1).toISOString());

/** A time or an address kept on one line (a table cell would break a date or an IPv4 address anywhere). */
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Two lines in one cell: the main value and a quieter one below it. */
function Stacked({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <div>
      <div>{main}</div>
      {sub && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {sub}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Personal centre → API keys: the keys the user made for programs (list, create with the key shown once, revoke).
 * A wide screen lists them in a table; a phone shows one compact cell per key.
 */
export default function ApiKeysCard() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const wide = Grid.useBreakpoint().lg ?? true;

  const access = (key: ApiKey) => (key.access === 'read' ? t('apiKeys.accessRead') : t('apiKeys.accessReadWrite'));
  const plants = (key: ApiKey) => (key.plantIds === null ? t('apiKeys.allPlants') : key.plantNames.join(', '));
  const permissions = (key: ApiKey) => (
    <Tooltip title={permissionNames(key.permissions).join(', ')}>
      <span data-testid="api-key-permission-count">
        {t('apiKeys.permissionsCount', { count: key.permissions.length })}
      </span>
    </Tooltip>
  );
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt ? (
      <Stacked
        main={<span style={nowrap}>{formatDateTime(key.lastUsedAt)}</span>}
        sub={key.lastUsedFrom && <span style={nowrap}>{t('apiKeys.lastUsedFrom', { address: key.lastUsedFrom })}</span>}
      />
    ) : (
      t('apiKeys.neverUsed')
    );
  const state = (key: ApiKey) => (
    <Tag color={STATE_COLORS[key.state]} data-testid="api-key-state">
      {t(`apiKeys.states.${key.state}`)}
    </Tag>
  );
  const revokeButton = (key: ApiKey) =>
    key.state === 'active' && (
      <Popconfirm
        title={t('apiKeys.revokeConfirm', { name: key.name })}
        okText={t('apiKeys.revoke')}
        okButtonProps={{ danger: true, 'data-testid': 'api-key-revoke-ok' }}
        onConfirm={() => revoke.mutateAsync(key.id)}
      >
        <Button size="small" danger data-testid={`api-key-revoke-${key.id}`}>
          {t('apiKeys.revoke')}
        </Button>
      </Popconfirm>
    );
  // The day it was made, its time on hover.
  const created = (key: ApiKey) => (
    <span title={formatDateTime(key.createdAt)}>
      {t('apiKeys.createdAt', { at: formatBrowserDate(new Date(key.createdAt)) })}
    </span>
  );
  const name = (key: ApiKey) => (
    <Stacked main={<span style={{ overflowWrap: 'break-word' }}>{key.name}</span>} sub={<code>{key.shown}…</code>} />
  );

  const wideColumns: ColumnsType<ApiKey> = [
    { key: 'name', title: t('apiKeys.name'), render: (_, key) => name(key), width: '18%' },
    { key: 'access', title: t('apiKeys.access'), render: (_, key) => access(key) },
    { key: 'plants', title: t('apiKeys.plants'), render: (_, key) => plants(key), width: '16%' },
    { key: 'permissions', title: t('apiKeys.permissions'), render: (_, key) => permissions(key) },
    {
      key: 'validity',
      title: t('apiKeys.validity'),
      render: (_, key) => (
        <Stacked
          main={<span style={nowrap}>{t('apiKeys.expiresAt', { at: lastValidDay(key) })}</span>}
          sub={<span style={nowrap}>{created(key)}</span>}
        />
      ),
    },
    { key: 'lastUsed', title: t('apiKeys.lastUsed'), render: (_, key) => lastUsed(key) },
    { key: 'state', title: t('apiKeys.state'), render: (_, key) => state(key) },
    { key: 'actions', title: t('apiKeys.actions'), render: (_, key) => revokeButton(key) },
  ];
  // A phone: one cell with every fact of a key, its revoke button at the end.
  const narrowColumns: ColumnsType<ApiKey> = [
    {
      key: 'key',
      title: t('apiKeys.title'),
      render: (_, key) => (
        <div style={{ display: 'grid', gap: 4 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'start' }}>
            {name(key)}
            {state(key)}
          </div>
          <div>
            {access(key)} · {permissions(key)}
          </div>
          <div>{plants(key)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span style={nowrap}>{t('apiKeys.expiresAt', { at: lastValidDay(key) })}</span> ·{' '}
            <span style={nowrap}>{created(key)}</span>
            <br />
            {t('apiKeys.lastUsed')}:{' '}
            {key.lastUsedAt
              ? `${formatDateTime(key.lastUsedAt)}${key.lastUsedFrom ? ` · ${key.lastUsedFrom}` : ''}`
              : t('apiKeys.neverUsed')}
          </Typography.Text>
          {key.state === 'active' && <div>{revokeButton(key)}</div>}
        </div>
      ),
    },
  ];

  const createButton = (
    <Button type="primary" onClick={() => setCreating(true)} data-testid="api-key-create">
      {t('apiKeys.create')}
    </Button>
  );
  return (
    // On a phone the button goes below the title, which it would otherwise cut to a few letters.
    <Card title={t('apiKeys.title')} data-testid="api-keys" extra={wide && createButton}>
      <p>{t('apiKeys.intro', { n: API_KEYS_PER_USER })}</p>
      {!wide && <p>{createButton}</p>}
      <Table<ApiKey>
        rowKey="id"
        size="small"
        loading={keys.isPending}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: t('apiKeys.none') }}
        showHeader={wide}
        data-testid="api-keys-table"
        columns={wide ? wideColumns : narrowColumns}
      />
      <ApiKeyModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
