import { severityRank, type AlarmGroup, type AlarmSeverity } from './alarm-types.js';

/**
 * Alarm NOTIFICATION rules (R3.10 "Alarm rule", page /alarmCenter/alarmRules, C/C): who is told about which alarms
 * of which plants, over which channels, and how often at most. Not to be confused with alarm-rules.ts, the engine's
 * debounce and hysteresis. Delivery (outbox, mail, SMS) reads these rules; this file is the contract the server
 * validates with and the page's form checks with, so both refuse the same values with the same words.
 */

/** Push (Web Push, VAPID) reaches the receiving users' browsers that subscribed in the personal centre. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Bounds of one rule: lists stay small enough to show in a form and to fan out per alarm. */
export const NOTIFICATION_RULE_LIMITS = {
  name: 64,
  plants: 500,
  codes: 200,
  users: 20,
  emails: 20,
  phones: 20,
} as const;
/** R9.16 names hourly and daily push limits without values; 1..1000 per rule is this platform's choice. */
/** Rules one account may own: each alarm is matched against the rules of its plant's owners, so they stay few. */
export const NOTIFICATION_RULES_PER_OWNER = 100;
export const NOTIFICATION_LIMIT_MIN = 1;
export const NOTIFICATION_LIMIT_MAX = 1000;

/** The rule's alarm filter: whether an alarm of this group, code and severity notifies (plants checked apart). */
export function notificationRuleMatches(
  rule: { groups: readonly AlarmGroup[]; codes: readonly string[]; minSeverity: AlarmSeverity },
  alarm: { group: AlarmGroup; code: string; severity: AlarmSeverity },
): boolean {
  if (severityRank(alarm.severity) > severityRank(rule.minSeverity)) return false;
  if (rule.groups.length === 0 && rule.codes.length === 0) return true;
  return rule.groups.includes(alarm.group) || rule.codes.includes(alarm.code);
}
