import { z } from 'zod';
import { ALARM_SEVERITIES, type AlarmSeverity } from './alarms/alarm-types.js';

/**
 * A device's or plant's active alarms as the device and plant lists show them (the alarm badge): how many are active,
 * of any severity, and the most severe of them (null when none is).
 */
export const activeAlarmsSchema = z.object({
  count: z.number().int().min(0),
  maxSeverity: z.enum(ALARM_SEVERITIES).nullable(),
});
export type ActiveAlarms = z.infer<typeof activeAlarmsSchema>;

/** The severity of a stored severity_rank (0 critical … 3 warning); null for none or an unknown rank. */
export function severityOfRank(rank: number | null | undefined): AlarmSeverity | null {
  return rank === null || rank === undefined ? null : (ALARM_SEVERITIES[rank] ?? null);
}
