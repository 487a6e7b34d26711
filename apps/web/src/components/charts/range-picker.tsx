import { DayField } from '@/components/day-field';
import './charts.css';

export type ChartRange = 'day' | 'month' | 'year' | 'total';

export interface RangeValue {
  range: ChartRange;
  /** 'YYYY-MM-DD' inside the shown day, month or year. */
  date: string;
}

interface Props<R extends ChartRange> {
  ranges: readonly R[];
  labels: Record<R, string>;
  value: RangeValue & { range: R };
  onChange: (next: RangeValue & { range: R }) => void;
  /** Accessible name of the date field. */
  dateLabel: string;
  'data-testid'?: string;
}

/** The widths of the date field: a day as 14.03.2026 or 2026-03-14, a month, a year (each with its icon). */
const WIDTH = { day: 140, month: 120, year: 100 } as const;

/**
 * The date field of a range: a day, a month or a year, in Ant Design's picker in the UI language. The picker loads
 * when the field is reached for (DayField): the statistics page, where the shell lands, shows the date without it.
 */
function DateField({ value, onChange, label }: { value: RangeValue; onChange: (date: string) => void; label: string }) {
  if (value.range === 'total') return null;
  return (
    <DayField
      testId="chart-date"
      className="chart-day"
      ariaLabel={label}
      picker={value.range === 'day' ? 'date' : value.range}
      width={WIDTH[value.range]}
      allowClear={false}
      // As the native fields allowed: a year from 2000 to 2100.
      min={value.range === 'year' ? '2000-01-01' : undefined}
      max={value.range === 'year' ? '2100-12-31' : undefined}
      value={value.date}
      onChange={(date) => date && onChange(date)}
    />
  );
}

/**
 * Picks a chart's range (day, month, year, total) and the day, month or year it shows. Plain buttons in Ant Design's
 * segmented look: the statistics page is the landing page, and antd's Segmented would add 4 KB to its first load.
 */
export function RangePicker<R extends ChartRange>({ ranges, labels, value, onChange, dateLabel, ...rest }: Props<R>) {
  return (
    <div className="chart-range" data-testid={rest['data-testid']}>
      <div className="chart-segmented" role="radiogroup">
        {ranges.map((range) => (
          <button
            key={range}
            type="button"
            role="radio"
            aria-checked={range === value.range}
            className={range === value.range ? 'chart-segment chart-segment-on' : 'chart-segment'}
            onClick={() => range !== value.range && onChange({ ...value, range })}
          >
            {labels[range]}
          </button>
        ))}
      </div>
      <DateField value={value} label={dateLabel} onChange={(date) => onChange({ ...value, date })} />
    </div>
  );
}
