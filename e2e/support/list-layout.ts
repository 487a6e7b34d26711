import type { Page } from '@playwright/test';

/** What a list looks like at the current window size, once its box has been scrolled to the far right. */
export interface ListLayout {
  /** The page itself scrolls sideways (it must not: the list scrolls inside its own box). */
  pageScrollsSideways: boolean;
  /** The list is wider than its box (so it has to scroll inside it). */
  listScrollsSideways: boolean;
  /** The last column header lies inside the box and the window after scrolling right. */
  lastHeaderReachable: boolean;
  /** The first (fixed) column header still sits at the box's left edge after scrolling right. */
  firstHeaderFixed: boolean;
  /** The box (and so its sideways scroll bar) ends within the window. */
  boxEndsInWindow: boolean;
  lastHeader: string;
}

/** Scrolls a data table (components/data-table.tsx) with the given test id to the far right and measures it. */
export function listLayout(page: Page, tableTestId: string): Promise<ListLayout> {
  return page.getByTestId(tableTestId).evaluate((table) => {
    const root = document.scrollingElement ?? document.documentElement;
    const box = table.querySelector<HTMLElement>('.data-table-scroll')!;
    const headers = Array.from(box.querySelectorAll('thead th'));
    box.scrollLeft = box.scrollWidth;
    const frame = box.getBoundingClientRect();
    const last = headers.at(-1)!.getBoundingClientRect();
    const first = headers[0]!.getBoundingClientRect();
    return {
      pageScrollsSideways: root.scrollWidth > root.clientWidth,
      listScrollsSideways: box.scrollWidth > box.clientWidth,
      lastHeaderReachable:
        last.left >= frame.left - 1 && last.right <= frame.right + 1 && last.right <= window.innerWidth,
      firstHeaderFixed: Math.abs(first.left - frame.left) <= 1,
      boxEndsInWindow: frame.bottom <= window.innerHeight,
      lastHeader: headers.at(-1)!.textContent ?? '',
    };
  });
}
