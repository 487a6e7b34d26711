/**
 * Alarm groups of R8.7, and `performance` (issue 42): what the platform finds from yields and battery health, which no
 * device reports as a fault. `other` holds only the "unknown code N" entries.
 */
export const ALARM_GROUPS = [
  'grid',
  'ac',
  'pv',
  'bus',
  'battery',
  'wiring',
  'insulation',
  'hardware',
  'communication',
  'performance',
  'other',
] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

/** Severities, most severe first; a plant is in alarm while it has an active alarm of `major` or above. */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** 0 for critical … 3 for warning; a plant is in alarm while it has an active alarm of rank 1 (major) or less. */
export function severityRank(severity: AlarmSeverity): number {
  return ALARM_SEVERITIES.indexOf(severity);
}

/** The highest rank (lowest severity) that still puts a device and its plant in alarm. */
export const ALARM_STATUS_MAX_RANK = 1;
