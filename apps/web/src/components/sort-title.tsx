import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import './sort-title.css';

export interface SortState<K extends string> {
  sort: K;
  order: 'asc' | 'desc';
}

interface Props<K extends string> extends SortState<K> {
  column: K;
  title: string;
  /** "Sort by …" in the user's language. */
  ariaLabel: string;
  testId: string;
  onSort: (next: SortState<K>) => void;
}

/** A column heading that sorts a list by its column; clicked again it reverses the order. */
export function SortTitle<K extends string>({ column, title, ariaLabel, testId, sort, order, onSort }: Props<K>) {
  const active = sort === column;
  const icon = !active ? <SwapOutlined rotate={90} /> : order === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  return (
    <button
      type="button"
      className={active ? 'sort-title sort-title-active' : 'sort-title'}
      aria-label={ariaLabel}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      data-testid={testId}
      onClick={() => onSort({ sort: column, order: active && order === 'asc' ? 'desc' : 'asc' })}
    >
      {title}
      {icon}
    </button>
  );
}
