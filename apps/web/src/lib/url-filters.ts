import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './paging';

/**
 * A list's filters kept in the URL query string, so a reload, a bookmark or a link sent to a colleague opens the list
 * filtered the same way. Each value is read with the field's own rule from the domain schema the server applies:
 * what the URL holds that the contract would refuse is left out rather than sent (the list then shows unfiltered by
 * it, never an error page).
 */
export interface UrlListState<F> {
  filter: F;
  page: number;
  pageSize: number;
}

type Shape = Record<string, z.ZodType>;

/** The filter, page and page size the query string holds, by the schema's fields. */
export function readUrlList<F extends object>(params: URLSearchParams, shape: Shape): UrlListState<Partial<F>> {
  const filter: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (key === 'page' || key === 'pageSize') continue;
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = field.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filter[key] = parsed.data;
  }
  // A range out of order (edited by hand) is dropped whole: the server would refuse it.
  if (
    typeof filter.from === 'string' &&
    typeof filter.to === 'string' &&
    Date.parse(filter.from) > Date.parse(filter.to)
  ) {
    delete filter.from;
    delete filter.to;
  }
  const number = (key: string, fallback: number) => {
    const parsed = shape[key]?.safeParse(params.get(key) ?? undefined);
    return parsed?.success && typeof parsed.data === 'number' ? parsed.data : fallback;
  };
  return {
    filter: filter as Partial<F>,
    page: number('page', 1),
    pageSize: params.has('pageSize') ? number('pageSize', DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
  };
}

/** The query string of a list state: set values only, the first page and the default size left out. */
export function writeUrlList<F extends object>(state: UrlListState<F>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filter))
    if (value !== undefined && value !== null && value !== '') out.set(key, String(value));
  if (state.page > 1) out.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(state.pageSize));
  return out;
}
