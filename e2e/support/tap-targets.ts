import type { Page } from '@playwright/test';

/**
 * Touch targets on a phone (issue 41 point 1): every control a finger taps is at least 44×44 CSS px. The references:
 * WCAG 2.5.5 Target Size (Enhanced, AAA) asks 44×44 CSS px, Apple's guidelines 44×44 pt, Material 48×48 dp; WCAG
 * 2.5.8 (AA) sets the floor at 24. 44 is the bar here, half a pixel short of it allowed for fractional layout (a box of
 * 43.6 px fills 44 device pixels).
 *
 * What counts as a control: what a user taps to act, by its semantics — links with an address, buttons, form fields
 * (inputs, selects, text areas), and the ARIA roles of buttons, links, tabs, menu items, options, checkboxes, radios,
 * switches, combo boxes and tree items, and anything else in the tab order (tabindex ≥ 0). What is not shown is not a
 * target: no box, `visibility: hidden`, `display: none`, or fully transparent (checked on the target box below, since
 * Ant Design's checkboxes and radios hide their input inside a label that shows).
 *
 * What is measured, the target: the box that receives the tap for the control — its own, or the outermost wrapper it
 * sits in that forwards a tap anywhere on it to the control: a <label> around it (a checkbox or radio with its text),
 * or the frame of an Ant Design control whose whole area opens or toggles it (a select's or date picker's field, an
 * input's frame with its icons, a number field, a segmented choice, a tab, a menu item, a pager item, a switch). A
 * label linked by `for` from elsewhere is not counted: it is a second, optional target for a field that must be big
 * enough by itself. A control that holds another one shown (a link around a button, an upload area around its button)
 * is measured by the inner one, which is what the finger lands on.
 *
 * Exceptions, each as WCAG 2.5.8 allows it:
 * - Inline: a link inside running text (displayed inline, with words beside it on its line), whose size the line
 *   height of the sentence sets; 44-pixel lines would tear the text apart.
 * - Controls of the user agent: none are measured (the native date and select pop-ups are not used, issue 41 point 4).
 * Nothing else is exempt: a control that another, big enough one repeats (WCAG's "equivalent") is still listed, since
 * a small duplicate is a mis-tap waiting beside the right one.
 */
export interface SmallTarget {
  /** Which control: its tag, test id, role, class and name ("button[bell] .ant-btn 'Messages'"). */
  what: string;
  /** Its target box, in CSS px, rounded: "32×32". */
  size: string;
}

export const MIN_TARGET_PX = 44;

/**
 * The targets of the page as it stands (or of the element `within` selects: an open drawer) that are smaller than
 * 44×44 px, each once, in document order.
 */
export const smallTargets = (page: Page, within = 'body'): Promise<SmallTarget[]> =>
  page.evaluate(
    ({ min, within }) => {
      const CONTROLS = [
        'a[href]',
        'button',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[tabindex]:not([tabindex^="-"])',
        ...[
          'button',
          'link',
          'tab',
          'menuitem',
          'menuitemcheckbox',
          'menuitemradio',
          'option',
          'checkbox',
          'radio',
          'switch',
          'combobox',
          'treeitem',
        ].map((role) => `[role="${role}"]`),
      ].join(',');
      /** Wrappers that take a tap anywhere on them for the control inside (Ant Design's frames, a label around it). */
      const WRAPPERS = [
        'label',
        '.ant-select',
        '.ant-picker',
        '.ant-input-affix-wrapper',
        '.ant-input-number',
        '.ant-segmented-item',
        '.ant-tabs-tab',
        '.ant-menu-item',
        '.ant-menu-submenu-title',
        '.ant-dropdown-menu-item',
        '.ant-pagination-item',
        '.ant-pagination-prev',
        '.ant-pagination-next',
        '.ant-switch',
      ].join(',');
      const targetOf = (control: Element): Element => {
        let target = control;
        for (let up = control.parentElement; up && up !== document.body; up = up.parentElement) {
          if (up.matches(WRAPPERS)) target = up;
        }
        return target;
      };
      // Inline: a link in a sentence, with words beside it on its line (text beside it or an inline ancestor of it).
      const inline = (el: Element): boolean => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        for (let node: Element = el; node.parentElement; node = node.parentElement) {
          const beside = Array.from(node.parentElement.childNodes).filter((sib) => sib !== node);
          const worded = (sib: ChildNode) =>
            (sib.nodeType === Node.TEXT_NODE ||
              (sib instanceof Element && getComputedStyle(sib).display === 'inline')) &&
            (sib.textContent ?? '').trim() !== '';
          if (beside.some(worded)) return true;
          if (getComputedStyle(node.parentElement).display !== 'inline') return false;
        }
        return false;
      };
      const shown = (el: Element): boolean => {
        const box = el.getBoundingClientRect();
        return (
          box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        );
      };
      const describe = (el: Element, target: Element): string => {
        const testid = el.getAttribute('data-testid') ?? target.getAttribute('data-testid');
        const role = el.getAttribute('role');
        const cls = Array.from(target.classList).find((c) => c.startsWith('ant-')) ?? target.classList[0];
        const name = (el.getAttribute('aria-label') ?? target.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 30);
        return [
          `${el.tagName.toLowerCase()}${testid ? `[${testid}]` : ''}${role ? `(${role})` : ''}`,
          target !== el ? `in ${target.tagName.toLowerCase()}` : '',
          cls ? `.${cls}` : '',
          name ? `'${name}'` : '',
        ]
          .filter(Boolean)
          .join(' ');
      };
      const seen = new Set<Element>();
      const small: { what: string; size: string }[] = [];
      for (const control of Array.from(document.querySelector(within)?.querySelectorAll(CONTROLS) ?? [])) {
        // A control holding another that shows: the inner one is the target.
        if (Array.from(control.querySelectorAll(CONTROLS)).some(shown)) continue;
        const target = targetOf(control);
        if (seen.has(target)) continue;
        seen.add(target);
        if (!shown(target) || inline(control)) continue;
        const box = target.getBoundingClientRect();
        if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
        small.push({ what: describe(control, target), size: `${Math.round(box.width)}×${Math.round(box.height)}` });
      }
      return small;
    },
    { min: MIN_TARGET_PX, within },
  );
