import { useTranslation } from 'react-i18next';
import {
  ALARM_GROUP_LABELS,
  ALARM_SEVERITY_LABELS,
  ALARM_STATE_LABELS,
  type AlarmGroup,
  type AlarmSeverity,
  type AlarmState,
} from '@voltfleet/domain/alarms';
import { type Lang } from '@voltfleet/domain/i18n';

/** Severity, state and group names in the UI language, from the domain's tables (the export names them alike). */
export function useAlarmLabels() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return {
    severity: (s: AlarmSeverity) => ALARM_SEVERITY_LABELS[s][lang],
    state: (s: AlarmState) => ALARM_STATE_LABELS[s][lang],
    group: (g: AlarmGroup) => ALARM_GROUP_LABELS[g][lang],
  };
}
