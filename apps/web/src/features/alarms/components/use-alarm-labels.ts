import { useTranslation } from 'react-i18next';
import {
  ALARM_GROUP_LABELS,
  ALARM_SEVERITY_LABELS,
  ALARM_STATE_LABELS,
  type AlarmGroup,
  type AlarmSeverity,
  type AlarmState,
} from '@voltfleet/domain/alarms';
import { message } from '@/lib/i18n';

/** Severity, state and group names in the UI language, from the domain's tables (the export names them alike). */
export function useAlarmLabels() {
  useTranslation(); // re-renders on a language switch
  return {
    severity: (s: AlarmSeverity) => message(ALARM_SEVERITY_LABELS[s]),
    state: (s: AlarmState) => message(ALARM_STATE_LABELS[s]),
    group: (g: AlarmGroup) => message(ALARM_GROUP_LABELS[g]),
  };
}
