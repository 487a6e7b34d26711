import { useMemo } from 'react';
import { Alert, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PERFORMANCE_MAX_SPAN_DAYS } from '@voltfleet/domain/performance';
import { PageHeader } from '@/components/page-header';
import { formatNumber } from '@/lib/number-format';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { usePhone } from '@/lib/use-phone';
import { useDeviceRanking } from '../api/get-device-ranking';
import { usePlantRanking } from '../api/get-plant-ranking';
import { PeriodFields } from '../components/period-fields';
import { DeviceRankingList, PlantRankingList } from '../components/ranking-lists';
import { RankingExportButtons } from '../components/ranking-export-buttons';
import { browserToday, last30Days, spanAllowed, wholeSpan } from '../utils/periods';
import '../components/performance.css';

const VIEWS = ['plants', 'devices'] as const;
type View = (typeof VIEWS)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface RankingState {
  view: View;
  from: string;
  to: string;
  q: string;
  page: number;
  pageSize: number;
}

/** The page's state from its URL (so a link, a reload and the back button keep it); the last 30 days by default. */
function readState(search: URLSearchParams): RankingState {
  const span = last30Days(browserToday());
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  return {
    view: search.get('view') === 'devices' ? 'devices' : 'plants',
    ...(DAY.test(from) && DAY.test(to) ? wholeSpan('day', from, to) : span),
    q: search.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize > 0 && pageSize <= 500 ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

function writeState(state: RankingState): Record<string, string> {
  return {
    ...(state.view === 'devices' ? { view: state.view } : {}),
    from: state.from,
    to: state.to,
    ...(state.q ? { q: state.q } : {}),
    ...(state.page > 1 ? { page: String(state.page) } : {}),
    ...(state.pageSize !== DEFAULT_PAGE_SIZE ? { pageSize: String(state.pageSize) } : {}),
  };
}

/**
 * /plantCenter/plantPerformance (issue 42): the plants ranked by their performance ratio and the inverters by their
 * energy against their siblings' median over a span, worst first, with search, paging and export; a plant opens its
 * detail's Performance tab, an inverter its detail page.
 */
export default function FleetPerformancePage() {
  const { t, i18n } = useTranslation();
  const title = usePageName('plantPerformance');
  const phone = usePhone();
  const [search, setSearch] = useSearchParams();
  const query = search.toString();
  const state = useMemo(() => readState(new URLSearchParams(query)), [query]);
  const go = (next: Partial<RankingState>) => setSearch(writeState({ ...state, page: 1, ...next }));
  const allowed = spanAllowed('day', state.from, state.to);
  const params = {
    from: state.from,
    to: state.to,
    page: state.page,
    pageSize: state.pageSize,
    ...(state.q ? { q: state.q } : {}),
  };
  const plants = usePlantRanking(params, allowed && state.view === 'plants');
  const devices = useDeviceRanking(params, allowed && state.view === 'devices');
  const ranking = state.view === 'plants' ? plants : devices;
  const loading = ranking.isPlaceholderData || (ranking.isFetching && !ranking.data);
  const pagination = serverPagination(state, ranking.data?.total, (page, pageSize) => go({ page, pageSize }));

  const content = (
    <>
      <PageHeader
        title={title}
        extra={
          <RankingExportButtons
            view={state.view}
            params={{ from: state.from, to: state.to, ...(state.q ? { q: state.q } : {}) }}
          />
        }
      />
      <p className="performance-page-intro">{t('performance.page.intro')}</p>
      <div className="performance-page-bar">
        <Segmented<View>
          data-testid="performance-view"
          value={state.view}
          onChange={(view) => go({ view })}
          options={VIEWS.map((v) => ({
            value: v,
            label: <span data-testid={`performance-view-${v}`}>{t(`performance.page.views.${v}`)}</span>,
          }))}
        />
        <PeriodFields
          value={{ granularity: 'day', from: state.from, to: state.to }}
          granularities={['day']}
          onChange={(next) => go(wholeSpan('day', next.from, next.to))}
        />
        <Input.Search
          key={state.q}
          className="performance-search"
          defaultValue={state.q}
          allowClear
          aria-label={t('performance.page.search')}
          placeholder={t(state.view === 'plants' ? 'performance.page.searchPlants' : 'performance.page.searchDevices')}
          data-testid="performance-search"
          onSearch={(q) => go({ q: q.trim() })}
        />
      </div>
      {!allowed && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="performance-span-too-long"
          title={t('performance.spanTooLong', {
            days: formatNumber(PERFORMANCE_MAX_SPAN_DAYS.day, i18n.language, 0),
          })}
        />
      )}
      {state.view === 'plants' ? (
        <PlantRankingList rows={plants.data?.rows ?? []} loading={loading} pagination={pagination} />
      ) : (
        <DeviceRankingList rows={devices.data?.rows ?? []} loading={loading} pagination={pagination} />
      )}
    </>
  );
  // A phone: controls big enough for a finger.
  return phone ? <div className="phone-touch">{content}</div> : content;
}
