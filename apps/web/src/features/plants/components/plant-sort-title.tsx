import { useTranslation } from 'react-i18next';
import { SortTitle } from '@/components/sort-title';
import type { PlantSort, PlantSortKey } from '../utils/plant-list-view';

/** A plant-list column heading that sorts by its column. */
export function PlantSortTitle(
  props: PlantSort & { column: PlantSortKey; title: string; onSort: (next: PlantSort) => void },
) {
  const { t } = useTranslation();
  return (
    <SortTitle
      {...props}
      ariaLabel={t('plantList.sortBy', { column: props.title })}
      testId={`plant-sort-${props.column}`}
    />
  );
}
