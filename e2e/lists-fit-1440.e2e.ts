import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { USER_PASSWORD, loginViaForm, setupJourney, tableLoaded, unique } from './support/journey.js';
import { plantBody } from './support/plants.js';
import { fleetViewer } from './support/scope.js';

// The plant list, device list and alarm search at 1440×900, in every language: their default columns fit the content
// area (no sideways scrolling of the list or the page), status, alarms, state and acknowledgement among them, no
// heading or name cut without a title to read it whole, and a page of 15 rows reached by scrolling the page rather
// than a box a few rows high.

const LANGS = ['zh', 'en', 'cs', 'de'] as const;
type Lang = (typeof LANGS)[number];

/** A text of the web app (its namespace's file, `locales/<lang>/<namespace>.json`), for the headings each list shows. */
const text = (lang: Lang, key: string): string => {
  const [ns = '', ...path] = key.split('.');
  const file = new URL(`../apps/web/src/locales/${lang}/${ns}.json`, import.meta.url);
  const texts = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const value = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return value;
};

/** Each list: its page, the table's test id, and the headings that must be in view (message keys). */
const LISTS = [
  {
    name: 'plant list',
    path: '/plantCenter/plantList',
    testId: 'plant-table',
    headings: ['plantList.fields.name', 'plantList.fields.status', 'activeAlarms.column'],
  },
  {
    name: 'device list',
    path: '/deviceCenter/deviceList',
    testId: 'device-table',
    headings: ['devices.sn', 'devices.runningStatus', 'activeAlarms.column'],
  },
  {
    name: 'alarm search',
    // The whole history: the active alarms alone may be fewer than a page.
    path: '/alarmCenter/alarmSearch?state=all',
    testId: 'alarm-table',
    headings: ['columns.alarmSearch.severity', 'alarms.columns.state', 'alarms.columns.acknowledged'],
  },
] as const;

/** What a list looks like, by element geometry. */
interface Fit {
  /** The list is wider than its box (it would scroll sideways). */
  listScrollsSideways: boolean;
  pageScrollsSideways: boolean;
  /** The box ends within the content area at the right. */
  boxWithinContent: boolean;
  /** The list scrolls up and down inside its box (squeezed into a box shorter than its rows). */
  listScrollsInside: boolean;
  /** Headings and cell texts cut off: wider than their box, without an ellipsis and a title reading them whole. */
  clipped: string[];
  /** The headings in view (within the box and the window), as the list shows them. */
  headings: string[];
  rows: number;
  /** After scrolling the page to its end, the last row lies within the window. */
  lastRowReachable: boolean;
}

function measure(page: Page, testId: string): Promise<Fit> {
  return page.getByTestId(testId).evaluate((table) => {
    const root = document.scrollingElement ?? document.documentElement;
    const content = document.querySelector('.shell-content')!.getBoundingClientRect();
    const box = table.querySelector<HTMLElement>('.data-table-scroll')!;
    const frame = box.getBoundingClientRect();
    // A text is cut where an element is narrower than its content, unless it ends in an ellipsis and its title holds
    // the whole text (a name cut at the column's width).
    const cutIn = (cell: HTMLElement) =>
      [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].filter((el) => {
        if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) return false;
        const style = getComputedStyle(el);
        if (el !== cell && style.overflowX === 'visible') return false;
        const whole = (el.title || el.closest('[title]')?.getAttribute('title') || '').includes(el.innerText.trim());
        return !(style.textOverflow === 'ellipsis' && whole);
      });
    const cells = Array.from(box.querySelectorAll<HTMLElement>('thead th, tbody td'));
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.right <= window.innerWidth;
    };
    const rows = Array.from(box.querySelectorAll<HTMLElement>('tbody tr:not(.data-table-empty)'));
    window.scrollTo(0, root.scrollHeight);
    const last = rows.at(-1)?.getBoundingClientRect();
    const lastRowReachable = last !== undefined && last.bottom <= window.innerHeight && last.top >= 0;
    window.scrollTo(0, 0);
    return {
      listScrollsSideways: box.scrollWidth > box.clientWidth,
      pageScrollsSideways: root.scrollWidth > root.clientWidth,
      boxWithinContent: frame.left >= content.left - 1 && frame.right <= content.right + 1,
      listScrollsInside: box.scrollHeight > box.clientHeight + 1,
      clipped: cells.flatMap((cell) => cutIn(cell).map((el) => el.innerText)),
      headings: Array.from(box.querySelectorAll<HTMLElement>('thead th'))
        .filter(inView)
        .map((th) => th.innerText.trim()),
      rows: rows.length,
      lastRowReachable,
    };
  });
}

async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-option-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

test.describe('the plant, device and alarm lists at 1440×900', () => {
  const journey = setupJourney();
  /**
   * A reader per language (a viewer of the demo fleet of the journey's own: the language chosen on the login page
   * becomes the account's), who may edit and delete plants and acknowledge alarms, so the lists show their widest
   * default columns (actions, selection boxes).
   */
  const viewers = new Map<Lang, { username: string; token: string }>();

  /** How many alarms the reader may see, as the list's pager counts them. */
  const alarmTotal = async (token: string): Promise<number> =>
    (await journey.api.call<{ total: number }>('GET', '/api/alarms?page=1&pageSize=15', { token })).total;

  test.beforeAll(async () => {
    const permissions = ['A', 'A:plant.edit', 'A:plant.delete', 'B', 'B/A', 'C', 'C/A', 'C/A:alarm.ack'];
    const ids: number[] = [];
    for (const lang of LANGS) {
      const viewer = await fleetViewer(journey, permissions, `fit${lang}`);
      viewers.set(lang, viewer);
      ids.push(viewer.id);
    }
    // Plants of the journey's own with the longest names a plant may have, so that a page holds 15 plants (the demo
    // fleet has fewer) and long names are seen cut at the column's width.
    for (const stem of [
      'Solarpark_Gewerbegebiet_Oberschleißheim_Nord',
      'Photovoltaikanlage_Landwirtschaftsbetrieb',
      'Fotovoltaická_elektrárna_Zemědělské_družstvo',
    ]) {
      await journey.api.call('POST', '/api/plants', {
        token: journey.admin,
        body: plantBody(unique(stem).slice(0, 64), { affiliatedUserIds: ids }),
      });
    }
  });

  for (const lang of LANGS) {
    test(`in ${lang} each list fits, shows status and alarms, cuts no heading and lists 15 rows`, async () => {
      const page = await journey.open();
      await page.setViewportSize({ width: 1440, height: 900 });
      await chooseLanguage(page, lang);
      const viewer = viewers.get(lang)!;
      await loginViaForm(page, viewer.username, USER_PASSWORD);
      for (const list of LISTS) {
        await page.goto(list.path);
        await tableLoaded(page.getByTestId(list.testId));
        const fit = await measure(page, list.testId);
        if (lang === 'de') {
          const path = test.info().outputPath(`${list.testId}-de.png`);
          await page.screenshot({ path });
          await test.info().attach(`${list.testId}-de`, { path, contentType: 'image/png' });
        }
        // A page of 15, or every row where the list has fewer: the demo fleet's alarms come as its faults do.
        const rows = list.testId === 'alarm-table' ? Math.min(15, await alarmTotal(viewer.token)) : 15;
        expect({ list: list.name, ...fit }).toEqual({
          list: list.name,
          listScrollsSideways: false,
          pageScrollsSideways: false,
          boxWithinContent: true,
          listScrollsInside: false,
          clipped: [],
          headings: fit.headings,
          rows,
          lastRowReachable: true,
        });
        for (const key of list.headings) expect(fit.headings, `${list.name}: ${key}`).toContain(text(lang, key));
      }
    });
  }
});
