import type { Key, ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PagerConfig } from '@/lib/paging';
import { cellOf, columnKey, type Column } from '@/lib/table-columns';
import { Pager } from './pager';

export { columnKey, type Column } from '@/lib/table-columns';
// The lists that let the user choose their columns get the choice with the table itself: one chunk rather than one more
// file that every list route names in the shell's preload table (bench/web-size).
export { useColumnChoice } from './use-column-choice';

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
  /** Controls above the table, at its right (the column chooser). */
  toolbar?: ReactNode;
}

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
  toolbar,
  ...rest
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <div className={className ? `data-table ${className}` : 'data-table'} data-testid={rest['data-testid']}>
      {toolbar && <div className="data-table-toolbar">{toolbar}</div>}
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
                      {cellOf(column, record)}
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
