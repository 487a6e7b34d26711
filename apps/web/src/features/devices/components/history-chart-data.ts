import {
  HISTORY_STEP_MS,
  fieldByKey,
  type DeviceHistory,
  type FieldUnit,
  type HistoryStep,
} from '@voltfleet/domain/telemetry';
import { energyPerSlotName, energyQuantityOf } from '@voltfleet/domain/reports';
import type { MessageKey, Translate } from '@voltfleet/domain/i18n';

/**
 * A series' name: a day's energy counter read per day is that day's sum, named by what it sums ("PV energy per day",
 * issue 36.9) as reports and the energy export name it; within a day it is the counter itself ("PV energy today").
 */
export function historySeriesName(key: string, step: HistoryStep, t: Translate): string {
  const quantity = step === '1d' ? energyQuantityOf(key) : undefined;
  return quantity ? energyPerSlotName(quantity, '1d', t) : labelOr(fieldByKey(key)?.label, t, key);
}
import { formatAxisLabel } from '@/lib/format';

export interface HistoryChartData {
  unit: FieldUnit;
  /** One label per slot, plant-local: 'HH:mm' within one day, 'MM-DD HH:mm' over several, 'MM-DD' per day. */
  labels: string[];
  /** The axis text of each slot: over several days a day's first slot shows its date 'MM-DD', the others 'HH:mm'. */
  ticks: string[];
  /** Length of a slot, so that ticks fall on whole hours and days. */
  slotMinutes: number;
  series: { key: string; name: string; values: (number | null)[] }[];
}

function label(ms: number, timeZone: string, step: HistoryStep, oneDay: boolean): string {
  return formatAxisLabel(ms, timeZone, step === '1d' ? 'day' : oneDay ? 'time' : 'dayTime');
}

/** The short axis text of a slot: its date at the start of a day (or for a day's slot), else its time. */
function tick(ms: number, timeZone: string, step: HistoryStep): string {
  const time = formatAxisLabel(ms, timeZone, 'time');
  return step === '1d' || time === '00:00' ? formatAxisLabel(ms, timeZone, 'day') : time;
}

/**
 * The history as charts, one per unit (a voltage and a power cannot share an axis): slots of the coarsest step of
 * the unit's series from the window's start to its end, each point in the slot its time falls in.
 */
export function historyCharts(
  history: DeviceHistory,
  nameOf: (key: string, step: HistoryStep) => string,
): HistoryChartData[] {
  const fromMs = Date.parse(history.from);
  const toMs = Date.parse(history.to);
  const oneDay = toMs - fromMs <= HISTORY_STEP_MS['1d'] + HISTORY_STEP_MS['1h'];
  const units = [...new Set(history.series.map((s) => s.unit))];
  return units.map((unit) => {
    const series = history.series.filter((s) => s.unit === unit);
    const step = series.map((s) => s.step).reduce((a, b) => (HISTORY_STEP_MS[b] > HISTORY_STEP_MS[a] ? b : a));
    const stepMs = HISTORY_STEP_MS[step];
    const count = Math.max(1, Math.round((toMs - fromMs) / stepMs));
    const starts = Array.from({ length: count }, (_, i) => fromMs + i * stepMs);
    const labels = starts.map((ms) => label(ms, history.timeZone, step, oneDay));
    return {
      unit,
      labels,
      // Within one day every slot is a time of it: the date would only repeat the picked day.
      ticks: oneDay ? labels : starts.map((ms) => tick(ms, history.timeZone, step)),
      slotMinutes: stepMs / 60_000,
      series: series.map((s) => {
        const values: (number | null)[] = new Array<number | null>(count).fill(null);
        for (const [t, v] of s.points) {
          // Days are not all 24 h long (DST): the nearest slot start is the day's.
          const slot = Math.floor((t - fromMs + stepMs / 2) / stepMs);
          if (slot >= 0 && slot < count) values[slot] = v;
        }
        return { key: s.key, name: nameOf(s.key, s.step), values };
      }),
    };
  });
}

const labelOr = (key: MessageKey | undefined, t: Translate, fallback: string) => (key ? t(key) : fallback);
