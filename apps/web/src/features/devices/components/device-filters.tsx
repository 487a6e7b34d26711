import { Flex, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_KINDS, RUNNING_STATUSES, type DeviceKind, type RunningStatus } from '@voltfleet/domain';

export interface DeviceFilterValues {
  keyword?: string;
  kind?: DeviceKind;
  status?: RunningStatus;
}

interface Props {
  values: DeviceFilterValues;
  onChange: (next: DeviceFilterValues) => void;
}

/** Search by serial number, model or plant name, and narrow by device type and running status. */
export function DeviceFilters({ values, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('devices.searchPlaceholder')}
        style={{ maxWidth: 320 }}
        data-testid="device-search"
        onSearch={(keyword) => onChange({ ...values, keyword: keyword.trim() || undefined })}
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
    </Flex>
  );
}
