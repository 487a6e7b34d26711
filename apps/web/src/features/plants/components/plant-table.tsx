import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLANT_TYPES, findOption, type Lang, type Plant } from '@voltfleet/domain';
import { AlarmBadge, activeAlarmSearchPath } from '@/components/alarm-badge';
import { DataTable, type Column } from '@/components/data-table';
import { formatPlantTime } from '@/lib/format';
import { formatNumber } from '@/lib/number-format';
import type { PagerConfig } from '@/lib/paging';
import { useCan } from '@/lib/permissions';
import type { PlantSort } from '../utils/plant-list-view';
import { plantDetailPath } from '../utils/plant-paths';
import { PlantSortTitle } from './plant-sort-title';
import { PlantStatusTag } from './plant-status-tag';
import './plant-list.css';

interface Props {
  plants: Plant[];
  loading: boolean;
  pagination: PagerConfig;
  sort: PlantSort;
  onSort: (next: PlantSort) => void;
  onEdit: (plant: Plant) => void;
  onDelete: (plant: Plant) => void;
}

/** The plant list: sortable columns, the name linking to the plant's detail, edit and delete by permission. */
export function PlantTable({ plants, loading, pagination, sort, onSort, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  // Power and capacity in the UI language, to the watt (kW and kWh with up to three decimals).
  const number = (value: number) => formatNumber(value, lang, 3);
  const canEdit = useCan('A:plant.edit');
  const canDelete = useCan('A:plant.delete');
  const title = (column: PlantSort['sort'], label: string) => (
    <PlantSortTitle column={column} title={label} {...sort} onSort={onSort} />
  );

  const columns: Column<Plant>[] = [
    {
      title: title('name', t('plantList.fields.name')),
      dataIndex: 'name',
      fixed: 'left',
      render: (name, plant) => (
        <Link to={plantDetailPath(plant.plantId)} data-testid={`plant-link-${plant.plantId}`}>
          {name}
        </Link>
      ),
    },
    {
      title: title('type', t('plantList.fields.type')),
      dataIndex: 'type',
      render: (type) => findOption(PLANT_TYPES, type)?.names[lang] ?? type,
    },
    { title: title('powerKw', t('plantList.fields.powerKw')), dataIndex: 'powerKw', align: 'right', render: number },
    {
      title: title('capacityKwh', t('plantList.fields.capacityKwh')),
      dataIndex: 'capacityKwh',
      align: 'right',
      render: number,
    },
    {
      title: title('status', t('plantList.fields.status')),
      dataIndex: 'status',
      render: (status) => <PlantStatusTag status={status} />,
    },
    {
      title: t('activeAlarms.column'),
      dataIndex: 'activeAlarms',
      align: 'center',
      render: (alarms, plant) => (
        <AlarmBadge
          alarms={alarms}
          searchPath={activeAlarmSearchPath({ plantId: plant.plantId })}
          testId={`plant-alarms-${plant.plantId}`}
        />
      ),
    },
    { title: title('deviceCount', t('plantList.fields.devices')), dataIndex: 'deviceCount', align: 'right' },
    { title: t('plantList.fields.address'), dataIndex: 'address' },
    { title: t('plantList.fields.owner'), dataIndex: 'ownerName', render: (name) => name ?? '—' },
    {
      title: title('constructionDate', t('plantList.fields.constructionDate')),
      dataIndex: 'constructionDate',
      render: (date) => date ?? '—',
    },
    {
      title: title('refreshedAt', t('plantList.fields.refreshedAt')),
      dataIndex: 'refreshedAt',
      render: (at, plant) => formatPlantTime(at, plant.timeZone),
    },
  ];

  if (canEdit || canDelete) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, plant) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" data-testid={`plant-edit-${plant.plantId}`} onClick={() => onEdit(plant)}>
              {t('common.edit')}
            </Button>
          )}
          {canDelete && (
            <Button type="link" danger data-testid={`plant-delete-${plant.plantId}`} onClick={() => onDelete(plant)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <DataTable<Plant>
      rowKey="plantId"
      className="plant-list-table"
      data-testid="plant-table"
      rowTestId={(plant) => `plant-row-${plant.plantId}`}
      columns={columns}
      dataSource={plants}
      loading={loading}
      pagination={pagination}
      emptyText={t('plantList.noData')}
    />
  );
}
