import { useState } from 'react';
import { Alert, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_MAX_FIELDS, ROLLUP_HISTORY_FIELDS, planHistory } from '@voltfleet/domain/telemetry';
import { BarChart, LineChart } from '@/components/charts/xy-chart';
import { useDeviceHistory } from '../api/get-device-history';
import { historyCharts, historySeriesName } from './history-chart-data';
import { HistoryFieldPicker } from './history-field-picker';
import { HistoryRangePicker, type HistoryRangeValue } from './history-range-picker';
import { message } from '@/lib/i18n';

const DEFAULT_FIELDS = ['pvPowerW', 'loadPowerW', 'gridPowerW', 'batPowerW'];

/**
 * The history curve: up to 8 parameters over a plant-local range, one chart per unit. The domain's request rules
 * run here too, so a refused choice (a ninth parameter, start after end) says why before anything is sent.
 */
export function DeviceHistoryTab({ deviceId, timeZone }: { deviceId: number; timeZone: string | null }) {
  const { t } = useTranslation();
  const zone = timeZone ?? 'UTC';
  const [nowMs] = useState(() => Date.now());
  const [picked, setPicked] = useState<string[]>(DEFAULT_FIELDS);
  const [range, setRange] = useState<HistoryRangeValue>({ range: 'today' });
  const [tooMany, setTooMany] = useState(false);

  const probe = planHistory({ fields: 'pvPowerW', ...range }, nowMs, zone);
  const rollupsOnly = probe.ok && probe.plan.rollups;
  const fields = rollupsOnly ? picked.filter((f) => f in ROLLUP_HISTORY_FIELDS) : picked;
  const plan = planHistory({ fields: fields.join(','), ...range }, nowMs, zone);
  const history = useDeviceHistory(deviceId, { fields, ...range }, plan.ok);
  const charts = history.data ? historyCharts(history.data, (key, step) => historySeriesName(key, step, message)) : [];
  const empty = history.data?.series.every((s) => s.points.length === 0) ?? false;

  const refusal = tooMany
    ? message('history.tooManyFields', { max: HISTORY_MAX_FIELDS })
    : plan.ok
      ? null
      : message(plan.key, plan.params);

  return (
    <div data-testid="device-history">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <HistoryFieldPicker
          value={fields}
          rollupsOnly={rollupsOnly}
          onTooMany={() => setTooMany(true)}
          onChange={(next) => {
            setTooMany(false);
            setPicked(next);
          }}
        />
        <HistoryRangePicker
          value={range}
          onChange={(next) => {
            setTooMany(false);
            setRange(next);
          }}
        />
      </Flex>
      {refusal && (
        <Alert type="warning" showIcon message={refusal} data-testid="history-message" style={{ marginBottom: 12 }} />
      )}
      <p className="device-history-note">
        {t('deviceDetail.history.timesIn', { zone })}
        {rollupsOnly && ` · ${t('deviceDetail.history.longRange')}`}
      </p>
      <Spin spinning={history.isFetching}>
        {empty ? (
          <Empty description={message('history.noData')} data-testid="history-empty" />
        ) : (
          charts.map((chart) => {
            const Chart = history.data?.series.find((s) => s.unit === chart.unit)?.step === '1d' ? BarChart : LineChart;
            return (
              <Chart
                key={chart.unit}
                data-testid={`history-chart-${chart.unit || 'none'}`}
                labels={chart.labels}
                ticks={chart.ticks}
                slotMinutes={chart.slotMinutes}
                series={chart.series}
                unit={chart.unit === 'currency' ? '' : chart.unit}
                emptyText={message('history.noData')}
              />
            );
          })
        )}
      </Spin>
    </div>
  );
}
