import { Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACTIVATION_STATUSES,
  ACTIVATION_STATUS_LABELS,
  DEVICE_KINDS,
  RUNNING_STATUSES,
  type ActivationStatus,
  type DeviceKind,
  type RunningStatus,
} from '@voltfleet/domain/devices';
import { type DeviceFilterOptions } from '@voltfleet/domain/device-list';
import { FilterSheet } from '@/components/filter-sheet';
import { message } from '@/lib/i18n';
import { usePhone } from '@/lib/use-phone';

export interface DeviceFilterValues {
  keyword?: string;
  model?: string;
  plantId?: number;
  kind?: DeviceKind;
  status?: RunningStatus;
  activation?: ActivationStatus;
}

const FILTER_KEYS = [
  'keyword',
  'model',
  'plantId',
  'kind',
  'status',
  'activation',
] as const satisfies readonly (keyof DeviceFilterValues)[];

interface Props {
  values: DeviceFilterValues;
  /** Models and plants of the devices in scope; empty while loading. */
  options: DeviceFilterOptions;
  onChange: (next: DeviceFilterValues) => void;
}

/**
 * Search by serial number (or model or plant name), and narrow by model, plant, device type, running status and
 * activation status; on a phone in a sheet behind a "Filters" button.
 */
export function DeviceFilters({ values, options, onChange }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  // The filters set (a phone's sheet counts them on its button, and closes when they change).
  const set = FILTER_KEYS.map((key) => values[key]);
  return (
    <FilterSheet
      count={set.filter((value) => value !== undefined).length}
      closeOn={JSON.stringify(set)}
      testId="device-filters"
    >
      <Flex gap={12} wrap vertical={phone} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('devices.searchPlaceholder')}
          style={phone ? undefined : { maxWidth: 320 }}
          data-testid="device-search"
          onSearch={(keyword) => onChange({ ...values, keyword: keyword.trim() || undefined })}
        />
        <Select<string>
          allowClear
          showSearch
          placeholder={t('deviceDetail.list.allModels')}
          aria-label={t('deviceDetail.list.model')}
          style={{ minWidth: 150 }}
          data-testid="device-model-filter"
          value={values.model}
          options={options.models.map((model) => ({ value: model, label: model }))}
          onChange={(model) => onChange({ ...values, model })}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('deviceDetail.list.allPlants')}
          aria-label={t('deviceDetail.list.plant')}
          style={{ minWidth: 200 }}
          data-testid="device-plant-filter"
          value={values.plantId}
          options={options.plants.map((plant) => ({ value: plant.id, label: plant.name }))}
          onChange={(plantId) => onChange({ ...values, plantId })}
        />
        <Segmented<DeviceKind | 'all'>
          value={values.kind ?? 'all'}
          data-testid="device-kind-filter"
          options={[
            { value: 'all', label: t('devices.allKinds') },
            ...DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`devices.kinds.${kind}`) })),
          ]}
          onChange={(kind) => onChange({ ...values, kind: kind === 'all' ? undefined : kind })}
        />
        <Segmented<RunningStatus | 'all'>
          value={values.status ?? 'all'}
          data-testid="device-status-filter"
          options={[
            { value: 'all', label: t('devices.allStatuses') },
            ...RUNNING_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) })),
          ]}
          onChange={(status) => onChange({ ...values, status: status === 'all' ? undefined : status })}
        />
        <Segmented<ActivationStatus | 'all'>
          value={values.activation ?? 'all'}
          data-testid="device-activation-filter"
          options={[
            { value: 'all', label: t('deviceDetail.list.allActivations') },
            ...ACTIVATION_STATUSES.map((a) => ({ value: a, label: message(ACTIVATION_STATUS_LABELS[a]) })),
          ]}
          onChange={(activation) => onChange({ ...values, activation: activation === 'all' ? undefined : activation })}
        />
      </Flex>
    </FilterSheet>
  );
}
