import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_COMMANDS, REMOTE_COMMANDS, type RemoteCommand } from '@voltfleet/domain/commands';
import { notifySuccess } from '@/lib/success';
import { useIssuedCommands } from '../api/use-issued-commands';
import { useIssueCommand, type IssueInput } from '../api/issue-command';
import { kindLabel } from './command-labels';
import { CommandTable } from './command-table';
import { PasswordDialog } from './password-dialog';

/**
 * The common commands of one device (power on/off, restart, clock sync) through the commands API: each asks for
 * confirmation, power off for the user's password as on the command issue page; the outcome follows live.
 */
export function QuickCommands({ deviceId, sn }: { deviceId: number; sn: string }) {
  const { t } = useTranslation();
  const issue = useIssueCommand();
  const { issued, add } = useIssuedCommands();
  const [pending, setPending] = useState<IssueInput | null>(null);

  const send = (input: IssueInput) =>
    issue.mutate(input, {
      onSuccess: ({ commands }) => {
        notifySuccess('success.issued');
        add(commands);
      },
    });

  const start = (kind: RemoteCommand) => {
    // A fresh key per attempt: a double click on the confirmation sends once.
    const input: IssueInput = { kind, deviceIds: [deviceId], idempotencyKey: crypto.randomUUID() };
    if (PASSWORD_COMMANDS.includes(kind)) setPending(input);
    else
      Modal.confirm({
        title: t('onlineDebug.confirmCommand', { command: kindLabel(kind), sn }),
        okButtonProps: { 'data-testid': 'debug-command-confirm' },
        onOk: () => send(input),
      });
  };

  return (
    <div className="online-debug-commands">
      <div className="filter-bar">
        {REMOTE_COMMANDS.map((kind) => (
          <Button
            key={kind}
            data-testid={`debug-command-${kind}`}
            danger={PASSWORD_COMMANDS.includes(kind)}
            loading={issue.isPending && issue.variables.kind === kind}
            onClick={() => start(kind)}
          >
            {kindLabel(kind)}
          </Button>
        ))}
      </div>
      <h3>{t('commands.issued')}</h3>
      <CommandTable commands={issued} testId="debug-issued-commands" />
      <PasswordDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={(password) => {
          if (pending) send({ ...pending, password });
          setPending(null);
        }}
      />
    </div>
  );
}
