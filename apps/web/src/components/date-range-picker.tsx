import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDayjsLocale } from '@/lib/dayjs-locale';

export { applyDayjsLocale } from '@/lib/dayjs-locale';

/** A range of whole days in the browser's zone: the first day's first instant and the last day's last, ISO (UTC). */
export type IsoRange = readonly [from: string, to: string];

export interface DateRangePickerProps {
  value?: IsoRange;
  onChange?: (value: IsoRange | undefined) => void;
  id?: string;
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

const toRange = (value: IsoRange | undefined): [Dayjs, Dayjs] | null =>
  value ? [dayjs(value[0]), dayjs(value[1])] : null;

/**
 * Ant Design's RangePicker with dayjs in the UI language; loaded by DateRangeField when first reached for (which
 * sets the dayjs locale before the first render, see applyDayjsLocale). Its value is kept as ISO instants, so the
 * filters that hold it (and the URL they are written to) never load dayjs.
 */
export default function DateRangePicker({ value, onChange, id, autoFocus, defaultOpen }: DateRangePickerProps) {
  const locale = useDayjsLocale();
  return (
    <DatePicker.RangePicker
      // A new dayjs locale (language switch) needs a fresh picker for its month and day names.
      key={locale}
      id={id}
      value={toRange(value)}
      onChange={(range) =>
        onChange?.(
          range?.[0] && range[1]
            ? [range[0].startOf('day').toISOString(), range[1].endOf('day').toISOString()]
            : undefined,
        )
      }
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      data-testid="records-range"
    />
  );
}
