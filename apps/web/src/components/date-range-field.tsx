import { Suspense } from 'react';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';
import { antdLocale, currentLang } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';
import type { DateRangePickerProps } from './date-range-picker';
import { usePickerReach } from './picker-reach';

// The picker, dayjs and its locale are the heaviest part of the records page and most visits never pick a date.
// The dayjs locale is set before the picker first renders, so it opens in the right language at once.
const loadPicker = () =>
  import('./date-range-picker').then(async (picker) => {
    await picker.applyDayjsLocale(currentLang());
    return picker;
  });
const DateRangePicker = lazyLoad<DateRangePickerProps>(loadPicker);

/**
 * A form control for a date range: a look-alike of the empty RangePicker until the pointer or focus reaches it
 * and the real one has loaded, then the real one (opened when clicked). Holds no value of its own: an empty range is what it starts with.
 */
export function DateRangeField({ value, onChange, id }: Pick<DateRangePickerProps, 'value' | 'onChange' | 'id'>) {
  const { i18n } = useTranslation();
  const { show, lookAlike: reachFor, picker } = usePickerReach(loadPicker, value ? 'ready' : 'none');
  const [from, to] = antdLocale(i18n.language as Lang)?.DatePicker?.lang.rangePlaceholder ?? ['', ''];

  const lookAlike = (
    <button type="button" id={id} className="range-look-alike" data-testid="records-range" {...reachFor}>
      <span className="range-look-alike-text">{from}</span>
      <SwapRightOutlined />
      <span className="range-look-alike-text">{to}</span>
      <CalendarOutlined />
    </button>
  );
  if (!show) return lookAlike;
  return (
    <Suspense fallback={lookAlike}>
      <DateRangePicker id={id} value={value} onChange={onChange} {...picker} />
    </Suspense>
  );
}
