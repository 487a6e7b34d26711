import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, serverPagination } from './paging';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and five pages around the current one', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 15, 16, 17, 18, 19, 20]);
    expect(pageItems(5, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('paging', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
  });

  it('offers the page sizes for server-side lists', () => {
    const config = serverPagination({ page: 2, pageSize: 30 }, undefined, () => undefined);
    expect(config).toMatchObject({ current: 2, pageSize: 30, total: 0, pageSizeOptions: [15, 30, 50, 100] });
  });
});
