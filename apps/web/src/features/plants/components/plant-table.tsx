import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLANT_TYPES, type Plant, type PlantListItem } from '@voltfleet/domain/plants';
import { findOption, type Lang } from '@voltfleet/domain/i18n';
import { AlarmBadge, activeAlarmSearchPath } from '@/components/alarm-badge';
import { clipProps } from '@/components/cell-clip';
import { columnFields } from '@/components/column-cards';
import { PhoneCards } from '@/components/phone-cards';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { formatPlantTime } from '@/lib/format';
import { formatNumber, formatPercent, scaleEnergy, scalePower } from '@/lib/number-format';
import type { PagerConfig } from '@/lib/paging';
import { useCan } from '@/lib/permissions';
import { cellOf } from '@/lib/table-columns';
import { usePhone } from '@/lib/use-phone';

import type { PlantSort } from '../utils/plant-list-view';
import { plantDetailPath } from '../utils/plant-paths';
import { PlantSortTitle } from './plant-sort-title';
import { PlantStatusTag } from './plant-status-tag';
import './plant-list.css';
import { optionLabel } from '@/lib/labels';

interface Props {
  plants: PlantListItem[];
  loading: boolean;
  pagination: PagerConfig;
  sort: PlantSort;
  onSort: (next: PlantSort) => void;
  onEdit: (plant: Plant) => void;
  onDelete: (plant: Plant) => void;
}

const withUnit = ({ value, unit }: { value: string; unit: string | undefined }) => (unit ? `${value} ${unit}` : value);

/**
 * The plant list: sortable columns, the name linking to the plant's detail, the plant's PV power now and today's yield
 * formatted as on its detail page, edit and delete by permission, and the columns the user chose (by default those
 * that fit a 1440-pixel window: name, power, today's yield, status, alarms, devices; domain TABLE_COLUMNS).
 */
export function PlantTable({ plants, loading, pagination, sort, onSort, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  // Power and capacity in the UI language, to the watt (kW and kWh with up to three decimals).
  const number = (value: number) => formatNumber(value, lang, 3);
  const canEdit = useCan('A:plant.edit');
  const canDelete = useCan('A:plant.delete');
  const phone = usePhone();
  const navigate = useNavigate();
  const title = (column: PlantSort['sort'], label: string) => (
    <PlantSortTitle column={column} title={label} {...sort} onSort={onSort} />
  );
  // A sortable column: its heading sorts, and the chooser names it by the same words.
  const sorted = (column: PlantSort['sort'], label: string) => ({ title: title(column, label), label });

  const columns: Column<PlantListItem>[] = [
    {
      ...sorted('name', t('plantList.fields.name')),
      dataIndex: 'name',
      fixed: 'left',
      render: (name, plant) => (
        <Link to={plantDetailPath(plant.plantId)} data-testid={`plant-link-${plant.plantId}`} {...clipProps(name)}>
          {name}
        </Link>
      ),
    },
    {
      ...sorted('type', t('plantList.fields.type')),
      dataIndex: 'type',
      render: (type) => optionLabel(findOption(PLANT_TYPES, type)) ?? type,
    },
    { ...sorted('powerKw', t('plantList.fields.powerKw')), dataIndex: 'powerKw', align: 'right', render: number },
    {
      ...sorted('capacityKwh', t('plantList.fields.capacityKwh')),
      dataIndex: 'capacityKwh',
      align: 'right',
      render: number,
    },
    {
      ...sorted('pvPowerW', t('columns.plantList.pvPowerW')),
      dataIndex: 'pvPowerW',
      align: 'right',
      render: (w, plant) => (
        <span data-testid={`plant-pv-power-${plant.plantId}`}>{withUnit(scalePower(w, lang))}</span>
      ),
    },
    {
      ...sorted('pvEnergyTodayKwh', t('columns.plantList.pvEnergyTodayKwh')),
      dataIndex: 'pvEnergyTodayKwh',
      align: 'right',
      render: (kwh, plant) => (
        <span data-testid={`plant-pv-today-${plant.plantId}`}>{withUnit(scaleEnergy(kwh, lang))}</span>
      ),
    },
    {
      title: (
        <span title={t('columns.plantList.specificYieldHint')}>
          {title('specificYieldKwhPerKwp', t('columns.plantList.specificYield'))}
        </span>
      ),
      label: t('columns.plantList.specificYield'),
      dataIndex: 'specificYieldKwhPerKwp',
      align: 'right',
      render: (value, plant) => (
        <span data-testid={`plant-specific-yield-${plant.plantId}`}>
          {value === null ? '—' : formatNumber(value, lang, 2)}
        </span>
      ),
    },
    {
      title: (
        <span title={t('columns.plantList.performanceRatioHint')}>
          {title('performanceRatio30d', t('columns.plantList.performanceRatio30d'))}
        </span>
      ),
      label: t('columns.plantList.performanceRatio30d'),
      dataIndex: 'performanceRatio30d',
      align: 'right',
      render: (pr: number | null, plant) => (
        <span data-testid={`plant-pr-${plant.plantId}`}>{pr === null ? '—' : formatPercent(pr * 100, lang, 1)}</span>
      ),
    },
    {
      ...sorted('status', t('plantList.fields.status')),
      dataIndex: 'status',
      render: (status) => <PlantStatusTag status={status} />,
    },
    {
      ...sorted('activeAlarms', t('activeAlarms.column')),
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
    { ...sorted('deviceCount', t('plantList.fields.devices')), dataIndex: 'deviceCount', align: 'right' },
    { title: t('plantList.fields.address'), dataIndex: 'address' },
    { title: t('plantList.fields.owner'), dataIndex: 'ownerName', render: (name) => name ?? '—' },
    {
      ...sorted('constructionDate', t('plantList.fields.constructionDate')),
      dataIndex: 'constructionDate',
      render: (date) => date ?? '—',
    },
    {
      ...sorted('refreshedAt', t('plantList.fields.refreshedAt')),
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

  const choice = useColumnChoice('plantList', columns);

  if (phone) {
    // A phone: a card per plant, its name opening it, its status beside, the chosen columns as lines, then its buttons.
    const actions = columns.find((column) => column.key === 'actions');
    return (
      <PhoneCards
        data-testid="plant-table"
        cardTestId={(plantId) => `plant-row-${plantId}`}
        loading={loading || !choice.ready}
        pagination={pagination}
        cards={(choice.ready ? plants : []).map((plant) => ({
          key: plant.plantId,
          title: plant.name,
          onOpen: () => void navigate(plantDetailPath(plant.plantId)),
          openTestId: `plant-link-${plant.plantId}`,
          extra: <PlantStatusTag status={plant.status} />,
          fields: columnFields(choice.columns, plant, ['name', 'status', 'actions']),
          footer: actions && <div className="phone-touch">{cellOf(actions, plant)}</div>,
        }))}
      />
    );
  }

  return (
    <DataTable<PlantListItem>
      rowKey="plantId"
      data-testid="plant-table"
      rowTestId={(plant) => `plant-row-${plant.plantId}`}
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? plants : []}
      loading={loading || !choice.ready}
      pagination={pagination}
      emptyText={t('plantList.noData')}
    />
  );
}
