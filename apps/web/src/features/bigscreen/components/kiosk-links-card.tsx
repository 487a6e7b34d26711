import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BIG_SCREEN_VIEWS, type KioskLink } from '@voltfleet/domain/big-screen';
import { formatDateTime } from '@/lib/format';
import { useMe } from '@/lib/session';
import { useKioskLinks, useRevokeKioskLink } from '../api/kiosk-links';
import { KioskLinkModal } from './kiosk-link-modal';

const STATE_COLORS: Record<KioskLink['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };

/**
 * Personal centre → big screens: opens each big screen for the user's own scope, and manages the kiosk links that
 * open them on a wall without a login (list, create with the address shown once, revoke).
 */
export default function KioskLinksCard() {
  const { t } = useTranslation();
  const { role } = useMe();
  const links = useKioskLinks();
  const revoke = useRevokeKioskLink();
  const [creating, setCreating] = useState(false);
  return (
    <Card
      title={t('bigScreen.kiosk.title')}
      data-testid="kiosk-links"
      extra={
        <Space wrap>
          {BIG_SCREEN_VIEWS.filter((view) => role.views.includes(`bigScreen/${view}`)).map((view) => (
            <a
              key={view}
              href={`/bigScreen/${view}`}
              target="_blank"
              rel="noopener"
              data-testid={`open-bigscreen-${view}`}
            >
              {t(`bigScreen.views.${view}`)}
            </a>
          ))}
          <Button type="primary" onClick={() => setCreating(true)} data-testid="kiosk-create">
            {t('bigScreen.kiosk.create')}
          </Button>
        </Space>
      }
    >
      <p>{t('bigScreen.kiosk.intro')}</p>
      <Table<KioskLink>
        rowKey="id"
        size="small"
        loading={links.isPending}
        dataSource={links.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('bigScreen.kiosk.none') }}
        data-testid="kiosk-table"
        columns={[
          { key: 'name', title: t('bigScreen.kiosk.name'), dataIndex: 'name' },
          {
            key: 'plants',
            title: t('bigScreen.kiosk.plants'),
            render: (_, link) => (link.plantIds === null ? t('bigScreen.kiosk.allPlants') : link.plantNames.join(', ')),
          },
          {
            key: 'expiresAt',
            title: t('bigScreen.kiosk.expiresAt'),
            render: (_, link) => formatDateTime(link.expiresAt),
          },
          {
            key: 'state',
            title: t('bigScreen.kiosk.state'),
            render: (_, link) => (
              <Tag color={STATE_COLORS[link.state]} data-testid="kiosk-state">
                {t(`bigScreen.kiosk.states.${link.state}`)}
              </Tag>
            ),
          },
          {
            key: 'lastUsedAt',
            title: t('bigScreen.kiosk.lastUsed'),
            render: (_, link) => (link.lastUsedAt ? formatDateTime(link.lastUsedAt) : t('bigScreen.kiosk.neverUsed')),
          },
          {
            key: 'actions',
            title: t('bigScreen.kiosk.actions'),
            render: (_, link) =>
              link.state === 'active' && (
                <Popconfirm
                  title={t('bigScreen.kiosk.revokeConfirm', { name: link.name })}
                  okText={t('bigScreen.kiosk.revoke')}
                  okButtonProps={{ danger: true, 'data-testid': 'kiosk-revoke-ok' }}
                  onConfirm={() => revoke.mutateAsync(link.id)}
                >
                  <Button size="small" danger data-testid={`kiosk-revoke-${link.id}`}>
                    {t('bigScreen.kiosk.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <KioskLinkModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
