import { useTranslation } from 'react-i18next';
import type { Command } from '@voltfleet/domain/commands';
import { PhoneCards } from '@/components/phone-cards';
import { commandParametersText } from '@/lib/command-text';
import { formatDateTime } from '@/lib/format';
import { currentLang } from '@/lib/i18n';
import type { PagerConfig } from '@/lib/paging';
import { CommandStatus } from './command-status';
import { kindLabel } from './command-labels';

interface Props {
  commands: readonly Command[];
  loading?: boolean;
  pagination?: PagerConfig;
  testId: string;
}

/** Commands on a phone: a card each, its type and status first, then device, parameters and times. */
export function CommandCards({ commands, loading = false, pagination, testId }: Props) {
  const { t } = useTranslation();
  return (
    <PhoneCards
      data-testid={testId}
      cardTestId={(id) => {
        const c = commands.find((command) => command.id === id);
        return c ? `command-row-${c.deviceSn}-${c.kind}` : '';
      }}
      loading={loading}
      pagination={pagination}
      cards={commands.map((c) => ({
        key: c.id,
        title: kindLabel(c.kind),
        extra: <CommandStatus command={c} />,
        fields: [
          { key: 'object', label: t('commands.columns.object'), value: c.deviceSn },
          {
            key: 'parameters',
            label: t('commands.columns.parameters'),
            value: commandParametersText(c, currentLang(), c.plantTimeZone),
          },
          { key: 'user', label: t('commands.columns.user'), value: c.username },
          { key: 'created', label: t('commands.columns.created'), value: formatDateTime(c.createdAt) },
          { key: 'finished', label: t('commands.columns.finished'), value: formatDateTime(c.finishedAt) },
        ],
      }))}
    />
  );
}
