import type { MessageKey } from '../i18n/catalogue.js';

/** Alarm groups of R8.7; `other` holds only the "unknown code N" entries. */
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
  'other',
] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

/** Severities, most severe first; a plant is in alarm while it has an active alarm of `major` or above. */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/**
 * One alarm of the catalogue: what it is, why it happens and what to do. The texts are in the catalogue's
 * `alarmCatalogue` namespace (decision 0031), keyed by the code: `alarmText.<code>.name`, `.cause`, `.handling`.
 */
export interface AlarmEntry {
  /** Stable code `group.camelCaseName`; stored with every alarm, never renamed. */
  readonly code: string;
  readonly group: AlarmGroup;
  readonly severity: AlarmSeverity;
  readonly name: MessageKey;
  readonly cause: MessageKey;
  /** The alarm's own first steps followed by R8.8's typical handling, or check-first for faults a restart must not mask. */
  readonly handling: MessageKey;
  /** Values of the texts' placeholders: the device's code `n` of an "unknown code N" entry. */
  readonly params?: Readonly<Record<string, number>>;
}

/** Builds a catalogue entry; its texts' keys follow from the code (catalogue.test.ts checks each exists). */
export function alarm(code: string, group: AlarmGroup, severity: AlarmSeverity): AlarmEntry {
  const key = `alarmText.${code}`;
  return {
    code,
    group,
    severity,
    name: `${key}.name` as MessageKey,
    cause: `${key}.cause` as MessageKey,
    handling: `${key}.handling` as MessageKey,
  };
}

/** 0 for critical … 3 for warning; a plant is in alarm while it has an active alarm of rank 1 (major) or less. */
export function severityRank(severity: AlarmSeverity): number {
  return ALARM_SEVERITIES.indexOf(severity);
}

/** The highest rank (lowest severity) that still puts a device and its plant in alarm. */
export const ALARM_STATUS_MAX_RANK = 1;
