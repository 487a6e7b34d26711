import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import { clipProps } from '@/components/cell-clip';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { formatElapsed, formatPlantTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { alarmDurationSeconds } from '../utils/alarm-duration';
import { DeviceLink, PlantLink } from './alarm-links';
import { AlarmSortTitle, type AlarmSortState } from './alarm-sort-title';
import { AlarmState } from './alarm-state';
import { SeverityTag } from './severity-tag';
import './alarms.css';

interface Props {
  alarms: readonly AlarmRow[];
  loading: boolean;
  pagination: PagerConfig;
  sort: AlarmSortState;
  onSort: (next: AlarmSortState) => void;
  /** Opens the detail drawer of an alarm. */
  onOpen: (id: number) => void;
  /** Row selection for acknowledging; absent without the permission. */
  selection?: { selected: ReadonlySet<number>; onChange: (ids: readonly number[], selected: boolean) => void };
  /** The page's ticking clock, for the duration of active alarms. */
  nowMs: number;
}

/**
 * Who acknowledged and when, cut at the column's width (its title reads it whole, with the note), or "unacknowledged".
 * The title rather than a tooltip: a cut text needs it, and two popups over one cell would cover each other.
 */
function AckCell({ alarm }: { alarm: AlarmRow }) {
  const { t } = useTranslation();
  if (!alarm.acknowledgedAt) return <StatusTag>{t('alarms.ack.unacknowledged')}</StatusTag>;
  const text = `${alarm.acknowledgedBy ?? '—'} · ${formatPlantTime(alarm.acknowledgedAt, alarm.timeZone)}`;
  const clip = clipProps(alarm.ackNote ? `${text}\n${alarm.ackNote}` : text, 9);
  return (
    <span data-testid={`alarm-ack-${alarm.id}`} {...clip}>
      {text}
    </span>
  );
}

/**
 * The alarm list: serial number (fixed while scrolling sideways) first, plant times with their UTC offset, and the
 * columns the user chose (by default those that fit a 1440-pixel window; domain TABLE_COLUMNS).
 */
export function AlarmTable({ alarms, loading, pagination, sort, onSort, onOpen, selection, nowMs }: Props) {
  const { t, i18n } = useTranslation();
  // A sortable column: its heading sorts, and the column chooser names it by the same words.
  const sorted = (column: AlarmSortState['sort'], label: string) => ({
    title: <AlarmSortTitle column={column} title={label} {...sort} onSort={onSort} />,
    label,
  });
  const selectable = alarms.filter((a) => !a.acknowledgedAt).map((a) => a.id);
  const picked = selectable.filter((id) => selection?.selected.has(id)).length;

  const columns: Column<AlarmRow>[] = [
    {
      title: (
        <span className="alarm-sn-cell">
          {selection && (
            <Checkbox
              aria-label={t('alarms.selectAll')}
              data-testid="alarm-select-all"
              disabled={selectable.length === 0}
              checked={picked > 0 && picked === selectable.length}
              indeterminate={picked > 0 && picked < selectable.length}
              onChange={(e) => selection.onChange(selectable, e.target.checked)}
            />
          )}
          {sorted('sn', t('alarms.columns.sn')).title}
        </span>
      ),
      label: t('alarms.columns.sn'),
      dataIndex: 'sn',
      fixed: 'left',
      render: (sn: string, alarm) => (
        <span className="alarm-sn-cell">
          {selection && (
            <Checkbox
              aria-label={t('alarms.selectRow', { name: alarm.name, sn })}
              data-testid={`alarm-select-${alarm.id}`}
              disabled={alarm.acknowledgedAt !== null}
              checked={selection.selected.has(alarm.id)}
              onChange={(e) => selection.onChange([alarm.id], e.target.checked)}
            />
          )}
          <DeviceLink deviceId={alarm.deviceId} sn={sn} />
        </span>
      ),
    },
    {
      // A shorter heading than the detail's ("Stufe" for "Schweregrad"): the tags below it are short.
      ...sorted('severity', t('columns.alarmSearch.severity')),
      dataIndex: 'severity',
      render: (severity) => <SeverityTag severity={severity} />,
    },
    {
      title: t('alarms.columns.name'),
      dataIndex: 'name',
      render: (name: string, alarm) => (
        <button
          type="button"
          className="alarm-link-button"
          data-testid={`alarm-open-${alarm.id}`}
          onClick={() => onOpen(alarm.id)}
        >
          <span {...clipProps(name, 10)}>{name}</span>
        </button>
      ),
    },
    {
      ...sorted('plant', t('alarms.columns.plant')),
      dataIndex: 'plantName',
      render: (name: string | null, alarm) =>
        name === null ? (
          <PlantLink plantId={alarm.plantId} name={name} />
        ) : (
          <span {...clipProps(name, 10)}>
            <PlantLink plantId={alarm.plantId} name={name} />
          </span>
        ),
    },
    {
      ...sorted('raisedAt', t('alarms.columns.raisedAt')),
      dataIndex: 'raisedAt',
      render: (at: string, alarm) => formatPlantTime(at, alarm.timeZone),
    },
    {
      ...sorted('lastSeenAt', t('alarms.columns.lastSeenAt')),
      dataIndex: 'lastSeenAt',
      render: (at: string, alarm) => formatPlantTime(at, alarm.timeZone),
    },
    {
      ...sorted('recoveredAt', t('alarms.columns.recoveredAt')),
      dataIndex: 'recoveredAt',
      render: (at: string | null, alarm) => formatPlantTime(at, alarm.timeZone),
    },
    {
      title: t('alarms.columns.duration'),
      key: 'duration',
      render: (_, alarm) => {
        const text = formatElapsed(alarmDurationSeconds(alarm, nowMs), i18n.language);
        return alarm.state === 'active' ? t('alarms.ongoing', { duration: text }) : text;
      },
    },
    { title: t('alarms.columns.state'), key: 'state', render: (_, alarm) => <AlarmState alarm={alarm} /> },
    { title: t('alarms.columns.acknowledged'), key: 'ack', render: (_, alarm) => <AckCell alarm={alarm} /> },
  ];

  const choice = useColumnChoice('alarmSearch', columns);

  return (
    <DataTable<AlarmRow>
      rowKey="id"
      data-testid="alarm-table"
      rowTestId={(alarm) => `alarm-row-${alarm.id}`}
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? alarms : []}
      loading={loading || !choice.ready}
      pagination={pagination}
    />
  );
}
