import type { CSSProperties } from 'react';

/**
 * The props that cut a long text in a list cell (a plant's or an alarm's name) with an ellipsis at `em` character
 * widths, its title reading it whole (app/lists.css, .cell-clip): a long name then never widens its list past the
 * window.
 */
export function clipProps(text: string, em = 13): { className: string; title: string; style: CSSProperties } {
  return { className: 'cell-clip', title: text, style: { maxWidth: `${em}em` } };
}
