import type { Key, ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PagerConfig } from '@/lib/paging';
import { Pager } from './pager';

interface ColumnBase {
  title: ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Keeps the column in view while the table scrolls sideways (first or last column). */
  fixed?: 'left' | 'right';
}

/** A column showing one field of the row, as it is or through `render`. */
type FieldColumn<T, K extends keyof T> = ColumnBase & {
  dataIndex: K;
  key?: string;
  render?: (value: T[K], record: T) => ReactNode;
};

/** A column computed from the whole row. */
type ComputedColumn<T> = ColumnBase & {
  key: string;
  dataIndex?: never;
  render: (value: undefined, record: T) => ReactNode;
};

export type Column<T> = { [K in keyof T]-?: FieldColumn<T, K> }[keyof T] | ComputedColumn<T>;

interface Props<T> {
  rowKey: keyof T;
  columns: readonly Column<T>[];
  dataSource: readonly T[];
  loading?: boolean;
  pagination?: PagerConfig;
  'data-testid'?: string;
  /** A test id for each row, e.g. `device-row-${sn}`. */
  rowTestId?: (record: T) => string;
  /** What an empty list says (default: the table's "No data"). */
  emptyText?: ReactNode;
  /** A class for the table's wrapper, for a list's own layout (e.g. a bounded height that scrolls inside). */
  className?: string;
}

/** Any column, as the table reads it. */
type LooseColumn<T> = ColumnBase & {
  key?: string;
  dataIndex?: keyof T;
  render?: (value: unknown, record: T) => ReactNode;
};

function cell<T>(column: Column<T>, record: T): ReactNode {
  const { dataIndex, render } = column as LooseColumn<T>;
  const value = dataIndex === undefined ? undefined : record[dataIndex];
  if (render) return render(value, record);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

const columnKey = <T,>(column: Column<T>): string => column.key ?? String(column.dataIndex);

function cellProps<T>(column: Column<T>) {
  const className = column.fixed ? `data-table-fixed-${column.fixed}` : undefined;
  const style = { textAlign: column.align, width: column.width, minWidth: column.width };
  return { className, style };
}

/**
 * The lists' table: a plain HTML table in Ant Design's look, with a loading veil, an empty state, sideways scrolling
 * with fixed first/last columns, and the pager. Ant Design's Table brings filters, sorters, selection, tree data and
 * virtual scrolling (with Tree, Dropdown, Radio, Checkbox and Select) into every list page; the lists use none of it.
 */
export function DataTable<T>({
  rowKey,
  columns,
  dataSource,
  loading = false,
  pagination,
  rowTestId,
  emptyText,
  className,
  ...rest
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <div className={className ? `data-table ${className}` : 'data-table'} data-testid={rest['data-testid']}>
      <Spin spinning={loading}>
        <div className="data-table-scroll">
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={columnKey(column)} scope="col" {...cellProps(column)}>
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dataSource.map((record) => (
                <tr key={record[rowKey] as Key} data-testid={rowTestId?.(record)}>
                  {columns.map((column) => (
                    <td key={columnKey(column)} {...cellProps(column)}>
                      {cell(column, record)}
                    </td>
                  ))}
                </tr>
              ))}
              {dataSource.length === 0 && (
                <tr className="data-table-empty">
                  <td colSpan={columns.length}>
                    {!loading && <span className="data-table-empty-text">{emptyText ?? t('table.empty')}</span>}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Spin>
      {pagination && <Pager {...pagination} />}
    </div>
  );
}
