import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Command } from '@voltfleet/domain/commands';
import { StatusTag } from '@/components/status-tag';
import { batchProgress } from '../utils/batch-progress';
import { STATUS_TONES, statusLabel } from './command-labels';

/**
 * Where the latest batch stands while its devices answer: how many of its commands have finished, and how many are
 * in each status of the command lifecycle. Each device's own status and reason are in the issued-commands table.
 */
export function BatchProgress({ commands }: { commands: readonly Command[] }) {
  const { t } = useTranslation();
  const progress = batchProgress(commands);
  if (progress.total === 0) return null;
  return (
    <div
      className="command-batch-progress"
      data-testid="command-batch-summary"
      data-total={progress.total}
      data-finished={progress.finished}
    >
      <span data-testid="command-batch-finished">
        {t('commandPicker.batchFinished', { finished: progress.finished, count: progress.total })}
      </span>
      <Progress
        percent={Math.round((progress.finished / progress.total) * 100)}
        size="small"
        style={{ maxWidth: 320, margin: 0 }}
      />
      <span className="command-batch-counts">
        {progress.counts.map(({ status, count }) => (
          <span key={status} data-testid={`command-batch-${status}`} data-count={count}>
            <StatusTag tone={STATUS_TONES[status]}>{`${statusLabel(status)}: ${count}`}</StatusTag>
          </span>
        ))}
      </span>
    </div>
  );
}
