import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_RANGES, type HistoryRange } from '@voltfleet/domain/telemetry';
import { DayField } from '@/components/day-field';

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

/**
 * Today, last 3 days, last 7 days, month, or a date range: two day fields whose picker (Ant Design's, in the UI
 * language) loads when one is reached for. No limits on the days: the history's own rules say what is wrong.
 */
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
          <DayField
            testId="history-start"
            className="history-day"
            ariaLabel={t('deviceDetail.history.start')}
            width={150}
            value={value.start}
            onChange={(start) => onChange({ ...value, start })}
          />
          <span aria-hidden>–</span>
          <DayField
            testId="history-end"
            className="history-day"
            ariaLabel={t('deviceDetail.history.end')}
            width={150}
            value={value.end}
            onChange={(end) => onChange({ ...value, end })}
          />
        </>
      )}
    </div>
  );
}
