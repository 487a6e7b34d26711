import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_DEVICES, type ReportDevice } from '@voltfleet/domain/reports';
import { useReportDevices } from '../api/get-report-devices';

interface Props {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Devices already chosen (a template's), named even when the search does not list them. */
  known?: readonly ReportDevice[];
  /** A fifth pick: the caller says why it was refused. */
  onTooMany: () => void;
  'data-testid'?: string;
}

const labelOf = (d: ReportDevice) => (d.plantName ? `${d.sn} · ${d.plantName}` : d.sn);

/** Up to 4 devices of the caller's scope, searched on the server by serial number or plant name. */
export function DevicePicker({ value = [], onChange, known = [], onTooMany, ...rest }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const devices = useReportDevices(search);
  const byId = new Map<number, ReportDevice>(known.map((d) => [d.id, d]));
  for (const d of devices.data ?? []) byId.set(d.id, d);
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: (s) => setSearch(s.trim()) }}
      loading={devices.isFetching}
      placeholder={t('reports.devicesPlaceholder', { max: REPORT_MAX_DEVICES })}
      style={{ minWidth: 320, width: '100%' }}
      data-testid={rest['data-testid']}
      value={value}
      options={[...byId.values()].map((d) => ({ value: d.id, label: labelOf(d) }))}
      onChange={(next) => (next.length > REPORT_MAX_DEVICES ? onTooMany() : onChange?.(next))}
      onBlur={() => setSearch('')}
    />
  );
}
