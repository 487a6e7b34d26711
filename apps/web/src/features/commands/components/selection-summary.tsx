import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CommandDevice } from '@voltfleet/domain/commands';
import { message } from '@/lib/i18n';
import { summarise, type Share } from '../utils/selection';

interface Props {
  selected: readonly CommandDevice[];
  /** Above this many devices the form asks for a confirmation (and needs B/E:command.batch). */
  batchLimit: number | undefined;
  canBatch: boolean;
}

const list = (shares: readonly Share[]) => shares.map((s) => `${s.name} (${s.count})`).join(', ');

/** What Issue will go to: how many devices, of which plants and models, and what the batch limit means for it. */
export function SelectionSummary({ selected, batchLimit, canBatch }: Props) {
  const { t } = useTranslation();
  const summary = summarise(selected);
  if (summary.count === 0)
    return (
      <Typography.Paragraph type="secondary" data-testid="command-selection-summary" data-count={0}>
        {t('commandPicker.nothingSelected')}
      </Typography.Paragraph>
    );
  const plants = [
    list(summary.plants),
    summary.unassigned > 0 ? t('commandPicker.noPlant', { n: summary.unassigned }) : '',
  ].filter(Boolean);
  const overLimit = batchLimit !== undefined && summary.count > batchLimit;
  return (
    <div className="command-selection-summary" data-testid="command-selection-summary" data-count={summary.count}>
      <Typography.Text strong data-testid="command-selection-count">
        {t('commands.selected', { count: summary.count })}
      </Typography.Text>
      <dl>
        <dt>{t('commandPicker.plants')}</dt>
        <dd data-testid="command-selection-plants">{plants.join(', ')}</dd>
        <dt>{t('commandPicker.models')}</dt>
        <dd data-testid="command-selection-models">{list(summary.models)}</dd>
      </dl>
      {overLimit ? (
        <Alert
          type={canBatch ? 'info' : 'error'}
          showIcon
          data-testid="command-batch-limit"
          title={
            canBatch
              ? t('commandPicker.batchConfirm', { limit: batchLimit })
              : message('command.batchForbidden', { limit: batchLimit })
          }
        />
      ) : null}
    </div>
  );
}
