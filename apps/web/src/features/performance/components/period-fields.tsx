import { useTranslation } from 'react-i18next';
import { PERFORMANCE_GRANULARITIES, type PerformanceGranularity } from '@voltfleet/domain/performance';
import { DayField } from '@/components/day-field';
import '@/components/charts/charts.css';

export interface PerformanceSpan {
  granularity: PerformanceGranularity;
  from: string;
  to: string;
}

const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;
const WIDTH = { day: 140, month: 120, year: 100 } as const;

/**
 * The tab's span: days, months or years (buttons in the charts' segmented look) and the first and last of them (Ant
 * Design's picker in the UI language, as the statistics charts' date). The fields hold what is picked; the tab makes
 * the span whole for its granularity.
 */
export function PeriodFields({
  value,
  onChange,
  granularities = PERFORMANCE_GRANULARITIES,
}: {
  value: PerformanceSpan;
  onChange: (next: PerformanceSpan) => void;
  granularities?: readonly PerformanceGranularity[];
}) {
  const { t } = useTranslation();
  const { granularity } = value;
  const field = (which: 'from' | 'to') => (
    <DayField
      key={`${which}-${granularity}`}
      testId={`performance-${which}`}
      className="chart-day"
      ariaLabel={t(`performance.${which}`)}
      picker={PICKERS[granularity]}
      width={WIDTH[granularity]}
      allowClear={false}
      min="2000-01-01"
      max="2100-12-31"
      value={value[which]}
      onChange={(day) => day && onChange({ ...value, [which]: day })}
    />
  );
  return (
    <div className="chart-range performance-span" data-testid="performance-span">
      {granularities.length > 1 && (
        <div className="chart-segmented" role="radiogroup" aria-label={t('performance.granularity.label')}>
          {granularities.map((g) => (
            <button
              key={g}
              type="button"
              role="radio"
              aria-checked={g === granularity}
              className={g === granularity ? 'chart-segment chart-segment-on' : 'chart-segment'}
              data-testid={`performance-granularity-${g}`}
              onClick={() => g !== granularity && onChange({ ...value, granularity: g })}
            >
              {t(`performance.granularity.${g}`)}
            </button>
          ))}
        </div>
      )}
      {field('from')}
      <span aria-hidden="true">–</span>
      {field('to')}
    </div>
  );
}
