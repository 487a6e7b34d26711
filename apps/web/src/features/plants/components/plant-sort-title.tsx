import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import './plant-list.css';
import { useTranslation } from 'react-i18next';
import type { PlantSort, PlantSortKey } from '../utils/plant-list-view';

interface Props extends PlantSort {
  column: PlantSortKey;
  title: string;
  onSort: (next: PlantSort) => void;
}

/** A column heading that sorts the list by its column; clicked again it reverses the order. */
export function PlantSortTitle({ column, title, sort, order, onSort }: Props) {
  const { t } = useTranslation();
  const active = sort === column;
  const icon = !active ? <SwapOutlined rotate={90} /> : order === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  return (
    <button
      type="button"
      className={active ? 'plant-sort-title plant-sort-title-active' : 'plant-sort-title'}
      aria-label={t('plantList.sortBy', { column: title })}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      data-testid={`plant-sort-${column}`}
      onClick={() => onSort({ sort: column, order: active && order === 'asc' ? 'desc' : 'asc' })}
    >
      {title}
      {icon}
    </button>
  );
}
