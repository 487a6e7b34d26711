import { useTranslation } from 'react-i18next';
import type { RunningStatus } from '@voltfleet/domain';
import { StatusTag } from '@/components/status-tag';
import { LiveValue } from './live-value';

const TONE = { online: 'success', alarm: 'error', offline: 'default' } as const;

/** Running status as a coloured tag: online green, alarm red, offline grey. */
export function DeviceStatusTag({ status, sn }: { status: RunningStatus; sn: string }) {
  const { t } = useTranslation();
  return (
    <LiveValue value={status} testId={`device-status-${sn}`}>
      <StatusTag tone={TONE[status]}>{t(`devices.status.${status}`)}</StatusTag>
    </LiveValue>
  );
}
