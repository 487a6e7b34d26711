// The schemas of active-alarms.ts, apart from its constants: a page that only reads those does not load zod.
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

/**
 * The active alarms of a set of plants, by severity: shown beside every count of plants by health (plant statistics,
 * the big screens), so that a plant counted as normal because its alarms are all minor or warnings is not silently
 * normal (issue 36). Counted like the plant list's badge: the active alarms of the devices installed in the plants.
 */
export const alarmTallySchema = z.object({
  total: z.number().int().min(0),
  bySeverity: z.object({
    critical: z.number().int().min(0),
    major: z.number().int().min(0),
    minor: z.number().int().min(0),
    warning: z.number().int().min(0),
  }) satisfies z.ZodType<Record<AlarmSeverity, number>>,
  /** Plants whose status is normal (no active alarm of major or above) that still have active alarms. */
  normalPlantsWithAlarms: z.number().int().min(0),
});

export type AlarmTally = z.infer<typeof alarmTallySchema>;
