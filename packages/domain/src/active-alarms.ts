import { ALARM_SEVERITIES, type AlarmSeverity } from './alarms/alarm-types.js';

/** The severity of a stored severity_rank (0 critical … 3 warning); null for none or an unknown rank. */
export function severityOfRank(rank: number | null | undefined): AlarmSeverity | null {
  return rank === null || rank === undefined ? null : (ALARM_SEVERITIES[rank] ?? null);
}
