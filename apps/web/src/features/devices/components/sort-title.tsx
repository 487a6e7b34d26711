import { useTranslation } from 'react-i18next';
import type { DeviceListSort } from '@voltfleet/domain/device-list';
import { SortTitle as ColumnSortTitle, type SortState as ColumnSortState } from '@/components/sort-title';

export type SortState = ColumnSortState<DeviceListSort>;

/** A device-list column heading that sorts by its column. */
export function SortTitle(
  props: SortState & { column: DeviceListSort; title: string; onSort: (next: SortState) => void },
) {
  const { t } = useTranslation();
  return (
    <ColumnSortTitle
      {...props}
      ariaLabel={t('devices.sortBy', { column: props.title })}
      testId={`device-sort-${props.column}`}
    />
  );
}
