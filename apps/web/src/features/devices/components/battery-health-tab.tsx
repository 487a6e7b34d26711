import { useState } from 'react';
import { Alert, Empty, Flex, Segmented, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatteryHealth } from '@voltfleet/domain/performance';
import { LineChart } from '@/components/charts/xy-chart';
import { StatCard, StatSection } from '@/components/stat-card';
import { formatNumber, formatPercent } from '@/lib/number-format';
import { useBatteryHealth } from '../api/get-battery-health';
import './battery-health.css';

/** The periods the tab offers, in calendar months of the plant (the current one included). */
export const BATTERY_HEALTH_MONTHS = [3, 6, 12, 24] as const;

const hasData = (h: BatteryHealth) =>
  h.sohTrend.length > 0 || h.cellSpreadTrend.length > 0 || h.efficiencyByMonth.length > 0 || h.bmsCycleCount !== null;

/** State of health now, how fast it falls against the alarm's rate, and the cycles. */
function HealthFigures({ health: h }: { health: BatteryHealth }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const fast = h.sohFallPerMonthPct !== null && h.sohFallPerMonthPct > h.alarmFallPerMonthPct;
  const alarmRate = formatNumber(h.alarmFallPerMonthPct, lang, 2);
  return (
    <div className="stat-grid battery-health-figures">
      <StatCard
        label={t('batteryHealth.soh')}
        value={h.sohPct === null ? '—' : formatNumber(h.sohPct, lang, 1)}
        unit={h.sohPct === null ? undefined : '%'}
        note={h.sohTrend.length > 0 ? t('batteryHealth.sohAt', { day: h.sohTrend.at(-1)!.day }) : undefined}
        data-testid="battery-health-soh"
      />
      <StatCard
        label={t('batteryHealth.fall')}
        value={h.sohFallPerMonthPct === null ? '—' : formatNumber(h.sohFallPerMonthPct, lang, 2)}
        unit={h.sohFallPerMonthPct === null ? undefined : t('batteryHealth.fallUnit')}
        tone={fast ? 'error' : h.sohFallPerMonthPct === null ? 'muted' : 'success'}
        note={
          <>
            {t('batteryHealth.fallAlarm', { rate: alarmRate })}
            {fast && <div className="battery-health-fast">{t('batteryHealth.fallFast')}</div>}
            {h.sohFallPerMonthPct === null && <div>{t('batteryHealth.fallUnknown')}</div>}
          </>
        }
        data-testid="battery-health-fall"
      />
      <StatCard
        label={t('batteryHealth.cycles')}
        value={h.equivalentFullCycles === null ? '—' : formatNumber(h.equivalentFullCycles, lang, 1)}
        note={
          h.capacityKwh === null
            ? t('batteryHealth.cyclesNoCapacity')
            : t('batteryHealth.cyclesNote', { capacity: formatNumber(h.capacityKwh, lang, 2) })
        }
        data-testid="battery-health-cycles"
      />
      <StatCard
        label={t('batteryHealth.bmsCycles')}
        value={h.bmsCycleCount === null ? '—' : formatNumber(h.bmsCycleCount, lang, 0)}
        note={h.bmsCycleCount === null ? t('batteryHealth.bmsCyclesNone') : undefined}
        data-testid="battery-health-bms-cycles"
      />
    </div>
  );
}

/** Charged, discharged and their ratio per month. */
function EfficiencyTable({ rows }: { rows: BatteryHealth['efficiencyByMonth'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batteryHealth.noData')} />;
  return (
    <>
      <div className="stat-table-scroll">
        <table className="stat-table battery-health-efficiency" data-testid="battery-health-efficiency">
          <thead>
            <tr>
              <th>{t('batteryHealth.month')}</th>
              <th>{t('batteryHealth.charged')}</th>
              <th>{t('batteryHealth.discharged')}</th>
              <th>{t('batteryHealth.ratio')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.month}>
                <td>{m.month}</td>
                <td>{formatNumber(m.chargeKwh, lang, 2)}</td>
                <td>{formatNumber(m.dischargeKwh, lang, 2)}</td>
                <td>{m.efficiency === null ? '—' : formatPercent(m.efficiency * 100, lang, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="stat-note">{t('batteryHealth.efficiencyNote')}</p>
    </>
  );
}

/** A line of one value per plant-local day; the axis shows month and day. */
function DayChart(props: {
  days: readonly string[];
  values: readonly number[];
  name: string;
  unit: string;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <LineChart
      labels={props.days}
      ticks={props.days.map((d) => d.slice(5))}
      slotMinutes={1440}
      series={[{ key: props.id, name: props.name, values: props.values }]}
      unit={props.unit}
      decimals={props.unit === '%' ? 2 : 1}
      height={220}
      emptyText={t('batteryHealth.noData')}
      data-testid={`battery-health-chart-${props.id}`}
    />
  );
}

/**
 * The battery-health tab of a battery's detail (issue 42): state of health and its fall rate against the alarm's,
 * equivalent full cycles and the BMS's count, the daily health and cell-spread trends and round-trip efficiency per
 * month, over a chosen number of the plant's calendar months.
 */
export function BatteryHealthTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [months, setMonths] = useState<number>(12);
  const health = useBatteryHealth(deviceId, months);
  const h = health.data;
  return (
    <div data-testid="battery-health">
      <Flex gap={12} wrap align="center" className="battery-health-period">
        <span>{t('batteryHealth.period')}</span>
        <Segmented<number>
          value={months}
          onChange={setMonths}
          options={BATTERY_HEALTH_MONTHS.map((n) => ({ value: n, label: t('batteryHealth.months', { count: n }) }))}
          data-testid="battery-health-months"
        />
      </Flex>
      {health.isError ? (
        <Alert type="error" showIcon message={t('batteryHealth.failed')} data-testid="battery-health-failed" />
      ) : !h ? (
        <Spin />
      ) : !hasData(h) ? (
        <Empty description={t('batteryHealth.noData')} data-testid="battery-health-empty" />
      ) : (
        <>
          <HealthFigures health={h} />
          <StatSection title={t('batteryHealth.sohTrend')}>
            <DayChart
              id="soh"
              days={h.sohTrend.map((p) => p.day)}
              values={h.sohTrend.map((p) => p.sohPct)}
              name={t('batteryHealth.sohName')}
              unit="%"
            />
          </StatSection>
          <StatSection title={t('batteryHealth.efficiency')}>
            <EfficiencyTable rows={h.efficiencyByMonth} />
          </StatSection>
          <StatSection title={t('batteryHealth.spreadTrend')}>
            <DayChart
              id="spread"
              days={h.cellSpreadTrend.map((p) => p.day)}
              values={h.cellSpreadTrend.map((p) => p.spreadMv)}
              name={t('batteryHealth.spreadName')}
              unit="mV"
            />
          </StatSection>
        </>
      )}
    </div>
  );
}
