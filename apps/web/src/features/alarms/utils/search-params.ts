import {
  ALARM_ACK_FILTERS,
  ALARM_SEARCH_PATH,
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  ALARM_SORTS,
  ALARM_STATES,
  ALARM_TREND_BUCKETS,
  type AlarmFilter,
  type AlarmSort,
  type AlarmTrendBucket,
} from '@voltfleet/domain/alarms';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';

/** The search's address: the domain's, which alarm notices link to as well. */
export { ALARM_SEARCH_PATH };

/**
 * The Alarm Center's filters live in the URL query string, so that a link (an overview figure, a bookmark, a link
 * sent to a colleague) opens the search already filtered. These read and write it; what the URL holds that the
 * contract (domain alarmFilterSchema) would refuse is left out rather than sent.
 */

export const ALARM_OVERVIEW_PATH = '/alarmCenter/alarmOverView';

export interface AlarmSearchState {
  filter: AlarmFilter;
  page: number;
  pageSize: number;
  sort: AlarmSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_SORT: Pick<AlarmSearchState, 'sort' | 'order'> = { sort: 'raisedAt', order: 'desc' };

/**
 * The search opens on what needs someone: the active alarms, those nobody has acknowledged first. Its URL then has
 * no `state`; every state (the history) is `state=all`, one click away on the page.
 */
export const STATE_ALL = 'all';
export const OPENING_STATE = 'active' satisfies AlarmFilter['state'];

/** The order a search starts in: "needs attention" for the active alarms, newest first for the rest. */
export function defaultSortOf(filter: AlarmFilter): Pick<AlarmSearchState, 'sort' | 'order'> {
  return filter.state === OPENING_STATE ? { sort: 'attention', order: 'desc' } : DEFAULT_SORT;
}

/** The filter's keys in the order the URL lists them. */
const FILTER_KEYS = [
  'from',
  'to',
  'plantId',
  'deviceId',
  'sn',
  'severity',
  'state',
  'ack',
  'group',
  'code',
  'q',
] as const satisfies readonly (keyof AlarmFilter)[];

const MAX_ID = 2_147_483_647;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string): T | undefined =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

function id(raw: string): number | undefined {
  const n = Number(raw);
  return /^\d+$/.test(raw) && n >= 1 && n <= MAX_ID ? n : undefined;
}

function text(raw: string): string | undefined {
  const trimmed = raw.trim();
  return trimmed && trimmed.length <= 64 ? trimmed : undefined;
}

const day = (raw: string) => (DAY.test(raw) ? raw : undefined);

const READERS: { [K in (typeof FILTER_KEYS)[number]]: (raw: string) => AlarmFilter[K] } = {
  from: day,
  to: day,
  plantId: id,
  deviceId: id,
  sn: text,
  severity: oneOf(ALARM_SEVERITIES),
  state: oneOf(ALARM_STATES),
  ack: oneOf(ALARM_ACK_FILTERS),
  group: oneOf(ALARM_GROUPS),
  code: text,
  q: text,
};

/** The filters a query string holds; unknown or invalid values are dropped. */
export function readFilter(params: URLSearchParams): AlarmFilter {
  const filter: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    const value = raw === null ? undefined : READERS[key](raw);
    if (value !== undefined) filter[key] = value;
  }
  return filter as AlarmFilter;
}

/**
 * The search's filters, page and order from its query string, with the defaults for what is missing: no `state`
 * is the active alarms, `state=all` every state.
 */
export function readSearch(params: URLSearchParams): AlarmSearchState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const filter = readFilter(params);
  if (params.get('state') === null) filter.state = OPENING_STATE;
  const sort = defaultSortOf(filter);
  return {
    filter,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 200 ? pageSize : DEFAULT_PAGE_SIZE,
    sort: oneOf(ALARM_SORTS)(params.get('sort') ?? '') ?? sort.sort,
    order: oneOf(['asc', 'desc'] as const)(params.get('order') ?? '') ?? sort.order,
  };
}

/**
 * The search with other filters, from page 1: an order the user chose is kept, the default order follows the view
 * (leaving the active alarms for the history also leaves "needs attention" for newest first).
 */
export function withFilter(state: AlarmSearchState, filter: AlarmFilter): AlarmSearchState {
  const before = defaultSortOf(state.filter);
  const chosen = state.sort !== before.sort || state.order !== before.order;
  return { ...state, filter, page: 1, ...(chosen ? {} : defaultSortOf(filter)) };
}

/** The search's filter in its URL: the opening state (active) is left out, every state is `state=all`. */
function searchFilterParams(filter: AlarmFilter, extra: Record<string, string | number | undefined> = {}) {
  const state = filter.state === OPENING_STATE ? undefined : (filter.state ?? STATE_ALL);
  const params = writeFilter({ ...filter, state: undefined }, extra);
  if (state !== undefined) params.set('state', state);
  return params;
}

/** A query string of filters (and extra entries), in a stable order, without empty values. */
export function writeFilter(filter: AlarmFilter, extra: Record<string, string | number | undefined> = {}) {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, String(value));
  return params;
}

/** The search's query string; defaults (active alarms, page 1, 15 rows, the state's default order) are left out. */
export function writeSearch(state: AlarmSearchState): URLSearchParams {
  const fallback = defaultSortOf(state.filter);
  const isDefault = state.sort === fallback.sort && state.order === fallback.order;
  return searchFilterParams(state.filter, {
    page: state.page === 1 ? undefined : state.page,
    pageSize: state.pageSize === DEFAULT_PAGE_SIZE ? undefined : state.pageSize,
    sort: isDefault ? undefined : state.sort,
    order: isDefault ? undefined : state.order,
  });
}

/**
 * The alarm search opened with these filters: "/alarmCenter/alarmSearch?severity=critical" (active alarms),
 * "…?code=grid.voltageHigh&state=all" (a filter without a state is every state).
 */
export function alarmSearchUrl(filter: AlarmFilter): string {
  const query = searchFilterParams(filter).toString();
  return query ? `${ALARM_SEARCH_PATH}?${query}` : ALARM_SEARCH_PATH;
}

/** The overview's own state in its query string: the filters it was narrowed to and the trend's bucket. */
export interface AlarmOverviewState {
  filter: AlarmFilter;
  bucket: AlarmTrendBucket;
}

export function readOverview(params: URLSearchParams): AlarmOverviewState {
  return { filter: readFilter(params), bucket: oneOf(ALARM_TREND_BUCKETS)(params.get('bucket') ?? '') ?? 'day' };
}

export function writeOverview(state: AlarmOverviewState): URLSearchParams {
  return writeFilter(state.filter, { bucket: state.bucket === 'day' ? undefined : state.bucket });
}
