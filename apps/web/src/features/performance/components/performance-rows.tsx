import { useTranslation } from 'react-i18next';
import {
  IRRADIANCE_SOURCE_LABELS,
  type PerformanceGranularity,
  type PerformanceRow,
} from '@voltfleet/domain/performance';
import { message } from '@/lib/i18n';
import { DataTable, type Column } from '@/components/data-table';
import { SourceTag } from './source-note';
import { formatFigure, formatRatio } from './performance-format';

const TOTAL = 'total';

/** A period's weather: a day sunny or cloudy (by the clear-sky index), a month or year as its count of sunny days. */
function Weather({ row, granularity }: { row: PerformanceRow; granularity: PerformanceGranularity }) {
  const { t } = useTranslation();
  if (row.days === 0) return <>{message(IRRADIANCE_SOURCE_LABELS.none)}</>;
  if (granularity === 'day' && row.period !== TOTAL)
    return <>{row.sunnyDays > 0 ? t('performance.sunny') : t('performance.notSunny')}</>;
  return <>{t('performance.sunnyOf', { sunny: row.sunnyDays, days: row.days })}</>;
}

/** The span's periods under the chart, with the span's total as its last row. */
export function PerformanceRows({
  rows,
  total,
  granularity,
  loading,
}: {
  rows: readonly PerformanceRow[];
  total: PerformanceRow;
  granularity: PerformanceGranularity;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const isTotal = (row: PerformanceRow) => row.period === TOTAL;
  const columns: Column<PerformanceRow>[] = [
    {
      title: t('performance.fields.period'),
      dataIndex: 'period',
      fixed: 'left',
      render: (period, row) => (isTotal(row) ? <strong>{t('performance.total')}</strong> : period),
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
      title: t('performance.fields.pr'),
      dataIndex: 'pr',
      align: 'right',
      render: (v, row) => <span data-testid={`performance-pr-${row.period}`}>{formatRatio(v, lang)}</span>,
    },
    {
      title: t('performance.fields.specificYield'),
      dataIndex: 'specificYieldKwhKwp',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    { title: t('performance.fields.poa'), dataIndex: 'poaKwhM2', align: 'right', render: (v) => formatFigure(v, lang) },
    {
      title: t('performance.fields.clearSkyPoa'),
      dataIndex: 'clearSkyPoaKwhM2',
      align: 'right',
      render: (v) => formatFigure(v, lang),
    },
    {
      title: t('performance.fields.weather'),
      key: 'weather',
      render: (_, row) => <Weather row={row} granularity={granularity} />,
    },
    {
      title: t('performance.fields.source'),
      dataIndex: 'source',
      render: (source, row) => <SourceTag source={source} testId={`performance-source-${row.period}`} />,
    },
  ];
  return (
    <DataTable<PerformanceRow>
      rowKey="period"
      data-testid="performance-rows"
      rowTestId={(row) => `performance-row-${row.period}`}
      className="performance-rows"
      columns={columns}
      dataSource={rows.length ? [...rows, { ...total, period: TOTAL }] : []}
      loading={loading}
      emptyText={t('performance.noData')}
    />
  );
}
