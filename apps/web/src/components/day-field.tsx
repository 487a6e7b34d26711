import { Suspense } from 'react';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';
import { antdLocale, currentLang } from '@/lib/i18n';
import { lazyNamed } from '@/lib/lazy-load';
import type { DayPickerKind, DayPickerProps } from './day-picker';
import { usePickerReach } from './picker-reach';

// Ant Design's DatePicker with dayjs and its locale is some 35 KB gzip: pages that show a day without most visits
// changing it (the statistics page, where the shell lands) load it when the user reaches for the field. The dayjs
// locale is set before the picker first renders, so it opens in the right language at once.
const loadPicker = () =>
  import('./day-picker').then(async (picker) => {
    await picker.applyDayjsLocale(currentLang());
    return picker;
  });
const DayPicker = lazyNamed(loadPicker, 'DayPicker');

type Props = Omit<DayPickerProps, 'autoFocus' | 'defaultOpen'> & { testId: string };

/** The antd picker's own field formats (rc-picker's defaults unless the language sets one: German DD.MM.YYYY). */
const FORMAT: Record<DayPickerKind, (lang: Lang) => string> = {
  date: (lang) => antdLocale(lang)?.DatePicker?.lang.fieldDateFormat ?? 'YYYY-MM-DD',
  month: () => 'YYYY-MM',
  year: () => 'YYYY',
};

/** A YYYY-MM-DD day written in a field format of the picker (its YYYY, MM and DD), without dayjs. */
export function formatDay(day: string, format: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return format.replace('YYYY', year).replace('MM', month).replace('DD', date);
}

/**
 * A day (or month, or year) field: a look-alike of the DayPicker showing the value as the picker would, until the
 * pointer or focus reaches it and the picker has loaded, then the real picker (opened when clicked). Value and change as DayPicker's.
 */
export function DayField({ picker = 'date', width = 180, ...props }: Props) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { show, lookAlike: reachFor, picker: reached } = usePickerReach(loadPicker);
  const words = antdLocale(lang)?.DatePicker?.lang;
  const placeholder = picker === 'date' ? words?.placeholder : words?.[`${picker}Placeholder`];

  const lookAlike = (
    <button
      type="button"
      id={props.id}
      className={`range-look-alike day-look-alike ${props.className ?? 'filter-day'}`}
      style={{ width }}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      {...reachFor}
    >
      <span className={props.value ? 'day-look-alike-value' : 'day-look-alike-placeholder'}>
        {props.value ? formatDay(props.value, FORMAT[picker](lang)) : placeholder}
      </span>
      <CalendarOutlined />
    </button>
  );
  if (!show) return lookAlike;
  return (
    <Suspense fallback={lookAlike}>
      <DayPicker picker={picker} width={width} {...props} {...reached} />
    </Suspense>
  );
}
