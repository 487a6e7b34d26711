import type { AlarmRow } from '@voltfleet/domain/alarms';

/** Seconds from raised to recovered, or to `nowMs` while the alarm is active; null for unreadable times. */
export function alarmDurationSeconds(alarm: Pick<AlarmRow, 'raisedAt' | 'recoveredAt'>, nowMs: number): number | null {
  const raised = Date.parse(alarm.raisedAt);
  const end = alarm.recoveredAt === null ? nowMs : Date.parse(alarm.recoveredAt);
  return Number.isNaN(raised) || Number.isNaN(end) ? null : Math.max(0, (end - raised) / 1000);
}
