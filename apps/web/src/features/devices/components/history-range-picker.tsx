import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_RANGES, type HistoryRange } from '@voltfleet/domain/telemetry';

export interface HistoryRangeValue {
  range: HistoryRange;
  /** Plant-local days YYYY-MM-DD of the custom range. */
  start?: string;
  end?: string;
}

interface Props {
  value: HistoryRangeValue;
  onChange: (next: HistoryRangeValue) => void;
}

/** Today, last 3 days, last 7 days, month, or a date range (native date inputs: no date library on this page). */
export function HistoryRangePicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="history-range" data-testid="history-range">
      <Segmented<HistoryRange>
        value={value.range}
        options={HISTORY_RANGES.map((range) => ({ value: range, label: t(`deviceDetail.history.ranges.${range}`) }))}
        onChange={(range) => onChange({ ...value, range })}
      />
      {value.range === 'custom' && (
        <>
          <input
            type="date"
            className="chart-date"
            aria-label={t('deviceDetail.history.start')}
            data-testid="history-start"
            value={value.start ?? ''}
            onChange={(e) => onChange({ ...value, start: e.target.value || undefined })}
          />
          <span aria-hidden>–</span>
          <input
            type="date"
            className="chart-date"
            aria-label={t('deviceDetail.history.end')}
            data-testid="history-end"
            value={value.end ?? ''}
            onChange={(e) => onChange({ ...value, end: e.target.value || undefined })}
          />
        </>
      )}
    </div>
  );
}
