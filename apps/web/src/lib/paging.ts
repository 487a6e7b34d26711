/** A page of a list as the API returns it (domain `paged()`). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** R9.6: lists show 15 rows unless the user picks another size. */
export const DEFAULT_PAGE_SIZE = 15;
export const PAGE_SIZE_OPTIONS: readonly number[] = [DEFAULT_PAGE_SIZE, 30, 50, 100];

/** What a list's pager shows and reports; see components/pager.tsx. */
export interface PagerConfig {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  /** Offer these page sizes (and show the total). */
  pageSizeOptions?: readonly number[];
  /** No pager at all while everything fits on one page. */
  hideOnSinglePage?: boolean;
}

/** Paging driven by the server's total; `onChange` gets the new page and size. */
export function serverPagination(
  current: { page: number; pageSize: number },
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
): PagerConfig {
  return {
    current: current.page,
    pageSize: current.pageSize,
    total: total ?? 0,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    onChange,
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons to show: every page when there are at most seven, else the first, the last and five around the
 * current one, with a gap where two or more pages are left out.
 */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (pages <= 7) return range(1, pages);
  const start = Math.max(2, Math.min(current - 2, pages - 5));
  const end = Math.min(pages - 1, Math.max(current + 2, 6));
  const before = start > 3 ? ['gap' as const] : range(2, start - 1);
  const after = end < pages - 2 ? ['gap' as const] : range(end + 1, pages - 1);
  return [1, ...before, ...range(start, end), ...after, pages];
}
