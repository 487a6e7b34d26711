import type { AlarmSeverity } from '@voltfleet/domain/alarms';
import './alarms.css';
import { useAlarmLabels } from './use-alarm-labels';

/** An alarm's severity as a coloured label: critical red, major orange, minor gold, warning blue. */
export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const labels = useAlarmLabels();
  return (
    <span className={`status-tag alarm-severity-${severity}`} data-severity={severity}>
      {labels.severity(severity)}
    </span>
  );
}
