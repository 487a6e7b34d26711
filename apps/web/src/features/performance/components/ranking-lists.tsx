import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DeviceRankingRow, PlantRankingRow } from '@voltfleet/domain/performance';
import { columnFields } from '@/components/column-cards';
import { DataTable, type Column } from '@/components/data-table';
import { PhoneCards } from '@/components/phone-cards';
import type { PagerConfig } from '@/lib/paging';
import { useCan } from '@/lib/permissions';
import { usePhone } from '@/lib/use-phone';
import { SourceTag } from './source-note';
import {
  deviceDetailPath,
  formatFigure,
  formatRatio,
  plantPerformancePath,
  useCanSearchAlarms,
} from './performance-format';

interface ListProps<T> {
  rows: readonly T[];
  loading: boolean;
  pagination: PagerConfig;
}

/** The rank of a row of the page shown (the server's order, worst first). */
const rankOf = (pagination: PagerConfig, index: number) => (pagination.current - 1) * pagination.pageSize + index + 1;

/** Active performance alarms: their count, opening the alarm search where the user may search alarms. */
function AlarmCount({ count, search, testId }: { count: number; search: string; testId: string }) {
  const canSearch = useCanSearchAlarms();
  if (count === 0 || !canSearch) return <span data-testid={testId}>{count}</span>;
  return (
    <Link to={search} data-testid={testId} className="performance-alarms">
      {count}
    </Link>
  );
}

/** A table on a wide screen, a card per row on a phone (the first column as the card's heading). */
function RankingList<T>({
  rows,
  loading,
  pagination,
  columns,
  rowKey,
  testId,
  title,
  onOpen,
}: ListProps<T> & {
  columns: Column<T>[];
  rowKey: keyof T & string;
  testId: string;
  title: (row: T) => ReactNode;
  onOpen: (row: T) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (phone) {
    return (
      <PhoneCards
        data-testid={testId}
        cardTestId={(key) => `${testId}-row-${String(key)}`}
        loading={loading}
        pagination={pagination}
        cards={rows.map((row) => ({
          key: row[rowKey] as number,
          title: title(row),
          onOpen: () => onOpen(row),
          openTestId: `${testId}-open-${String(row[rowKey])}`,
          fields: columnFields(columns, row, ['name']),
        }))}
      />
    );
  }
  return (
    <DataTable<T>
      rowKey={rowKey}
      data-testid={testId}
      rowTestId={(row) => `${testId}-row-${String(row[rowKey])}`}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      emptyText={t('performance.noData')}
    />
  );
}

/** Plants by PR over the span, worst first; a plant opens its detail's Performance tab. */
export function PlantRankingList(props: ListProps<PlantRankingRow>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const index = new Map(props.rows.map((row, i) => [row.plantId, rankOf(props.pagination, i)]));
  const columns: Column<PlantRankingRow>[] = [
    { title: t('performance.page.rank'), key: 'rank', align: 'right', render: (_, row) => index.get(row.plantId) },
    {
      title: t('performance.page.plant'),
      key: 'name',
      fixed: 'left',
      render: (_, row) => (
        <Link to={plantPerformancePath(row.plantId)} data-testid={`ranking-plant-link-${row.plantId}`}>
          {row.plantName}
        </Link>
      ),
    },
    {
      title: t('performance.fields.pr'),
      dataIndex: 'pr',
      align: 'right',
      render: (pr, row) => <span data-testid={`ranking-plant-pr-${row.plantId}`}>{formatRatio(pr, lang)}</span>,
    },
    {
      title: t('performance.fields.actualKwh'),
      dataIndex: 'actualKwh',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    {
      title: t('performance.fields.expectedKwh'),
      dataIndex: 'expectedKwh',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    {
      title: t('performance.fields.specificYield'),
      dataIndex: 'specificYieldKwhKwp',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    { title: t('performance.page.kwp'), dataIndex: 'kwp', align: 'right', render: (v) => formatFigure(v, lang, 3) },
    { title: t('performance.fields.source'), dataIndex: 'source', render: (source) => <SourceTag source={source} /> },
    {
      title: t('performance.page.alarms'),
      dataIndex: 'activePerformanceAlarms',
      align: 'center',
      render: (count, row) => (
        <AlarmCount
          count={count}
          search={`/alarmCenter/alarmSearch?plantId=${row.plantId}&state=active&group=performance`}
          testId={`ranking-plant-alarms-${row.plantId}`}
        />
      ),
    },
  ];
  return (
    <RankingList
      {...props}
      columns={columns}
      rowKey="plantId"
      testId="ranking-plants"
      title={(row) => `${index.get(row.plantId)}. ${row.plantName}`}
      onOpen={(row) => void navigate(plantPerformancePath(row.plantId))}
    />
  );
}

/** Inverters by their energy against their siblings' median over the span, worst first; one opens its detail. */
export function DeviceRankingList(props: ListProps<DeviceRankingRow>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const canModule = useCan('B');
  const canList = useCan('B/A');
  const canDevices = canModule && canList;
  const index = new Map(props.rows.map((row, i) => [row.deviceId, rankOf(props.pagination, i)]));
  const columns: Column<DeviceRankingRow>[] = [
    { title: t('performance.page.rank'), key: 'rank', align: 'right', render: (_, row) => index.get(row.deviceId) },
    {
      title: t('performance.page.device'),
      key: 'name',
      fixed: 'left',
      render: (_, row) =>
        canDevices ? (
          <Link to={deviceDetailPath(row.deviceId)} data-testid={`ranking-device-link-${row.deviceId}`}>
            {row.sn}
          </Link>
        ) : (
          row.sn
        ),
    },
    {
      title: <span title={t('performance.page.siblingRatioHint')}>{t('performance.page.siblingRatio')}</span>,
      label: t('performance.page.siblingRatio'),
      dataIndex: 'siblingRatio',
      align: 'right',
      render: (ratio, row) => (
        <span data-testid={`ranking-device-ratio-${row.deviceId}`}>
          {row.siblings === 0 ? t('performance.page.noSiblings') : formatRatio(ratio, lang)}
        </span>
      ),
    },
    {
      title: t('performance.fields.actualKwh'),
      dataIndex: 'actualKwh',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    {
      title: t('performance.page.siblingMedianKwh'),
      dataIndex: 'siblingMedianKwh',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    { title: t('performance.page.siblings'), dataIndex: 'siblings', align: 'right' },
    { title: t('performance.page.model'), dataIndex: 'model' },
    {
      title: t('performance.page.plant'),
      dataIndex: 'plantName',
      render: (name, row) => <Link to={plantPerformancePath(row.plantId)}>{name}</Link>,
    },
    {
      title: t('performance.page.alarms'),
      dataIndex: 'activePerformanceAlarms',
      align: 'center',
      render: (count, row) => (
        <AlarmCount
          count={count}
          search={`/alarmCenter/alarmSearch?deviceId=${row.deviceId}&state=active&group=performance`}
          testId={`ranking-device-alarms-${row.deviceId}`}
        />
      ),
    },
  ];
  return (
    <RankingList
      {...props}
      columns={columns}
      rowKey="deviceId"
      testId="ranking-devices"
      title={(row) => `${index.get(row.deviceId)}. ${row.sn}`}
      onOpen={(row) => void navigate(canDevices ? deviceDetailPath(row.deviceId) : plantPerformancePath(row.plantId))}
    />
  );
}
