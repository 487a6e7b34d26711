import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDayjsLocale } from '@/lib/dayjs-locale';

export { applyDayjsLocale } from '@/lib/dayjs-locale';

export type DateRange = [Dayjs | null, Dayjs | null] | null;

export interface DateRangePickerProps {
  value?: DateRange;
  onChange?: (value: DateRange) => void;
  id?: string;
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/**
 * Ant Design's RangePicker with dayjs in the UI language; loaded by DateRangeField when first reached for (which
 * sets the dayjs locale before the first render, see applyDayjsLocale).
 */
export default function DateRangePicker({ value, onChange, id, autoFocus, defaultOpen }: DateRangePickerProps) {
  const locale = useDayjsLocale();
  return (
    <DatePicker.RangePicker
      // A new dayjs locale (language switch) needs a fresh picker for its month and day names.
      key={locale}
      id={id}
      value={value}
      onChange={(range) => onChange?.(range)}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      data-testid="records-range"
    />
  );
}
