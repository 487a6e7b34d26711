import { useTranslation } from 'react-i18next';
import type { Command } from '@voltfleet/domain';
import { StatusTag } from '@/components/status-tag';
import { STATUS_TONES } from './command-labels';

/** The command's status, with the device's reason when it failed (device text, shown as text). */
export function CommandStatus({ command }: { command: Pick<Command, 'status' | 'reason'> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="command-status" data-status={command.status}>
      <StatusTag tone={STATUS_TONES[command.status]}>{t(`commands.status.${command.status}`)}</StatusTag>
      {command.reason ? <span className="command-reason"> {command.reason}</span> : null}
    </span>
  );
}
