import { ALARM_STATUS_MAX_RANK } from '@voltfleet/domain/alarms';
import { type RunningStatus } from '@voltfleet/domain/devices';

/**
 * The one status rule (issue 13), as SQL fragments for every query that shows a status: the device list, detail and
 * export, the plant list and detail, the plant statistics and the status watcher. `thresholdParam` is the number of
 * the bind parameter holding DEVICE_OFFLINE_SECONDS.
 *
 * - Online: a device heard from itself within the threshold is online. An inverter is online only so. A battery or
 *   collector is not a link of its own (its data arrive through an inverter), so it is also online while the device
 *   in its `reports_via` is heard from (a battery's inverter); else, when devices report through it (a collector's
 *   inverters), while any of them is; else, without such links, while any inverter of its plant is.
 * - Device status: offline when not online; else alarm while it has an active alarm of severity_rank <=
 *   ALARM_STATUS_MAX_RANK (major or above); else online. A battery's or collector's own alarms count, not those of
 *   the inverter it reports through (a grid fault is the inverter's).
 * - Plant status: offline when none of its inverters is online (or it has none); else alarm while any of its devices
 *   has such an active alarm; else normal. Offline is decided first: a plant whose inverters are all silent carries
 *   their "no data" alarms (major) and would otherwise never read offline (docs/decisions/0012).
 *
 * Every lookup is a correlated EXISTS on an indexed column (devices' primary key, devices_plant_idx,
 * devices_reports_via_idx, the partial alarms_active_idx), so a list of thousands of devices stays one index probe or
 * two per row; the links are looked up only for a battery or collector not heard from itself.
 */

/** True when device `x` was heard from itself within the threshold (false when never). */
export const heardSql = (x: string, thresholdParam: number): string =>
  `(${x}.last_seen_at IS NOT NULL AND ${x}.last_seen_at >= now() - make_interval(secs => $${thresholdParam}))`;

/** True while any inverter of plant `plantIdSql` is heard from. */
const plantReportsSql = (plantIdSql: string, thresholdParam: number): string =>
  `EXISTS (SELECT 1 FROM devices si WHERE si.plant_id = ${plantIdSql} AND si.kind = 'inverter'
                                        AND ${heardSql('si', thresholdParam)})`;

/** SQL (boolean) of whether device `d` is online. */
export function deviceOnlineSql(d: string, thresholdParam: number): string {
  return `(${heardSql(d, thresholdParam)} OR (${d}.kind <> 'inverter' AND CASE
            WHEN ${d}.reports_via IS NOT NULL THEN
              EXISTS (SELECT 1 FROM devices sv WHERE sv.id = ${d}.reports_via AND ${heardSql('sv', thresholdParam)})
            WHEN EXISTS (SELECT 1 FROM devices sc WHERE sc.reports_via = ${d}.id) THEN
              EXISTS (SELECT 1 FROM devices sc WHERE sc.reports_via = ${d}.id AND ${heardSql('sc', thresholdParam)})
            ELSE ${d}.plant_id IS NOT NULL AND ${plantReportsSql(`${d}.plant_id`, thresholdParam)} END))`;
}

/** True while device `deviceIdSql` has an active alarm that puts it in alarm (major or above). */
const alarmingSql = (deviceIdSql: string): string =>
  `EXISTS (SELECT 1 FROM alarms sa WHERE sa.device_id = ${deviceIdSql} AND sa.state = 'active'
                                      AND sa.severity_rank <= ${ALARM_STATUS_MAX_RANK})`;

/** SQL of a device's running status ('online' | 'alarm' | 'offline'). */
export function runningStatusSql(d: string, thresholdParam: number): string {
  return `CASE WHEN NOT ${deviceOnlineSql(d, thresholdParam)} THEN 'offline'
               WHEN ${alarmingSql(`${d}.id`)} THEN 'alarm' ELSE 'online' END`;
}

/**
 * SQL (boolean) of "device `d` has running status `status`": the same rule as runningStatusSql, written as conditions
 * the planner can estimate (an equality on the CASE is guessed at 0.5 % of the rows, which turned the device list's
 * plant join into a nested loop over every plant).
 */
export function runningStatusIsSql(d: string, thresholdParam: number, status: RunningStatus): string {
  const online = deviceOnlineSql(d, thresholdParam);
  if (status === 'offline') return `NOT ${online}`;
  return `(${online} AND ${status === 'alarm' ? '' : 'NOT '}${alarmingSql(`${d}.id`)})`;
}

/** SQL of a plant's status ('normal' | 'alarm' | 'offline'), offline first. */
export function plantStatusSql(p: string, thresholdParam: number): string {
  return `CASE WHEN NOT ${plantReportsSql(`${p}.id`, thresholdParam)} THEN 'offline'
               WHEN EXISTS (SELECT 1 FROM devices sd WHERE sd.plant_id = ${p}.id AND ${alarmingSql('sd.id')}) THEN 'alarm'
               ELSE 'normal' END`;
}

/**
 * A lateral join giving device `d`'s active alarms as `<alias>.active_alarms` (count) and
 * `<alias>.active_alarm_rank` (the most severe one's severity_rank, null without any); every severity counts.
 */
export function deviceAlarmsJoinSql(d: string, alias: string): string {
  return `LEFT JOIN LATERAL (
      SELECT count(*)::int AS active_alarms, min(aa.severity_rank)::int AS active_alarm_rank
        FROM alarms aa WHERE aa.device_id = ${d}.id AND aa.state = 'active'
    ) ${alias} ON true`;
}

/** The same for plant `p`: the active alarms of the devices installed in it. */
export function plantAlarmsJoinSql(p: string, alias: string): string {
  return `LEFT JOIN LATERAL (
      SELECT count(*)::int AS active_alarms, min(aa.severity_rank)::int AS active_alarm_rank
        FROM devices ad JOIN alarms aa ON aa.device_id = ad.id AND aa.state = 'active'
       WHERE ad.plant_id = ${p}.id
    ) ${alias} ON true`;
}

/**
 * The active alarms of the devices installed in the plants of bind parameter `plantIdsParam` (int4[]): one row per
 * plant and severity_rank with its count `n`. What plantAlarmsJoinSql counts, by severity: plant statistics' and the
 * big screens' tally beside their plant counts.
 */
export function plantAlarmsBySeveritySql(plantIdsParam: number): string {
  return `SELECT ad.plant_id, aa.severity_rank, count(*)::int AS n
            FROM devices ad JOIN alarms aa ON aa.device_id = ad.id AND aa.state = 'active'
           WHERE ad.plant_id = ANY($${plantIdsParam}::int4[])
           GROUP BY ad.plant_id, aa.severity_rank`;
}
