import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Segmented } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALARM_LINK_PARAM, ALARM_STATES, type AlarmFilter } from '@voltfleet/domain/alarms';
import { Can } from '@/components/can';
import { FilterSheet } from '@/components/filter-sheet';
import { PageHeader } from '@/components/page-header';
import { formatNumber } from '@/lib/number-format';
import { usePageName } from '@/lib/page-name';
import { serverPagination } from '@/lib/paging';
import { useCan } from '@/lib/permissions';
import { useNow } from '@/lib/use-now';
import { usePhone } from '@/lib/use-phone';
import { useFilterFormKey } from '@/lib/filter-form-key';
import { useAlarms } from '../api/get-alarms';
import { usePlantChoices } from '../api/get-plant-choices';
import { useAlarmLive } from '../api/use-alarm-live';
import { AckModal } from '../components/ack-modal';
import { AlarmCards } from '../components/alarm-cards';
import { AlarmDrawer } from '../components/alarm-drawer';
import { AlarmFilters } from '../components/alarm-filters';
import type { AlarmSortState } from '../components/alarm-sort-title';
import { AlarmTable } from '../components/alarm-table';
import { useAlarmLabels } from '../components/use-alarm-labels';
import { ExportButtons } from '../components/export-buttons';
import { STATE_ALL, readSearch, withFilter, writeSearch, type AlarmSearchState } from '../utils/search-params';

/** Running durations of active alarms are re-read this often. */
const CLOCK_TICK_MS = 30_000;
const NONE: ReadonlySet<number> = new Set();
/** The alarm a link names (`?alarm=<id>`, e.g. from an in-app message), or null. */
const linkedAlarm = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** How many of the form's filters are set (the phone's "Filters" button shows it). */
const filterCount = (filter: AlarmFilter) =>
  (['from', 'to', 'plantId', 'sn', 'severity', 'state', 'ack', 'group', 'q'] as const).filter(
    (key) => filter[key] !== undefined,
  ).length;

/**
 * /alarmCenter/alarmSearch: the alarms the user may see, filtered by what the URL's query string says (so overview
 * figures and shared links open it filtered), with the detail drawer, acknowledgement and export. Live alarm
 * events refetch the list.
 */
export default function AlarmSearchPage() {
  const { t, i18n } = useTranslation();
  const title = usePageName('alarmSearch');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const state = useMemo(() => readSearch(new URLSearchParams(query)), [query]);
  const { filter, page, pageSize, sort, order } = state;
  const alarms = useAlarms({ ...filter, page, pageSize, sort, order });
  const canPlants = useCan('A');
  const plants = usePlantChoices(canPlants);
  const canAck = useCan('C/A:alarm.ack');
  const nowMs = useNow(CLOCK_TICK_MS);
  const labels = useAlarmLabels();
  const phone = usePhone();
  useAlarmLive();

  // The selection belongs to one search: a new filter, page or order starts without one.
  const [selection, setSelection] = useState<{ query: string; ids: ReadonlySet<number> }>({ query, ids: NONE });
  const selected = selection.query === query ? selection.ids : NONE;
  // A link naming an alarm opens its drawer, also when it arrives while the page is open (the bell's next message).
  const link = searchParams.get(ALARM_LINK_PARAM);
  const [drawer, setDrawer] = useState({ link, id: linkedAlarm(link) });
  if (drawer.link !== link) setDrawer({ link, id: linkedAlarm(link) ?? drawer.id });
  const openId = drawer.id;
  const setOpenId = (id: number | null) => setDrawer((d) => ({ ...d, id }));
  const closeDrawer = () => {
    setOpenId(null);
    // Closed for good: a reload of the page must not open it again.
    if (link !== null) {
      const next = new URLSearchParams(searchParams);
      next.delete(ALARM_LINK_PARAM);
      setSearchParams(next, { replace: true });
    }
  };
  const [ackIds, setAckIds] = useState<readonly number[] | null>(null);

  const go = (next: Partial<AlarmSearchState>) => setSearchParams(writeSearch({ ...state, ...next }));
  const form = useFilterFormKey(query);
  const search = (next: AlarmFilter) => setSearchParams(form.own(writeSearch(withFilter(state, next))));
  const sortBy = (next: AlarmSortState) => go({ ...next, page: 1 });
  // Active ↔ history keeps the other filters (the form shows the new state).
  const view = (value: string) => {
    const next = { ...filter, state: ALARM_STATES.find((s) => s === value) };
    setSearchParams(writeSearch(withFilter(state, next)));
  };
  const select = (ids: readonly number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setSelection({ query, ids: next });
  };

  const content = (
    <>
      <PageHeader
        title={title}
        extra={
          <Flex gap={12} align="center" wrap>
            <Can code="C/A:alarm.ack">
              <Button
                icon={<CheckOutlined />}
                disabled={selected.size === 0}
                data-testid="alarm-ack-selected"
                onClick={() => setAckIds([...selected])}
              >
                {t('alarms.acknowledgeSelected', { count: selected.size })}
              </Button>
            </Can>
            <ExportButtons params={{ ...filter, sort, order }} />
          </Flex>
        }
      />
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <span id="alarm-view-label">{t('alarms.view.label')}</span>
        <Segmented
          aria-labelledby="alarm-view-label"
          data-testid="alarm-view"
          value={filter.state ?? STATE_ALL}
          onChange={view}
          options={[
            ...ALARM_STATES.map((s) => ({
              value: s,
              label: <span data-testid={`alarm-view-${s}`}>{labels.state(s)}</span>,
            })),
            { value: STATE_ALL, label: <span data-testid="alarm-view-all">{t('alarms.view.all')}</span> },
          ]}
        />
        {filter.state === 'active' && sort === 'attention' && (
          <span className="alarm-view-hint" data-testid="alarm-view-hint">
            {t('alarms.view.activeHint')}
          </span>
        )}
      </Flex>
      <FilterSheet count={filterCount(filter)} closeOn={query} testId="alarm-filter-sheet">
        <AlarmFilters
          key={form.key}
          value={filter}
          plants={canPlants ? (plants.data ?? []) : undefined}
          onSubmit={search}
        />
      </FilterSheet>
      {alarms.data?.totalCapped && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="alarm-total-capped"
          title={t('alarms.totalCapped', { cap: formatNumber(alarms.data.total, i18n.language, 0) })}
        />
      )}
      {phone ? (
        <AlarmCards
          alarms={alarms.data?.items ?? []}
          loading={alarms.isPlaceholderData || (alarms.isFetching && !alarms.data)}
          onOpen={setOpenId}
          nowMs={nowMs}
          pagination={serverPagination(state, alarms.data?.total, (next, size) => go({ page: next, pageSize: size }))}
        />
      ) : (
        <AlarmTable
          alarms={alarms.data?.items ?? []}
          loading={alarms.isPlaceholderData || (alarms.isFetching && !alarms.data)}
          sort={{ sort, order }}
          onSort={sortBy}
          onOpen={setOpenId}
          selection={canAck ? { selected, onChange: select } : undefined}
          nowMs={nowMs}
          pagination={serverPagination(state, alarms.data?.total, (next, size) => go({ page: next, pageSize: size }))}
        />
      )}
      <AlarmDrawer id={openId} onClose={closeDrawer} onAcknowledge={canAck ? (id) => setAckIds([id]) : undefined} />
      {ackIds && (
        <AckModal
          ids={ackIds}
          onClose={(done) => {
            setAckIds(null);
            if (done) setSelection({ query, ids: NONE });
          }}
        />
      )}
    </>
  );
  // A phone: controls big enough for a finger.
  return phone ? <div className="phone-touch">{content}</div> : content;
}
