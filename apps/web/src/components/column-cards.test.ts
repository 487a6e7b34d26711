import { describe, expect, it } from 'vitest';
import type { Column } from '@/lib/table-columns';
import { columnFields } from './column-cards';

interface Row {
  id: number;
  name: string;
  watts: number;
}

const COLUMNS: Column<Row>[] = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'sort button', label: 'Power', dataIndex: 'watts', render: (w) => `${w} W` },
  { title: 'Actions', key: 'actions', render: (_, row) => `edit ${row.id}` },
];

describe('a row as a phone card’s lines', () => {
  it('gives each column its chooser’s name and its cell, leaving out those the card shows elsewhere', () => {
    expect(columnFields(COLUMNS, { id: 3, name: 'Roof', watts: 1200 }, ['name'])).toEqual([
      { key: 'watts', label: 'Power', value: '1200 W' },
      { key: 'actions', label: 'Actions', value: 'edit 3' },
    ]);
  });
});
