import { useTranslation } from 'react-i18next';
import type { AlarmSort } from '@voltfleet/domain/alarms';
import { SortTitle, type SortState } from '@/components/sort-title';

export type AlarmSortState = SortState<AlarmSort>;

/** An alarm-list column heading that sorts by its column. */
export function AlarmSortTitle(
  props: AlarmSortState & { column: AlarmSort; title: string; onSort: (next: AlarmSortState) => void },
) {
  const { t } = useTranslation();
  return (
    <SortTitle
      {...props}
      ariaLabel={t('alarms.sortBy', { column: props.title })}
      testId={`alarm-sort-${props.column}`}
    />
  );
}
