import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useDayjsLocale } from '@/lib/dayjs-locale';

export { applyDayjsLocale } from '@/lib/dayjs-locale';

const DAY = 'YYYY-MM-DD';

/** What is picked: a day, a month (kept as its first day) or a year (kept as 1 January). */
export type DayPickerKind = 'date' | 'month' | 'year';

export interface DayPickerProps {
  /** Its label's htmlFor (a Form.Item gives it, with value and onChange); the test id unless `testId` is given. */
  id?: string;
  testId?: string;
  /** A calendar day, YYYY-MM-DD (as the URL and the API hold it); undefined when none is picked. */
  value?: string;
  onChange?: (day: string | undefined) => void;
  /** The earliest and latest day that may be picked (YYYY-MM-DD). */
  min?: string;
  max?: string;
  width?: number | string;
  allowClear?: boolean;
  picker?: DayPickerKind;
  /** The accessible name when no label names it. */
  ariaLabel?: string;
  className?: string;
  autoFocus?: boolean;
  defaultOpen?: boolean;
  /** What a Form.Item adds: its messages as the field's description, and whether the value was refused. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/**
 * Ant Design's DatePicker for one calendar day kept as YYYY-MM-DD, with month and day names (and the first day of
 * the week) in the UI language, like the app's other pickers. A month or a year is kept as its first day.
 */
export function DayPicker({
  id,
  testId,
  value,
  onChange,
  min,
  max,
  width = 180,
  allowClear = true,
  picker = 'date',
  ariaLabel,
  className = 'filter-day',
  autoFocus,
  defaultOpen,
  ...aria
}: DayPickerProps) {
  const locale = useDayjsLocale();
  return (
    <DatePicker
      // A new dayjs locale (language switch) needs a fresh picker for its month and day names.
      key={locale}
      id={id}
      data-testid={testId ?? id}
      aria-label={ariaLabel}
      {...aria}
      className={className}
      style={{ width }}
      picker={picker}
      allowClear={allowClear}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      value={value ? dayjs(value, DAY) : null}
      disabledDate={(day) =>
        (min !== undefined && day.format(DAY) < min) || (max !== undefined && day.format(DAY) > max)
      }
      onChange={(day) => onChange?.(day ? (picker === 'date' ? day : day.startOf(picker)).format(DAY) : undefined)}
    />
  );
}
