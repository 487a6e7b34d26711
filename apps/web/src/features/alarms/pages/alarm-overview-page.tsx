import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AlarmFilter, AlarmTrendBucket } from '@voltfleet/domain/alarms';
import { PageHeader } from '@/components/page-header';
import { PageSpin } from '@/components/page-spin';
import { usePageName } from '@/lib/page-name';
import { useCan } from '@/lib/permissions';
import { useFilterFormKey } from '@/lib/filter-form-key';
import { useAlarmOverview } from '../api/get-alarm-overview';
import { usePlantChoices } from '../api/get-plant-choices';
import { useAlarmLive } from '../api/use-alarm-live';
import { AlarmFilters } from '../components/alarm-filters';
import { OverviewFigures } from '../components/overview-figures';
import { OverviewTop } from '../components/overview-top';
import { OverviewTrend } from '../components/overview-trend';
import { windowFilter } from '../utils/overview-window';
import { readOverview, writeOverview } from '../utils/search-params';

/**
 * /alarmCenter/alarmOverView: counts, recovery time, trend and the plants and devices with most alarms, narrowed
 * by the same filters as the search (kept in the URL). Every figure opens the search filtered to what it counts;
 * live alarm events refetch it.
 */
export default function AlarmOverviewPage() {
  const title = usePageName('alarmOverView');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const state = useMemo(() => readOverview(new URLSearchParams(query)), [query]);
  const overview = useAlarmOverview({ ...state.filter, bucket: state.bucket });
  const canPlants = useCan('A');
  const plants = usePlantChoices(canPlants);
  useAlarmLive();

  const form = useFilterFormKey(query);
  const filter = (next: AlarmFilter) => setSearchParams(form.own(writeOverview({ ...state, filter: next })));
  const bucket = (next: AlarmTrendBucket) => setSearchParams(writeOverview({ ...state, bucket: next }));
  const data = overview.data;
  const linkFilter = data && windowFilter(state.filter, data);

  return (
    <>
      <PageHeader title={title} />
      <AlarmFilters
        key={form.key}
        value={state.filter}
        plants={canPlants ? (plants.data ?? []) : undefined}
        onSubmit={filter}
      />
      {!data || !linkFilter ? (
        overview.isPending && <PageSpin />
      ) : (
        <div data-testid="alarm-overview">
          <OverviewFigures overview={data} filter={linkFilter} />
          <OverviewTrend
            trend={data.trend}
            timeZone={data.timeZone}
            filter={linkFilter}
            bucket={state.bucket}
            onBucket={bucket}
            loading={overview.isFetching}
          />
          <OverviewTop overview={data} filter={linkFilter} />
        </div>
      )}
    </>
  );
}
