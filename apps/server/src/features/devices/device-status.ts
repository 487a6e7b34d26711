/** SQL of a device's running status: offline when silent longer than the threshold, alarm while a fault bit is set. */
export function runningStatusSql(d: string, thresholdParam: number): string {
  return `CASE WHEN ${d}.last_seen_at IS NULL OR ${d}.last_seen_at < now() - make_interval(secs => $${thresholdParam}) THEN 'offline'
               WHEN ${d}.fault_word <> 0 THEN 'alarm' ELSE 'online' END`;
}

/** Plant status from its devices: offline when none is online, alarm when any online one is in alarm, else normal. */
export function plantStatusSql(p: string, thresholdParam: number): string {
  return `(SELECT CASE WHEN count(*) FILTER (WHERE ${runningStatusSql('pd', thresholdParam)} <> 'offline') = 0 THEN 'offline'
                       WHEN count(*) FILTER (WHERE ${runningStatusSql('pd', thresholdParam)} = 'alarm') > 0 THEN 'alarm'
                       ELSE 'normal' END
             FROM devices pd WHERE pd.plant_id = ${p}.id)`;
}
