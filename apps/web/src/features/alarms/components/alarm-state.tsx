import { Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import { StatusTag } from '@/components/status-tag';
import { useAlarmLabels } from './use-alarm-labels';

/** Active (red) or recovered (green), and a flapping mark with how often the fault came back. */
export function AlarmState({ alarm }: { alarm: Pick<AlarmRow, 'id' | 'state' | 'flapping' | 'flaps'> }) {
  const { t } = useTranslation();
  const labels = useAlarmLabels();
  return (
    <span data-testid={`alarm-state-${alarm.id}`} data-state={alarm.state}>
      <StatusTag tone={alarm.state === 'active' ? 'error' : 'success'}>{labels.state(alarm.state)}</StatusTag>
      {alarm.flapping && (
        <Tooltip title={t('alarms.flappingHint', { count: alarm.flaps })}>
          <span className="alarm-flapping" data-testid={`alarm-flapping-${alarm.id}`}>
            <SyncOutlined /> {t('alarms.flapping')}
          </span>
        </Tooltip>
      )}
    </span>
  );
}
