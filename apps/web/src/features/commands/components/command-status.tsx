import { useTranslation } from 'react-i18next';
import type { Command } from '@voltfleet/domain/commands';
import { StatusTag } from '@/components/status-tag';
import { STATUS_TONES, statusLabel } from './command-labels';
import { reasonText } from './command-reason';

/** The command's status, with the reason when it failed (known codes translated, device text shown as text). */
export function CommandStatus({ command }: { command: Pick<Command, 'status' | 'reason'> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="command-status" data-status={command.status}>
      <StatusTag tone={STATUS_TONES[command.status]}>{statusLabel(command.status)}</StatusTag>
      {command.reason ? <span className="command-reason"> {reasonText(command.reason, t)}</span> : null}
    </span>
  );
}
