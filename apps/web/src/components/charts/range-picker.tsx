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

/** The date field of a range: a day, a month or a year (native inputs: no date library on these pages). */
function DateField({ value, onChange, label }: { value: RangeValue; onChange: (date: string) => void; label: string }) {
  const common = { className: 'chart-date', 'aria-label': label, 'data-testid': 'chart-date', required: true };
  if (value.range === 'day')
    return (
      <input type="date" {...common} value={value.date} onChange={(e) => e.target.value && onChange(e.target.value)} />
    );
  if (value.range === 'month')
    return (
      <input
        type="month"
        {...common}
        value={value.date.slice(0, 7)}
        onChange={(e) => e.target.value && onChange(`${e.target.value}-01`)}
      />
    );
  if (value.range === 'year')
    return (
      <input
        type="number"
        {...common}
        min={2000}
        max={2100}
        value={value.date.slice(0, 4)}
        onChange={(e) => /^\d{4}$/.test(e.target.value) && onChange(`${e.target.value}-01-01`)}
      />
    );
  return null;
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
