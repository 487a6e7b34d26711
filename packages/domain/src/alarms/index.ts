// @voltfleet/domain/alarms: the alarm catalogue and OSIM codes, the rules, alarm rows and labels, active alarms, and
// alarm notifications.
export { ALARM_GROUPS, ALARM_SEVERITIES, ALARM_STATUS_MAX_RANK, severityRank } from './alarm-types.js';
export type { AlarmGroup, AlarmSeverity } from './alarm-types.js';
export type { AlarmEntry } from './alarm-entry.js';
export * from './catalogue.js';
export * from './catalogue-performance.js';
export * from './osim-alarm-types.js';
export * from './osim-system-codes.js';
export * from './osim-bms-codes.js';
export * from './osim-alarm-codes.js';
export * from './alarm-api.js';
export * from './alarm-api-schemas.js';
export * from './alarm-labels.js';
export * from './alarm-rules.js';
export * from './fault-set.js';
export * from './notification-rules.js';
export * from './notification-rules-schemas.js';
export * from './notice-texts.js';
export * from './notification-deliveries.js';
export * from './notification-deliveries-schemas.js';
export * from './push-subscriptions.js';
export * from './push-subscriptions-schemas.js';
export * from '../active-alarms.js';
export * from '../active-alarms-schemas.js';
