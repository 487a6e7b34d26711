import { useTranslation } from 'react-i18next';
import type { PlantDevices } from '@voltfleet/domain/plants';
import { DataTable, type Column } from '@/components/data-table';
import { StatSection } from '@/components/stat-card';
import { StatusTag } from '@/components/status-tag';
import { formatPlantTime } from '@/lib/format';

type Device = PlantDevices['devices'][number];
const TONES = { online: 'success', alarm: 'error', offline: 'default' } as const;

/** The plant's devices with kind, model, status and last contact, and the accounts that see the plant. */
export function AssociatedInfo({ info, timeZone }: { info: PlantDevices; timeZone: string }) {
  const { t } = useTranslation();
  const columns: Column<Device>[] = [
    { dataIndex: 'sn', title: t('plantStats.detail.sn') },
    { dataIndex: 'kind', title: t('plantStats.detail.kind'), render: (kind) => t(`plantStats.deviceKinds.${kind}`) },
    { dataIndex: 'model', title: t('plantStats.detail.model') },
    {
      dataIndex: 'runningStatus',
      title: t('plantStats.detail.status'),
      render: (status, d) => (
        <span data-testid={`detail-device-status-${d.sn}`}>
          <StatusTag tone={TONES[status]}>{t(`plantStats.deviceStatus.${status}`)}</StatusTag>
        </span>
      ),
    },
    { dataIndex: 'lastSeenAt', title: t('plantStats.detail.lastSeen'), render: (at) => formatPlantTime(at, timeZone) },
  ];
  const person = (p: { username: string; name: string }) =>
    p.name && p.name !== p.username ? `${p.name} (${p.username})` : p.username;
  return (
    <>
      <StatSection title={t('plantStats.detail.devices')}>
        <DataTable
          rowKey="id"
          columns={columns}
          dataSource={info.devices}
          data-testid="detail-devices"
          rowTestId={(d) => `detail-device-${d.sn}`}
          emptyText={t('plantStats.noData')}
        />
      </StatSection>
      <StatSection title={t('plantStats.detail.accounts')}>
        <dl className="detail-fields" data-testid="detail-accounts">
          <div className="detail-field">
            <dt>{t('plantStats.detail.owner')}</dt>
            <dd>{info.owner ? person(info.owner) : '—'}</dd>
          </div>
          <div className="detail-field">
            <dt>{t('plantStats.detail.affiliated')}</dt>
            <dd>{info.affiliatedUsers.length ? info.affiliatedUsers.map(person).join(', ') : '—'}</dd>
          </div>
        </dl>
      </StatSection>
    </>
  );
}
