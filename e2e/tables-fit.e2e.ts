import { expect, test, type Page } from '@playwright/test';
import { USER_PASSWORD, loginViaForm, setupJourney, tableLoaded } from './support/journey.js';
import { fleetViewer } from './support/scope.js';

/**
 * The lists with a column chooser that scroll inside a box within the window: their page and the table's test id. The
 * plant, device and alarm lists fit the window by their default columns instead (lists-fit-1440.e2e.ts).
 */
const TABLES = [
  { name: 'roles', path: '/systemManage/roleList', testId: 'role-table', chooser: 'roleList' },
  { name: 'users', path: '/userCenter/userList', testId: 'user-table', chooser: 'userList' },
  {
    name: 'operation records',
    path: '/userCenter/operateRecord',
    testId: 'records-table',
    chooser: 'operationRecords',
  },
  { name: 'control records', path: '/userCenter/contralRecord', testId: 'control-records', chooser: 'controlRecords' },
] as const;

const LANGS = ['zh', 'en', 'cs', 'de'] as const;

/** What a list looks like, by element geometry, before and after its box is scrolled to the far right. */
interface Fit {
  /** The box lies within the window and within the shell's content area. */
  boxInView: boolean;
  /** The page itself scrolls sideways (it must not: a list scrolls inside its own box). */
  pageScrollsSideways: boolean;
  /** The frozen columns (data-table-fixed-left/right) sit at the box's edges, before and after scrolling sideways. */
  frozenInPlace: boolean;
  frozenColumns: number;
  /** Header and cell texts cut off (wider than their cell, without an ellipsis and a title to read them whole). */
  clipped: string[];
  /** How many rows the list shows. */
  rows: number;
  /** Where the box and the content area are (read when the box is out of view). */
  where: string;
}

function measure(page: Page, testId: string): Promise<Fit> {
  return page.getByTestId(testId).evaluate((table) => {
    const root = document.scrollingElement ?? document.documentElement;
    const content = document.querySelector('.shell-content')!.getBoundingClientRect();
    const box = table.querySelector<HTMLElement>('.data-table-scroll')!;
    const within = (r: DOMRect, outer: { left: number; right: number; top: number; bottom: number }) =>
      r.left >= outer.left - 1 && r.right <= outer.right + 1 && r.top >= outer.top - 1 && r.bottom <= outer.bottom + 1;
    const windowRect = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const fixed = (side: 'left' | 'right') =>
      Array.from(box.querySelectorAll<HTMLElement>(`.data-table-fixed-${side}`)).filter((c) => c.offsetParent);
    const frozenAtEdges = () => {
      const frame = box.getBoundingClientRect();
      // The box's inner right edge: its scroll bar, if any, is not where a frozen column ends.
      const inner = frame.left + box.clientLeft + box.clientWidth;
      return (
        fixed('left').every((c) => Math.abs(c.getBoundingClientRect().left - frame.left - box.clientLeft) <= 1) &&
        fixed('right').every((c) => Math.abs(c.getBoundingClientRect().right - inner) <= 1)
      );
    };
    const cut = (cell: HTMLElement) => {
      if (cell.scrollWidth <= cell.clientWidth) return false;
      return !(getComputedStyle(cell).textOverflow === 'ellipsis' && cell.title);
    };
    // Every header cell, and every text element of the first rows' cells (a parameter list scrolls inside its own
    // block, which is its way of showing the whole text).
    const cells = [
      ...Array.from(box.querySelectorAll<HTMLElement>('thead th')),
      ...Array.from(box.querySelectorAll<HTMLElement>('tbody tr:nth-child(-n+5) > td')),
    ];
    box.scrollLeft = 0;
    const before = frozenAtEdges();
    box.scrollLeft = box.scrollWidth;
    const after = frozenAtEdges();
    const frame = box.getBoundingClientRect();
    const result = {
      // The content area may end below the window (the page scrolls down to the pager); the box may not.
      boxInView:
        within(frame, windowRect) &&
        within(frame, { left: content.left, right: content.right, top: content.top, bottom: window.innerHeight }),
      pageScrollsSideways: root.scrollWidth > root.clientWidth,
      frozenInPlace: before && after,
      frozenColumns: fixed('left').length + fixed('right').length,
      clipped: cells.filter(cut).map((c) => c.textContent ?? ''),
      rows: box.querySelectorAll('tbody tr:not(.data-table-empty)').length,
      where: `box ${[frame.left, frame.top, frame.right, frame.bottom].map(Math.round).join(',')} content ${[
        content.left,
        content.top,
        content.right,
        content.bottom,
      ]
        .map(Math.round)
        .join(',')} window ${window.innerWidth}×${window.innerHeight}`,
    };
    box.scrollLeft = 0;
    return result;
  });
}

/** Opens a list and waits until it shows its rows (or says it has none). */
async function openList(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(path);
  const table = page.getByTestId(testId);
  await tableLoaded(table);
}

async function chooseLanguage(page: Page, lang: (typeof LANGS)[number]): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-option-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

test.describe('tables that fit a 1440×900 window', () => {
  const journey = setupJourney();
  /**
   * Who reads the lists in each language: a viewer of the demo fleet of the journey's own, with every list. The
   * language chosen on the login page becomes the account's, and the administrator's stays English for the journeys
   * beside this one.
   */
  let viewer: { username: string };

  test.beforeAll(async () => {
    viewer = await fleetViewer(journey, ['A', 'B', 'B/A', 'D', 'D/A', 'D/C', 'D/D', 'E'], 'fitViewer');
  });

  for (const lang of LANGS) {
    test(`in ${lang} every list stays in its box, keeps its key columns in view and cuts no text`, async () => {
      const page = await journey.open();
      await page.setViewportSize({ width: 1440, height: 900 });
      await chooseLanguage(page, lang);
      await loginViaForm(page, viewer.username, USER_PASSWORD);
      for (const table of TABLES) {
        await openList(page, table.path, table.testId);
        // The chooser is there, in the page's language (not a message key).
        const chooser = page.getByTestId(`columns-${table.chooser}`);
        expect(await chooser.innerText()).not.toMatch(/columns\./);
        const fit = await measure(page, table.testId);
        expect(fit.boxInView, `${table.name}: ${fit.where}`).toBe(true);
        expect({ table: table.name, ...fit }).toEqual({
          table: table.name,
          boxInView: true,
          pageScrollsSideways: false,
          frozenInPlace: true,
          frozenColumns: fit.frozenColumns,
          clipped: [],
          rows: fit.rows,
          where: fit.where,
        });
        // Each list has its key columns frozen, in the header and in every row.
        expect(fit.frozenColumns, table.name).toBeGreaterThanOrEqual(1 + fit.rows);
      }
    });
  }

  test('keeps a user’s column choice for a new login in a fresh browser, and resets it to the default', async () => {
    const { username } = await journey.userWith(['A'], 'cols');
    const header = (page: Page) => page.getByTestId('plant-table').locator('thead th', { hasText: 'Generation today' });

    const first = await journey.open();
    await first.setViewportSize({ width: 1440, height: 900 });
    await loginViaForm(first, username, USER_PASSWORD);
    await openList(first, '/plantCenter/plantList', 'plant-table');
    expect(await header(first).count()).toBe(1);
    await first.getByTestId('columns-plantList').click();
    // The frozen name column cannot be hidden.
    expect(await first.getByTestId('columns-plantList-name').isDisabled()).toBe(true);
    const saved = first.waitForResponse(
      (res) => res.url().endsWith('/api/preferences/tables') && res.request().method() === 'PUT',
    );
    await first.getByTestId('columns-plantList-pvEnergyTodayKwh').click();
    expect((await saved).status()).toBe(200);
    await header(first).waitFor({ state: 'detached' });

    // Another browser (a fresh context: no cookies, no storage), a new login: the choice came from the server.
    const second = await journey.open();
    await second.setViewportSize({ width: 1440, height: 900 });
    await loginViaForm(second, username, USER_PASSWORD);
    await openList(second, '/plantCenter/plantList', 'plant-table');
    expect(await header(second).count()).toBe(0);
    expect(await second.getByTestId('plant-table').locator('thead th').first().innerText()).toContain('Plant name');
    await second.getByTestId('columns-plantList').click();
    expect(await second.getByTestId('columns-plantList-pvEnergyTodayKwh').isChecked()).toBe(false);

    const reset = second.waitForResponse(
      (res) => res.url().endsWith('/api/preferences/tables') && res.request().method() === 'PUT',
    );
    await second.getByTestId('columns-plantList-reset').click();
    expect((await reset).status()).toBe(200);
    await header(second).waitFor();
    const stored = await journey.api.call<unknown[]>('GET', '/api/preferences/tables', {
      token: await journey.api.login(username, USER_PASSWORD),
    });
    expect(stored).toEqual([]);
  });
});
