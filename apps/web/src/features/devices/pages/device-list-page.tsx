import { useEffect, useState } from 'react';
import { Flex } from 'antd';
import { usePageName } from '@/lib/page-name';
import { PageHeader } from '@/components/page-header';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useDevices, type DeviceListParams } from '../api/get-devices';
import { useDeviceFilterOptions } from '../api/get-device-filter-options';
import { useDeviceLive } from '../api/use-device-live';
import { DeviceFilters, type DeviceFilterValues } from '../components/device-filters';
import { DeviceTable } from '../components/device-table';
import { ExportButton } from '../components/export-button';
import { LiveIndicator } from '../components/live-indicator';
import type { SortState } from '../components/sort-title';

/** "… ago" is re-read this often, between live readings. */
const CLOCK_TICK_MS = 5_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const NO_OPTIONS = { models: [], plants: [] };

/** The list's filters and order without its page: what the export takes. */
const filtersOf = ({ page: _page, pageSize: _pageSize, ...filters }: DeviceListParams) => filters;

/** /deviceCenter/deviceList: the devices the user may see, their status and newest values, updated live. */
export default function DeviceListPage() {
  const title = usePageName('deviceList');
  const [params, setParams] = useState<DeviceListParams>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: 'sn',
    order: 'asc',
  });
  const devices = useDevices(params);
  const filterOptions = useDeviceFilterOptions();
  const live = useDeviceLive();
  const nowMs = useNow(CLOCK_TICK_MS);

  const filter = (values: DeviceFilterValues) => setParams((p) => ({ ...p, ...values, page: 1 }));
  const sort = (next: SortState) => setParams((p) => ({ ...p, ...next, page: 1 }));

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Flex gap={12} align="center">
            <LiveIndicator state={live} />
            <ExportButton filters={filtersOf(params)} />
          </Flex>
        }
      />
      <DeviceFilters values={params} options={filterOptions.data ?? NO_OPTIONS} onChange={filter} />
      <DeviceTable
        devices={devices.data?.items ?? []}
        loading={devices.isPlaceholderData || (devices.isFetching && !devices.data)}
        sort={{ sort: params.sort ?? 'sn', order: params.order ?? 'asc' }}
        onSort={sort}
        nowMs={nowMs}
        pagination={serverPagination(params, devices.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
    </>
  );
}
