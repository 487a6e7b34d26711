import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceListSort } from '@voltfleet/domain';

export interface SortState {
  sort: DeviceListSort;
  order: 'asc' | 'desc';
}

interface Props extends SortState {
  column: DeviceListSort;
  title: string;
  onSort: (next: SortState) => void;
}

/** A column heading that sorts the list by its column; clicked again it reverses the order. */
export function SortTitle({ column, title, sort, order, onSort }: Props) {
  const { t } = useTranslation();
  const active = sort === column;
  const icon = !active ? <SwapOutlined rotate={90} /> : order === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  return (
    <button
      type="button"
      className={active ? 'sort-title sort-title-active' : 'sort-title'}
      aria-label={t('devices.sortBy', { column: title })}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      data-testid={`device-sort-${column}`}
      onClick={() => onSort({ sort: column, order: active && order === 'asc' ? 'desc' : 'asc' })}
    >
      {title}
      {icon}
    </button>
  );
}
