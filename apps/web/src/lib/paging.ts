import type { TablePaginationConfig } from 'antd';
import { i18next } from './i18n';

/** A page of a list as the API returns it (domain `paged()`). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** SPEC §9: lists show 15 rows unless the user picks another size. */
export const DEFAULT_PAGE_SIZE = 15;

/** Table paging driven by the server's total; `onChange` gets the new page and size. */
export function serverPagination(
  current: { page: number; pageSize: number },
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: current.page,
    pageSize: current.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [DEFAULT_PAGE_SIZE, 30, 50, 100],
    showTotal: (count) => i18next.t('common.total', { count }),
    onChange,
  };
}
