import type { Key } from 'react';
import { cellOf, columnKey, type Column, type LooseColumn } from '@/lib/table-columns';
import type { PhoneCardField } from './phone-cards';

/**
 * A list's row as a phone card's lines (components/phone-cards.tsx): each column the user chose for the table, by the
 * name the column chooser shows and with what its cell shows, apart from the columns the card shows elsewhere (its
 * heading, tags beside it, buttons below).
 */
export function columnFields<T>(
  columns: readonly Column<T>[],
  record: T,
  elsewhere: readonly Key[] = [],
): PhoneCardField[] {
  return columns
    .filter((column) => !elsewhere.includes(columnKey(column)))
    .map((column) => {
      const { label, title } = column as LooseColumn<T>;
      return {
        key: columnKey(column),
        label: label ?? (typeof title === 'string' ? title : columnKey(column)),
        value: cellOf(column, record),
      };
    });
}
