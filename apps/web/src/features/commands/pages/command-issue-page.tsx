import { useRef, useState, type ReactNode } from 'react';
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_COMMANDS, type CommandDevice } from '@voltfleet/domain/commands';
import { TARIFF_PERIODS, formatTariffPeriods, orderedPlan } from '@voltfleet/domain/tariffs';
import { type ValidationIssue } from '@voltfleet/domain/envelope';
import { PageHeader } from '@/components/page-header';
import '@/components/phone.css';
import { ApiError } from '@/lib/http';
import { message } from '@/lib/i18n';
import { notifySuccess } from '@/lib/success';
import { usePageName } from '@/lib/page-name';
import { usePhone } from '@/lib/use-phone';
import { useCan } from '@/lib/permissions';
import { useCommandLimits } from '../api/get-command-limits';
import { useIssueCommand, type IssueInput } from '../api/issue-command';
import { useIssuedCommands } from '../api/use-issued-commands';
import { BatchProgress } from '../components/batch-progress';
import { CommandTable } from '../components/command-table';
import { DevicePicker } from '../components/device-picker';
import { SelectionSummary } from '../components/selection-summary';
import { DOUBLE_CLICK_MS, attemptFor, type Attempt } from '../components/issue-attempt';
import { PasswordDialog } from '../components/password-dialog';
import { SettingForm, type Setting } from '../components/setting-form';
import type { PeriodRowComponent } from '../components/tariff-periods-fields';

interface Props {
  /** The period row of the plant tariff editor, for the tariff-periods setting (composed in app/). */
  PeriodRow: PeriodRowComponent;
  /** The firmware upgrade of one device (composed in app/ from the firmware feature). */
  renderUpgrade?: (deviceId: number) => ReactNode;
  /** The firmware catalogue, shown as a tab (composed in app/). */
  catalogue?: ReactNode;
}

const NO_ISSUES: readonly ValidationIssue[] = [];

/**
 * /deviceCenter/commandIssue: pick devices, choose a command or setting, confirm, watch the outcome live. With one
 * device selected (and B/E:firmware.upgrade) its firmware upgrade; with B/E:firmware.manage the catalogue tab.
 */
export default function CommandIssuePage({ PeriodRow, renderUpgrade, catalogue }: Props) {
  const { t } = useTranslation();
  const canUpgrade = useCan('B/E:firmware.upgrade');
  const canManageFirmware = useCan('B/E:firmware.manage');
  const canBatch = useCan('B/E:command.batch');
  const title = usePageName('commandIssue');
  const phone = usePhone();
  // The picker's texts load with the page (they are not part of the shell's).
  const [devices, setDevices] = useState<CommandDevice[]>([]);
  const { issued, add } = useIssuedCommands();
  // The commands of the latest request: its progress and summary are shown above the list of everything issued.
  const [batch, setBatch] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<IssueInput | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);
  const issue = useIssueCommand();
  const limits = useCommandLimits();
  const batchLimit = limits.data?.batchLimit;
  // The send in flight: a ref, so a second click in the same moment already sees it.
  const attempt = useRef<Attempt | null>(null);

  const send = (input: IssueInput) =>
    issue.mutate(input, {
      onSettled: () => {
        const answered = attempt.current;
        if (answered?.key !== input.idempotencyKey) return;
        // Kept a moment longer: the second click of a double click may be handled only now (DOUBLE_CLICK_MS).
        window.setTimeout(() => {
          if (attempt.current === answered) attempt.current = null;
        }, DOUBLE_CLICK_MS);
      },
      onSuccess: ({ commands }) => {
        notifySuccess('success.issued');
        add(commands);
        setBatch(new Set(commands.map((c) => c.id)));
      },
    });

  const start = (setting: Setting) => {
    // The same request again before its answer (a double click) keeps its key, so the server sends it once.
    const request = { ...setting, deviceIds: devices.map((d) => d.id) };
    attempt.current = attemptFor(attempt.current, request, () => crypto.randomUUID());
    const input: IssueInput = { ...request, idempotencyKey: attempt.current.key };
    // A large selection is confirmed as a step of the form, before anything is sent (the server insists on it too).
    if (batchLimit !== undefined && devices.length > batchLimit && input.confirm !== true) {
      Modal.confirm({
        title: message('command.confirmRequired', { limit: batchLimit }),
        onOk: () => proceed({ ...input, confirm: true }),
      });
      return;
    }
    proceed(input);
  };

  const proceed = (input: IssueInput) => {
    if (PASSWORD_COMMANDS.includes(input.kind)) {
      setPending(input);
      setNeedsPassword(true);
    } else if (input.kind === TARIFF_PERIODS && input.tariff) {
      // The plan is read back to the user before it goes to the inverters.
      Modal.confirm({
        title: t('tariffCommand.confirmTitle', { count: devices.length }),
        content: (
          <ul data-testid="tariff-confirm-periods">
            {orderedPlan(input.tariff.periods).map((p) => (
              <li key={p.start}>{formatTariffPeriods([p], message)}</li>
            ))}
          </ul>
        ),
        onOk: () => send(input),
      });
    } else send(input);
  };

  const single = devices.length === 1 ? devices[0] : undefined;
  // Without the batch permission the server refuses a selection above the limit: Issue says so before anyone tries.
  const refusedBatch = !canBatch && batchLimit !== undefined && devices.length > batchLimit;
  const commandsTab = (
    <>
      <div className="command-issue">
        <DevicePicker selected={devices} onChange={setDevices} />
        <SelectionSummary selected={devices} batchLimit={batchLimit} canBatch={canBatch} />
        <SettingForm
          disabled={devices.length === 0 || refusedBatch}
          busy={issue.isPending}
          devices={devices}
          serverIssues={issue.error instanceof ApiError ? issue.error.issues : NO_ISSUES}
          PeriodRow={PeriodRow}
          onSubmit={start}
        />
      </div>
      {canUpgrade && single && renderUpgrade ? (
        <section data-testid="firmware-upgrade-section">
          <h3>{t('commandIssuePage.upgradeTitle', { sn: single.sn })}</h3>
          <div key={single.id}>{renderUpgrade(single.id)}</div>
        </section>
      ) : null}
      <h3>{t('commands.issued')}</h3>
      <BatchProgress commands={issued.filter((c) => batch.has(c.id))} />
      <CommandTable commands={issued} testId="issued-commands" />
    </>
  );

  const content = (
    <>
      <PageHeader title={title} />
      {canManageFirmware && catalogue ? (
        <Tabs
          items={[
            { key: 'commands', label: t('commandIssuePage.commandsTab'), children: commandsTab },
            { key: 'firmware', label: t('commandIssuePage.catalogueTab'), children: catalogue },
          ]}
        />
      ) : (
        commandsTab
      )}
      <PasswordDialog
        open={needsPassword}
        onCancel={() => setNeedsPassword(false)}
        onConfirm={(password) => {
          setNeedsPassword(false);
          if (pending) send({ ...pending, password });
        }}
      />
    </>
  );
  // A phone: controls big enough for a finger.
  return phone ? <div className="phone-touch">{content}</div> : content;
}
