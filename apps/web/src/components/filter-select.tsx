import { Select } from 'antd';

export interface FilterOption<T extends string | number> {
  value: T;
  label: string;
}

interface Props<T extends string | number> {
  /** The control's id (its label's htmlFor) and, unless `testId` says otherwise, its test id. */
  id: string;
  testId?: string;
  value: T | undefined;
  options: readonly FilterOption<T>[];
  /** The first option, standing for "no filter" ("All", "All users"). */
  allLabel: string;
  onChange: (value: T | undefined) => void;
  /** Width on a wide screen; on a phone the field takes the sheet's width (filter-bar CSS). */
  width?: number;
  /** Typing narrows a long list (plants, users). */
  searchable?: boolean;
}

const ALL = '';

/**
 * One filter's values with "all" first: Ant Design's Select, so every filter looks alike and reads in the UI's
 * language (native selects drew the browser's own list).
 */
export function FilterSelect<T extends string | number>({
  id,
  testId,
  value,
  options,
  allLabel,
  onChange,
  width = 160,
  searchable = false,
}: Props<T>) {
  return (
    <Select<T | typeof ALL>
      id={id}
      data-testid={testId ?? id}
      className="filter-select"
      style={{ width }}
      popupMatchSelectWidth={false}
      value={value ?? ALL}
      showSearch={searchable ? { optionFilterProp: 'label' } : false}
      options={[{ value: ALL, label: allLabel }, ...options]}
      onChange={(next) => onChange(next === ALL ? undefined : next)}
    />
  );
}
