import type { Page } from '@playwright/test';

/** How far a page reaches past the window's right edge, and what reaches there. */
export interface Overflow {
  /** How much wider than the window the page is, in CSS px: 0 when it does not scroll sideways. */
  by: number;
  /** The innermost elements reaching past the window's right edge (at most four), "tag[testid].classes < parent". */
  where: string[];
}

/**
 * How much wider than the window the page is (0 when it does not scroll sideways), and where: the innermost elements
 * reaching past the window's right edge.
 */
export const overflow = (page: Page): Promise<Overflow> =>
  page.evaluate(() => {
    const root = document.documentElement;
    // With isMobile a page wider than the window widens the layout viewport too: the window's own width is the bound.
    const width = Math.min(window.innerWidth, window.outerWidth || window.innerWidth);
    const by = Math.max(0, root.scrollWidth - width);
    if (by === 0) return { by, where: [] };
    const past = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
      (el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0,
    );
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${Array.from(el.classList).join('.')}`;
    return { by, where: innermost.slice(0, 4).map((el) => `${name(el)} < ${name(el.parentElement!)}`) };
  });
