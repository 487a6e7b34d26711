import type { MessageKey } from '../i18n/catalogue.js';
import type { AlarmState } from './alarm-api.js';
import type { AlarmGroup, AlarmSeverity } from './alarm-types.js';

/** Severities as pages and exports name them (catalogue keys, decision 0031). */
export const ALARM_SEVERITY_LABELS = {
  critical: 'alarmLabel.severity.critical',
  major: 'alarmLabel.severity.major',
  minor: 'alarmLabel.severity.minor',
  warning: 'alarmLabel.severity.warning',
} as const satisfies { readonly [S in AlarmSeverity]: MessageKey };

/** Alarm states as pages and exports name them. */
export const ALARM_STATE_LABELS = {
  active: 'alarmLabel.state.active',
  recovered: 'alarmLabel.state.recovered',
} as const satisfies { readonly [S in AlarmState]: MessageKey };

/** Alarm groups (R8.7) as pages and exports name them. */
export const ALARM_GROUP_LABELS = {
  grid: 'alarmLabel.group.grid',
  ac: 'alarmLabel.group.ac',
  pv: 'alarmLabel.group.pv',
  bus: 'alarmLabel.group.bus',
  battery: 'alarmLabel.group.battery',
  wiring: 'alarmLabel.group.wiring',
  insulation: 'alarmLabel.group.insulation',
  hardware: 'alarmLabel.group.hardware',
  communication: 'alarmLabel.group.communication',
  performance: 'alarmLabel.group.performance',
  other: 'alarmLabel.group.other',
} as const satisfies { readonly [G in AlarmGroup]: MessageKey };

/** "Yes"/"no" cells of the export (flapping). */
export const ALARM_YES_NO = {
  yes: 'alarmLabel.yes',
  no: 'alarmLabel.no',
} as const satisfies { readonly yes: MessageKey; readonly no: MessageKey };

/**
 * Columns of the alarm export with their headers, in sheet order. Times are plant-local wall-clock times, each with
 * its UTC offset ("2026-03-03 23:30:00 +01:00"): one export can hold plants of several zones, and even one plant's
 * offset changes with daylight-saving time, so no single offset in the header could be right for every row.
 */
export const ALARM_EXPORT_COLUMNS = [
  { key: 'raisedAt', label: 'alarmExport.column.raisedAt' },
  { key: 'recoveredAt', label: 'alarmExport.column.recoveredAt' },
  { key: 'lastSeenAt', label: 'alarmExport.column.lastSeenAt' },
  { key: 'timeZone', label: 'alarmExport.column.timeZone' },
  { key: 'severity', label: 'alarmExport.column.severity' },
  { key: 'state', label: 'alarmExport.column.state' },
  { key: 'group', label: 'alarmExport.column.group' },
  { key: 'name', label: 'alarmExport.column.name' },
  { key: 'code', label: 'alarmExport.column.code' },
  { key: 'deviceCode', label: 'alarmExport.column.deviceCode' },
  { key: 'sn', label: 'alarmExport.column.sn' },
  { key: 'plant', label: 'alarmExport.column.plant' },
  { key: 'flapping', label: 'alarmExport.column.flapping' },
  { key: 'acknowledgedAt', label: 'alarmExport.column.acknowledgedAt' },
  { key: 'acknowledgedBy', label: 'alarmExport.column.acknowledgedBy' },
  { key: 'ackNote', label: 'alarmExport.column.ackNote' },
] as const satisfies readonly { key: string; label: MessageKey }[];
export type AlarmExportColumn = (typeof ALARM_EXPORT_COLUMNS)[number]['key'];

/** Sheet name of the export in each language. */
export const ALARM_EXPORT_SHEET: MessageKey = 'alarmExport.sheet';
