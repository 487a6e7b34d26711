import { useState } from 'react';
import { Checkbox, Modal, Radio, Spin, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_KIND_LABELS, type DeviceKind } from '@voltfleet/domain/devices';
import {
  ENERGY_EXPORT_MAX_DEVICES,
  ENERGY_EXPORT_PERIODS,
  ENERGY_EXPORT_WORDS,
  REPORT_EXPORT_FORMATS,
  energyExportFileName,
  previousMonth,
  type EnergyExportPeriod,
  type ReportExportFormat,
} from '@voltfleet/domain/reports';
import { localDay } from '@voltfleet/domain/time';
import { DayField } from '@/components/day-field';
import { download } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import './energy-export.css';
import { message } from '@/lib/i18n';

export interface ExportDevice {
  id: number;
  sn: string;
  kind: DeviceKind;
}

interface Props {
  devices: readonly ExportDevice[] | undefined;
  timeZone: string;
  onClose: () => void;
}

type Word = keyof typeof ENERGY_EXPORT_WORDS;

/** The month and year fields: the years the server takes (2000 to 2100), always a value. */
const FIELD = { width: 180, min: '2000-01-01', max: '2100-12-31', allowClear: false } as const;

/** Inverters measure the energies; a battery's are counted by its inverter and a collector has none. */
const measured = (devices: readonly ExportDevice[]) => devices.filter((d) => d.kind === 'inverter').map((d) => d.id);

/** The export's form: devices (inverters ticked), a month (last month at the plant) or a year, XLSX or CSV. */
export default function EnergyExportDialog({ devices, timeZone, onClose }: Props) {
  useTranslation(); // re-renders on a language switch
  const word = (key: Word, params?: Record<string, string | number>) => message(ENERGY_EXPORT_WORDS[key], params);
  const [today] = useState(() => localDay(Date.now(), timeZone));
  // Untouched, the choice follows the devices as they arrive: every inverter, or the page's one device.
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [period, setPeriod] = useState<EnergyExportPeriod>('month');
  const [month, setMonth] = useState(() => previousMonth(today));
  const [year, setYear] = useState(() => today.slice(0, 4));
  const [format, setFormat] = useState<ReportExportFormat>('xlsx');
  const list = devices ?? [];
  const selected = chosen ?? (list.length === 1 ? [list[0]!.id] : measured(list));
  const value = period === 'month' ? month : year;

  const exporting = useMutation({
    mutationFn: async () => {
      const query = { deviceIds: selected.join(','), period, [period]: value, format };
      saveFile(await download('/api/energy-export', { query }), energyExportFileName(value, format));
    },
    onSuccess: onClose,
  });

  const problem =
    selected.length === 0
      ? word('noDevices')
      : selected.length > ENERGY_EXPORT_MAX_DEVICES
        ? word('tooManyDevices', { max: String(ENERGY_EXPORT_MAX_DEVICES) })
        : null;
  const allIds = list.map((d) => d.id);
  return (
    <Modal
      open
      title={word('action')}
      onCancel={onClose}
      onOk={() => exporting.mutate()}
      okText={word('download')}
      cancelText={word('cancel')}
      okButtonProps={{
        disabled: !devices || problem !== null || !value,
        loading: exporting.isPending,
        'data-testid': 'energy-export-download',
      }}
      data-testid="energy-export-dialog"
    >
      <div className="energy-export-form">
        <div className="energy-export-field">
          <Typography.Text strong>{word('devices')}</Typography.Text>
          {!devices ? (
            <Spin size="small" />
          ) : list.length === 1 ? (
            <span data-testid="energy-export-device">{list[0]!.sn}</span>
          ) : (
            <>
              <Checkbox
                checked={selected.length === list.length}
                indeterminate={selected.length > 0 && selected.length < list.length}
                onChange={(e) => setChosen(e.target.checked ? allIds : [])}
                data-testid="energy-export-all"
              >
                {word('allDevices', { count: String(list.length) })}
              </Checkbox>
              <Checkbox.Group
                className="energy-export-devices"
                value={selected}
                onChange={(ids) => setChosen(ids)}
                options={list.map((d) => ({
                  value: d.id,
                  label: (
                    <span data-testid={`energy-export-device-${d.sn}`}>
                      {d.sn} <Typography.Text type="secondary">{message(DEVICE_KIND_LABELS[d.kind])}</Typography.Text>
                    </span>
                  ),
                }))}
              />
            </>
          )}
        </div>
        <div className="energy-export-field">
          <Typography.Text strong>{word('period')}</Typography.Text>
          <Radio.Group
            value={period}
            onChange={(e) => setPeriod(e.target.value as EnergyExportPeriod)}
            options={ENERGY_EXPORT_PERIODS.map((p) => ({
              value: p,
              label: word(p === 'month' ? 'periodMonth' : 'periodYear'),
            }))}
            data-testid="energy-export-period"
          />
          {/* Ant Design's picker in the UI language, loaded when the field is reached for; months and years from
              2000 to 2100 as the server takes them. A month is kept as YYYY-MM and a year as YYYY, as the API reads
              them; always one is picked (no clearing). */}
          {period === 'month' ? (
            <DayField
              testId="energy-export-month"
              className="energy-export-date"
              ariaLabel={word('monthField')}
              picker="month"
              {...FIELD}
              value={`${month}-01`}
              onChange={(day) => day && setMonth(day.slice(0, 7))}
            />
          ) : (
            <DayField
              testId="energy-export-year"
              className="energy-export-date"
              ariaLabel={word('yearField')}
              picker="year"
              {...FIELD}
              value={`${year}-01-01`}
              onChange={(day) => day && setYear(day.slice(0, 4))}
            />
          )}
        </div>
        <div className="energy-export-field">
          <Typography.Text strong>{word('format')}</Typography.Text>
          <Radio.Group
            value={format}
            onChange={(e) => setFormat(e.target.value as ReportExportFormat)}
            options={REPORT_EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
            data-testid="energy-export-format"
          />
        </div>
        <Typography.Text type="secondary">{word('hint')}</Typography.Text>
        {problem && (
          <Typography.Text type="danger" data-testid="energy-export-problem">
            {problem}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
