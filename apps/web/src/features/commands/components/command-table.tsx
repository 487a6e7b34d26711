import { useTranslation } from 'react-i18next';
import { RECORD_FILTER_WORDS } from '@voltfleet/domain/records';
import { type Command } from '@voltfleet/domain/commands';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { commandParametersText } from '@/lib/command-text';
import { formatDateTime } from '@/lib/format';
import { currentLang, message } from '@/lib/i18n';
import type { PagerConfig } from '@/lib/paging';
import { usePhone } from '@/lib/use-phone';
import { CommandCards } from './command-cards';
import { CommandStatus } from './command-status';
import { categoryLabel, kindLabel } from './command-labels';

interface Props {
  commands: readonly Command[];
  loading?: boolean;
  pagination?: PagerConfig;
  testId: string;
}

/**
 * The columns of a command: type, downstream parameters, sender (and, in the records, the address they sent from),
 * device, category, status and times.
 */
function useCommandColumns(withIp = false): Column<Command>[] {
  const { t } = useTranslation();
  // Commands sent before addresses were kept have none: shown as not recorded, never guessed.
  const ip: Column<Command>[] = withIp
    ? [{ title: message(RECORD_FILTER_WORDS.ip), dataIndex: 'ip', render: (a: string | null) => a ?? '—' }]
    : [];
  return [
    { title: t('commands.columns.type'), dataIndex: 'kind', render: kindLabel, fixed: 'left' },
    {
      title: t('commands.columns.parameters'),
      key: 'parameters',
      render: (_, c: Command) => commandParametersText(c, currentLang(), c.plantTimeZone),
    },
    { title: t('commands.columns.user'), dataIndex: 'username' },
    ...ip,
    { title: t('commands.columns.object'), dataIndex: 'deviceSn' },
    {
      title: t('commands.columns.category'),
      dataIndex: 'category',
      render: categoryLabel,
    },
    { title: t('commands.columns.status'), key: 'status', render: (_, c: Command) => <CommandStatus command={c} /> },
    { title: t('commands.columns.created'), dataIndex: 'createdAt', render: formatDateTime, width: 170 },
    { title: t('commands.columns.finished'), dataIndex: 'finishedAt', render: formatDateTime, width: 170 },
  ];
}

/** Commands just issued (command issue, online debug): every column; cards on a phone. */
export function CommandTable({ commands, loading = false, pagination, testId }: Props) {
  const columns = useCommandColumns();
  const phone = usePhone();
  if (phone) return <CommandCards commands={commands} loading={loading} pagination={pagination} testId={testId} />;
  return (
    <DataTable<Command>
      rowKey="id"
      data-testid={testId}
      columns={columns}
      dataSource={commands}
      loading={loading}
      rowTestId={(c) => `command-row-${c.deviceSn}-${c.kind}`}
      {...(pagination ? { pagination } : {})}
    />
  );
}

/** The control records: the commands with the columns the user chose, in a box that fits the window. */
export function ControlRecordTable({ commands, loading = false, pagination, testId }: Props) {
  const choice = useColumnChoice('controlRecords', useCommandColumns(true));
  return (
    <DataTable<Command>
      rowKey="id"
      className="data-table-fit"
      data-testid={testId}
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? commands : []}
      loading={loading || !choice.ready}
      rowTestId={(c) => `command-row-${c.deviceSn}-${c.kind}`}
      {...(pagination ? { pagination } : {})}
    />
  );
}
