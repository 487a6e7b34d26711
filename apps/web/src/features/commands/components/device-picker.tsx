import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_PROTOCOLS,
  DEVICE_PROTOCOL_NAMES,
  type CommandDevice,
  type CommandDeviceFilter,
  type CommandDeviceSelection,
  type DeviceProtocol,
} from '@voltfleet/domain/commands';
import { RUNNING_STATUSES, type RunningStatus } from '@voltfleet/domain/devices';
import { DataTable, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { usePhone } from '@/lib/use-phone';
import { selectAllCommandDevices, useCommandDeviceOptions, useCommandDevices } from '../api/search-command-devices';
import { withDevices, withoutDevices } from '../utils/selection';
import { DevicePickCards } from './device-pick-cards';

interface Props {
  selected: readonly CommandDevice[];
  onChange: (devices: CommandDevice[]) => void;
}

const STATUS_TONES = { online: 'success', alarm: 'error', offline: 'default' } as const;
const NO_OPTIONS = { models: [], plants: [] };

/**
 * The inverters in scope as the app's table: search by serial number, filter by plant, model, protocol and running
 * status, page through them (the total shown) and tick them. "Select all" takes every device matching the filters
 * across pages, from the server (at most what one command request may name). The selection survives new filters.
 */
export function DevicePicker({ selected, onChange }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<CommandDeviceFilter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const found = useCommandDevices({ ...filter, ...paging });
  const options = useCommandDeviceOptions().data ?? NO_OPTIONS;
  const [selecting, setSelecting] = useState(false);
  const [tooMany, setTooMany] = useState<CommandDeviceSelection | null>(null);
  const phone = usePhone();

  const rows = found.data?.items ?? [];
  const total = found.data?.total;
  const chosen = new Set(selected.map((d) => d.id));
  const onPage = rows.filter((d) => chosen.has(d.id)).length;
  const loading = found.isPlaceholderData || (found.isFetching && !found.data);
  const pagination = serverPagination(paging, total, (page, pageSize) => setPaging({ page, pageSize }));

  const narrow = (next: Partial<CommandDeviceFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 1 }));
    setTooMany(null);
  };
  const toggle = (device: CommandDevice, on: boolean) =>
    onChange(on ? withDevices(selected, [device]) : withoutDevices(selected, [device]));
  const selectAll = async () => {
    setSelecting(true);
    try {
      const all = await selectAllCommandDevices(filter);
      setTooMany(all.total > all.limit ? all : null);
      if (all.total <= all.limit) onChange(withDevices(selected, all.devices));
    } finally {
      setSelecting(false);
    }
  };

  const columns: Column<CommandDevice>[] = [
    {
      key: 'pick',
      width: 48,
      fixed: 'left',
      title: (
        <Checkbox
          aria-label={t('commandPicker.selectPage')}
          data-testid="command-device-page"
          disabled={rows.length === 0}
          checked={rows.length > 0 && onPage === rows.length}
          indeterminate={onPage > 0 && onPage < rows.length}
          onChange={(e) => onChange(e.target.checked ? withDevices(selected, rows) : withoutDevices(selected, rows))}
        />
      ),
      render: (_, d) => (
        <Checkbox
          aria-label={d.sn}
          data-testid={`command-device-${d.sn}`}
          checked={chosen.has(d.id)}
          onChange={(e) => toggle(d, e.target.checked)}
        />
      ),
    },
    { title: t('devices.sn'), dataIndex: 'sn' },
    { title: t('devices.model'), dataIndex: 'model' },
    { title: t('devices.plant'), dataIndex: 'plantName', render: (name) => name ?? '—' },
    { title: t('commandPicker.protocol'), dataIndex: 'protocol', render: (p) => DEVICE_PROTOCOL_NAMES[p] },
    {
      title: t('devices.runningStatus'),
      dataIndex: 'runningStatus',
      render: (status) => <StatusTag tone={STATUS_TONES[status]}>{t(`devices.status.${status}`)}</StatusTag>,
    },
  ];

  return (
    <section className="device-picker" data-testid="command-device-picker">
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('commands.searchSn')}
          aria-label={t('commands.searchSn')}
          style={{ maxWidth: 240 }}
          data-testid="command-device-search"
          value={filter.q ?? ''}
          onChange={(e) => narrow({ q: e.target.value.trim() || undefined })}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('deviceDetail.list.allPlants')}
          aria-label={t('devices.plant')}
          style={{ minWidth: 200 }}
          data-testid="command-plant-filter"
          value={filter.plantId}
          options={options.plants.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(plantId) => narrow({ plantId })}
        />
        <Select<string>
          allowClear
          placeholder={t('deviceDetail.list.allModels')}
          aria-label={t('devices.model')}
          style={{ minWidth: 140 }}
          data-testid="command-model-filter"
          value={filter.model}
          options={options.models.map((m) => ({ value: m, label: m }))}
          onChange={(model) => narrow({ model })}
        />
        <Select<DeviceProtocol>
          allowClear
          placeholder={t('commandPicker.allProtocols')}
          aria-label={t('commandPicker.protocol')}
          style={{ minWidth: 140 }}
          data-testid="command-protocol-filter"
          value={filter.protocol}
          options={DEVICE_PROTOCOLS.map((p) => ({ value: p, label: DEVICE_PROTOCOL_NAMES[p] }))}
          onChange={(protocol) => narrow({ protocol })}
        />
        <Select<RunningStatus>
          allowClear
          placeholder={t('devices.allStatuses')}
          aria-label={t('devices.runningStatus')}
          style={{ minWidth: 140 }}
          data-testid="command-status-filter"
          value={filter.status}
          options={RUNNING_STATUSES.map((s) => ({ value: s, label: t(`devices.status.${s}`) }))}
          onChange={(status) => narrow({ status })}
        />
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Button
          data-testid="command-select-all"
          loading={selecting}
          disabled={total === undefined || total === 0}
          onClick={() => void selectAll()}
        >
          {t('commandPicker.selectAll', { count: total ?? 0 })}
        </Button>
        <Button data-testid="command-select-none" disabled={selected.length === 0} onClick={() => onChange([])}>
          {t('commandPicker.clear')}
        </Button>
      </Flex>
      {tooMany ? (
        <Alert
          type="warning"
          showIcon
          data-testid="command-select-too-many"
          title={t('commandPicker.tooMany', { total: tooMany.total, limit: tooMany.limit })}
          style={{ marginBottom: 8 }}
        />
      ) : null}
      {phone ? (
        <DevicePickCards rows={rows} chosen={chosen} loading={loading} pagination={pagination} onToggle={toggle} />
      ) : (
        <DataTable<CommandDevice>
          rowKey="id"
          data-testid="command-devices"
          columns={columns}
          dataSource={rows}
          loading={loading}
          rowTestId={(d) => `command-device-row-${d.sn}`}
          pagination={pagination}
        />
      )}
    </section>
  );
}
