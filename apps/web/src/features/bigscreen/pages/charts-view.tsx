import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SOC_BANDS, type BigScreenCharts } from '@voltfleet/domain/big-screen';
import { BarChart } from '@/components/charts/xy-chart';
import { formatMonthDay } from '@/lib/format';
import { formatMoney, formatNumber, scaleMass } from '@/lib/number-format';
import { useBigScreenCharts } from '../api/big-screen-queries';
import { STATUS_COLORS } from '../components/world-map-colors';

const CHART_HEIGHT = 330;

function Panel({ title, wide, children, id }: { title: string; wide?: boolean; children: ReactNode; id: string }) {
  return (
    <section className={`bs-panel${wide ? ' bs-panel-wide' : ''}`} data-testid={`bigscreen-panel-${id}`}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** PV of each slot of a day trend (the trend's `pv` series), null where the trend has none. */
function pvOf(trend: BigScreenCharts['today'], labels: readonly string[]): (number | null)[] {
  const values = trend.series.find((s) => s.quantity === 'pv')?.valuesKwh ?? [];
  const at = new Map(trend.labels.map((label, i) => [label, values[i] ?? null]));
  return labels.map((label) => at.get(label) ?? null);
}

function StatusSplit({ status }: { status: BigScreenCharts['status'] }) {
  const { t, i18n } = useTranslation();
  const parts = (['normal', 'alarm', 'offline'] as const).map((key) => ({ key, count: status[key] }));
  const total = Math.max(1, status.all);
  return (
    <div className="bs-split">
      <div className="bs-split-bar" role="img" aria-label={t('bigScreen.charts.status')}>
        {parts.map((p) =>
          p.count > 0 ? <span key={p.key} style={{ flexGrow: p.count, background: STATUS_COLORS[p.key] }} /> : null,
        )}
      </div>
      {parts.map((p) => (
        <div key={p.key} className="bs-split-row">
          <i style={{ background: STATUS_COLORS[p.key] }} />
          <span>{t(`bigScreen.status.${p.key}`)}</span>
          <b data-testid={`bigscreen-split-${p.key}`}>{formatNumber(p.count, i18n.language)}</b>
          <span className="bs-muted">{formatNumber((100 * p.count) / total, i18n.language, 0)} %</span>
        </div>
      ))}
    </div>
  );
}

function TopPlants({ plants }: { plants: BigScreenCharts['topPlants'] }) {
  const { t, i18n } = useTranslation();
  const best = Math.max(0, ...plants.map((p) => p.kwhPerKwp));
  if (plants.length === 0) return <div className="bs-muted">{t('bigScreen.noData')}</div>;
  return (
    <ol className="bs-top">
      {plants.map((p) => (
        <li key={p.plantId} data-testid="bigscreen-top-plant">
          <span className="bs-top-name">{p.name}</span>
          <span className="bs-top-bar">
            <span style={{ width: `${best > 0 ? (100 * p.kwhPerKwp) / best : 0}%` }} />
          </span>
          <b>{formatNumber(p.kwhPerKwp, i18n.language, 2)}</b>
        </li>
      ))}
    </ol>
  );
}

function Savings({ data }: { data: BigScreenCharts }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const coal = scaleMass(data.savings.coalKg, lang);
  const co2 = scaleMass(data.savings.co2Kg, lang);
  const rows = [
    { key: 'co2', value: co2.value, unit: co2.unit },
    { key: 'coal', value: coal.value, unit: coal.unit },
    { key: 'trees', value: formatNumber(data.savings.trees, lang, 1) },
  ];
  // One figure for the earnings, an amount per currency (a fleet over several countries has several): a figure each
  // did not fit the panel with the demo fleet's eight.
  return (
    <div className="bs-savings">
      {rows.map((row) => (
        <div key={row.key} className="bs-figure">
          <div className="bs-figure-label">{t(`bigScreen.charts.${row.key}`)}</div>
          <div className="bs-figure-value" data-testid={`bigscreen-savings-${row.key}`}>
            {row.value}
            {row.unit && <span className="bs-figure-unit">{row.unit}</span>}
          </div>
        </div>
      ))}
      {data.earningsTotal.length > 0 && (
        <div className="bs-figure bs-savings-earnings">
          <div className="bs-figure-label">{t('bigScreen.charts.earnings')}</div>
          <div className="bs-savings-amounts">
            {data.earningsTotal.map((m) => (
              <div key={m.currency} data-testid={`bigscreen-savings-earnings-${m.currency}`}>
                {formatMoney(m.amount, m.currency, lang)}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

/** /bigScreen/charts: the fleet's generation over a day, 30 days and 12 months, status, best plants, SOC, savings. */
export default function ChartsView() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const charts = useBigScreenCharts();
  const data = charts.data;
  if (!data) return <div className="bs-center bs-muted">{t('bigScreen.loading')}</div>;
  const dayLabels = data.today.labels.length ? data.today.labels : data.yesterday.labels;
  const empty = t('bigScreen.noData');
  const socLabels = Array.from(
    { length: SOC_BANDS },
    (_, i) => `${(i * 100) / SOC_BANDS}–${((i + 1) * 100) / SOC_BANDS} %`,
  );
  return (
    <div className="bs-charts">
      <Panel id="day" title={t('bigScreen.charts.todayVsYesterday')} wide>
        <BarChart
          labels={dayLabels}
          series={[
            { key: 'today', name: t('bigScreen.charts.today'), values: pvOf(data.today, dayLabels), color: '#36cfc9' },
            {
              key: 'yesterday',
              name: t('bigScreen.charts.yesterday'),
              values: pvOf(data.yesterday, dayLabels),
              color: '#597ef7',
            },
          ]}
          unit="kWh"
          emptyText={empty}
          height={CHART_HEIGHT}
          decimals={2}
          data-testid="bigscreen-chart-day"
        />
      </Panel>
      <Panel id="days" title={t('bigScreen.charts.days')}>
        <BarChart
          labels={data.days.labels}
          ticks={data.days.labels.map((d) => formatMonthDay(d, lang))}
          slotMinutes={1440}
          series={[{ key: 'pv', name: t('bigScreen.charts.pv'), values: data.days.pvKwh, color: '#36cfc9' }]}
          unit="kWh"
          emptyText={empty}
          height={CHART_HEIGHT}
          decimals={2}
          data-testid="bigscreen-chart-days"
        />
      </Panel>
      <Panel id="months" title={t('bigScreen.charts.months')}>
        <BarChart
          labels={data.months.labels}
          series={[{ key: 'pv', name: t('bigScreen.charts.pv'), values: data.months.pvKwh, color: '#ffc53d' }]}
          unit="kWh"
          emptyText={empty}
          height={CHART_HEIGHT}
          decimals={2}
          data-testid="bigscreen-chart-months"
        />
      </Panel>
      <Panel id="status" title={t('bigScreen.charts.status')}>
        <StatusSplit status={data.status} />
      </Panel>
      <Panel id="top" title={t('bigScreen.charts.topPlants')}>
        <TopPlants plants={data.topPlants} />
      </Panel>
      <Panel id="soc" title={t('bigScreen.charts.soc')}>
        <BarChart
          labels={socLabels}
          series={[{ key: 'soc', name: t('bigScreen.charts.batteries'), values: data.socBands, color: '#95de64' }]}
          unit={t('bigScreen.charts.devices')}
          emptyText={empty}
          height={CHART_HEIGHT}
          decimals={0}
          data-testid="bigscreen-chart-soc"
        />
      </Panel>
      <Panel id="savings" title={t('bigScreen.charts.savings')}>
        <Savings data={data} />
      </Panel>
    </div>
  );
}
