import type { ReactNode } from 'react';

// The column model of components/data-table.tsx, apart from the table so that plain logic (the column chooser's state,
// lib/column-choice.ts) reads it without the component.

interface ColumnBase {
  title: ReactNode;
  /** The column's name where its title is not plain text (a sort button, a tooltip): the column chooser shows it. */
  label?: string;
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

/** Any column, as the table reads it. */
export type LooseColumn<T> = ColumnBase & {
  key?: string;
  dataIndex?: keyof T;
  render?: (value: unknown, record: T) => ReactNode;
};

/** The column's id: its `key`, else its field. */
export const columnKey = <T>(column: Column<T>): string => column.key ?? String(column.dataIndex);

/** What a column shows for a row: its field as it is or through `render`. */
export function cellOf<T>(column: Column<T>, record: T): ReactNode {
  const { dataIndex, render } = column as LooseColumn<T>;
  const value = dataIndex === undefined ? undefined : record[dataIndex];
  if (render) return render(value, record);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}
