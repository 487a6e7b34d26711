import { formatNumber, formatPercent } from '@/lib/number-format';
import { useCan } from '@/lib/permissions';

/** A ratio (0.823) as a percentage in the UI language ("82.3%", "82,3 %"); a dash without one. */
export function formatRatio(ratio: number | null | undefined, lang: string): string {
  return ratio === null || ratio === undefined ? '—' : formatPercent(ratio * 100, lang, 1);
}

/** A figure to `decimals` decimals in the UI language; a dash without one. */
export function formatFigure(value: number | null | undefined, lang: string, decimals = 2): string {
  return value === null || value === undefined ? '—' : formatNumber(value, lang, decimals);
}

/** The plant's detail on its Performance tab (the plant list's detail page; features do not import each other). */
export const plantPerformancePath = (plantId: number) => `/plantCenter/plantList/${plantId}?tab=performance`;

/** An inverter's detail page (the device list's). */
export const deviceDetailPath = (deviceId: number) => `/deviceCenter/deviceList/${deviceId}`;

/** The alarm search with a plant's active alarms of the performance group. */
export const performanceAlarmsPath = (plantId: number) =>
  `/alarmCenter/alarmSearch?plantId=${plantId}&state=active&group=performance`;

/**
 * Whether the user may open the alarm search (its module and its page). As components/alarm-badge's, without that
 * module: its badge brings the alarm labels' texts, which these pages do not show.
 */
export function useCanSearchAlarms(): boolean {
  const module = useCan('C');
  const page = useCan('C/A');
  return module && page;
}
