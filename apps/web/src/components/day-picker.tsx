import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useDayjsLocale } from '@/lib/dayjs-locale';

const DAY = 'YYYY-MM-DD';

interface Props {
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
}

/**
 * Ant Design's DatePicker for one calendar day kept as YYYY-MM-DD, with month and day names (and the first day of
 * the week) in the UI language, like the app's other pickers.
 */
export function DayPicker({ id, testId, value, onChange, min, max, width = 180, allowClear = true }: Props) {
  const locale = useDayjsLocale();
  return (
    <DatePicker
      // A new dayjs locale (language switch) needs a fresh picker for its month and day names.
      key={locale}
      id={id}
      data-testid={testId ?? id}
      className="filter-day"
      style={{ width }}
      allowClear={allowClear}
      value={value ? dayjs(value, DAY) : null}
      disabledDate={(day) =>
        (min !== undefined && day.format(DAY) < min) || (max !== undefined && day.format(DAY) > max)
      }
      onChange={(day) => onChange?.(day ? day.format(DAY) : undefined)}
    />
  );
}
