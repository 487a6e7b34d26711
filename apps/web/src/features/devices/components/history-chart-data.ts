import { HISTORY_STEP_MS, type DeviceHistory, type FieldUnit, type HistoryStep } from '@voltfleet/domain';
import { formatAxisLabel } from '@/lib/format';

export interface HistoryChartData {
  unit: FieldUnit;
  /** One label per slot, plant-local: 'HH:mm' within one day, 'MM-DD HH:mm' over several, 'MM-DD' per day. */
  labels: string[];
  series: { key: string; name: string; values: (number | null)[] }[];
}

function label(ms: number, timeZone: string, step: HistoryStep, oneDay: boolean): string {
  return formatAxisLabel(ms, timeZone, step === '1d' ? 'day' : oneDay ? 'time' : 'dayTime');
}

/**
 * The history as charts, one per unit (a voltage and a power cannot share an axis): slots of the coarsest step of
 * the unit's series from the window's start to its end, each point in the slot its time falls in.
 */
export function historyCharts(history: DeviceHistory, nameOf: (key: string) => string): HistoryChartData[] {
  const fromMs = Date.parse(history.from);
  const toMs = Date.parse(history.to);
  const oneDay = toMs - fromMs <= HISTORY_STEP_MS['1d'] + HISTORY_STEP_MS['1h'];
  const units = [...new Set(history.series.map((s) => s.unit))];
  return units.map((unit) => {
    const series = history.series.filter((s) => s.unit === unit);
    const step = series.map((s) => s.step).reduce((a, b) => (HISTORY_STEP_MS[b] > HISTORY_STEP_MS[a] ? b : a));
    const stepMs = HISTORY_STEP_MS[step];
    const count = Math.max(1, Math.round((toMs - fromMs) / stepMs));
    const labels = Array.from({ length: count }, (_, i) => label(fromMs + i * stepMs, history.timeZone, step, oneDay));
    return {
      unit,
      labels,
      series: series.map((s) => {
        const values: (number | null)[] = new Array<number | null>(count).fill(null);
        for (const [t, v] of s.points) {
          // Days are not all 24 h long (DST): the nearest slot start is the day's.
          const slot = Math.floor((t - fromMs + stepMs / 2) / stepMs);
          if (slot >= 0 && slot < count) values[slot] = v;
        }
        return { key: s.key, name: nameOf(s.key), values };
      }),
    };
  });
}
