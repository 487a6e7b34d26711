import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator } from '@playwright/test';
import { translate } from '@voltfleet/domain/i18n';
import {
  IRRADIANCE_SOURCE_LABELS,
  PLANT_RANKING_EXPORT_COLUMNS,
  type DeviceRanking,
  type PlantPerformance,
  type PlantRanking,
} from '@voltfleet/domain/performance';
import { csvRows } from './support/alarms.js';
import { typeDay } from './support/day-field.js';
import { USER_PASSWORD, expectTitle, loginViaForm, setupJourney, showRow, tableLoaded } from './support/journey.js';
import { overflow } from './support/overflow.js';
import {
  addDays,
  answerTo,
  figureText,
  last30Days,
  ratioOf,
  ratioText,
  shoot,
  textOf,
  todayIn,
  untranslatedTexts,
  type Lang,
} from './support/performance.js';
import { fleetViewer } from './support/scope.js';
import { smallTargets } from './support/tap-targets.js';

// Issue 42's performance analytics on the demo fleet (support/global-setup.ts: DEMO_FLEET=on, three days of history).
// The performance job (jobs role, every minute) gives each demo plant-day that produced energy the irradiance of the
// demo's simulated sky ("demo sky"), so every demo plant has a performance ratio (PR) a minute or so after the history
// is seeded; and the Suzhou plant's third inverter has lost its PV2 string since ten days before the demo's first
// start, so it makes about half of what its two siblings of the same model make. The journeys sign in as viewers of
// the demo fleet alone: the administrator's scope also holds the plants other journeys make and delete meanwhile.

const SUZHOU = '苏州工业园区储能电站';
/** The Suzhou inverter without its PV2 string, and its two siblings of the same model. */
const LOST_STRING = 'VF10K2400103';
const SIBLINGS = ['VF10K2400101', 'VF10K2400102'];
/** How long the job may take to give the seeded days their irradiance: a minute's round, on a busy machine. */
const FIGURES_WAIT_MS = 150_000;
const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;
/** A phone as e2e/phone-fit.e2e.ts sets it up: 390×844, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

interface ListedPlant {
  plantId: number;
  name: string;
  timeZone: string;
}

test.describe('performance analytics', () => {
  const journey = setupJourney();

  /** A viewer of the demo fleet (plants, and devices to open an inverter), reading `lang`. */
  async function viewer(lang: Lang, prefix: string) {
    const user = await fleetViewer(journey, ['A', 'B', 'B/A'], prefix);
    await journey.api.call('PUT', '/api/auth/me/language', { token: user.token, body: { language: lang } });
    return user;
  }
  const get = <T>(token: string, url: string) => journey.api.call<T>('GET', url, { token });

  /**
   * Waits until the job has given the demo's seeded days their irradiance: every plant in the viewer's ranking of the
   * fleet page's span has a PR, and the inverter that lost a string has its ratio to its siblings.
   */
  async function figuresReady(token: string): Promise<void> {
    const { from, to } = last30Days();
    await expect
      .poll(
        async () => {
          const plants = await get<PlantRanking>(token, `/api/performance/plants?from=${from}&to=${to}&pageSize=100`);
          const devices = await get<DeviceRanking>(
            token,
            `/api/performance/devices?from=${from}&to=${to}&q=${LOST_STRING}`,
          );
          const waiting = plants.rows.filter((r) => r.pr === null).map((r) => r.plantName);
          if (plants.rows.length === 0) waiting.push('(no plants)');
          if (devices.rows.find((r) => r.sn === LOST_STRING)?.siblingRatio == null) waiting.push(LOST_STRING);
          return waiting;
        },
        { timeout: FIGURES_WAIT_MS, intervals: [5000], message: 'plants and inverters still without figures' },
      )
      .toEqual([]);
  }

  /** The Suzhou plant, once every day of its Performance tab's default span that made energy has the demo's sky. */
  async function suzhouReady(token: string): Promise<ListedPlant> {
    const plant = (await get<ListedPlant[]>(token, '/api/plants')).find((p) => p.name === SUZHOU);
    if (!plant) throw new Error(`the demo has no plant ${SUZHOU}`);
    const today = todayIn(plant.timeZone);
    const url = `/api/plants/${plant.plantId}/performance?granularity=day&from=${addDays(today, -30)}&to=${addDays(today, -1)}`;
    await expect
      .poll(
        async () => {
          const { rows } = await get<PlantPerformance>(token, url);
          // After the first (partial) day, which gets no irradiance.
          const made = rows.filter((r) => r.actualKwh > 0).slice(1);
          return made.length > 0 && made.every((r) => r.source === 'demoSky');
        },
        {
          timeout: FIGURES_WAIT_MS,
          intervals: [5000],
          message: `${SUZHOU}'s whole days with energy have the demo sky`,
        },
      )
      .toBe(true);
    return plant;
  }

  /** The ids of a ranking's rows as the page lists them, in order. */
  const rowIds = (list: Locator, prefix: string) =>
    list
      .locator(`[data-testid^="${prefix}"]`)
      .evaluateAll((rows, p) => rows.map((row) => Number(row.getAttribute('data-testid')!.slice(p.length))), prefix);

  test('the fleet page, from the menu, ranks the plants by PR and the inverter that lost a string first', async () => {
    test.setTimeout(FIGURES_WAIT_MS + 90_000);
    const user = await viewer('en', 'perfFleet');
    await figuresReady(user.token);
    const page = await journey.open('en-US', DESKTOP);
    await loginViaForm(page, user.username, USER_PASSWORD);

    // Plant Center → Plant performance, in the menu as a user finds it.
    const item = page.getByTestId('menu-item-plantPerformance');
    const module = page.getByTestId('menu').locator('li.ant-menu-submenu').filter({ has: item });
    await expect(module.locator('.ant-menu-submenu-title')).toHaveText('Plant Center');
    const plantsAnswer = answerTo<PlantRanking>(page, '/api/performance/plants');
    await item.click();
    await page.waitForURL('**/plantCenter/plantPerformance');
    await expectTitle(page, 'Plant performance');
    const plants = (await plantsAnswer).data;

    // Plants, worst PR first: the page lists the answer's plants in its order, each with its PR, ascending.
    const plantList = page.getByTestId('ranking-plants');
    await tableLoaded(plantList);
    await expect.poll(() => rowIds(plantList, 'ranking-plants-row-')).toEqual(plants.rows.map((r) => r.plantId));
    expect(plants.total).toBe(plants.rows.length);
    const prs: number[] = [];
    for (const row of plants.rows) {
      const shown = await textOf(page.getByTestId(`ranking-plant-pr-${row.plantId}`));
      expect(shown, row.plantName).toBe(ratioText(row.pr, 'en'));
      prs.push(ratioOf(shown, 'en'));
      await expect(page.getByTestId(`ranking-plant-link-${row.plantId}`)).toHaveText(row.plantName);
    }
    for (const [i, pr] of prs.entries()) {
      expect(pr, plants.rows[i]!.plantName).toBeGreaterThan(0);
      expect(pr, plants.rows[i]!.plantName).toBeLessThan(1.2);
    }
    expect(prs).toEqual([...prs].sort((a, b) => a - b));

    // Inverters, by their share of their same-model siblings' median: the one without its PV2 string first.
    const devicesAnswer = answerTo<DeviceRanking>(page, '/api/performance/devices');
    await page.getByTestId('performance-view-devices').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('devices');
    const devices = (await devicesAnswer).data;
    const deviceList = page.getByTestId('ranking-devices');
    await tableLoaded(deviceList);
    const lost = devices.rows.find((r) => r.sn === LOST_STRING)!;
    await expect.poll(async () => (await rowIds(deviceList, 'ranking-devices-row-'))[0]).toBe(lost.deviceId);
    await expect(page.getByTestId(`ranking-device-link-${lost.deviceId}`)).toHaveText(LOST_STRING);
    const ratioShown = await textOf(page.getByTestId(`ranking-device-ratio-${lost.deviceId}`));
    expect(ratioShown).toBe(ratioText(lost.siblingRatio, 'en'));
    expect(ratioOf(ratioShown, 'en')).toBeGreaterThan(0);
    expect(ratioOf(ratioShown, 'en')).toBeLessThan(0.7);
    // Its siblings are compared with the median of the three (themselves included), which the lost string cannot
    // move: they are at about 100 %.
    for (const sn of SIBLINGS) {
      const sibling = devices.rows.find((r) => r.sn === sn)!;
      expect(sibling.siblings, sn).toBe(2);
      const shown = await textOf(page.getByTestId(`ranking-device-ratio-${sibling.deviceId}`));
      expect(shown, sn).toBe(ratioText(sibling.siblingRatio, 'en'));
      expect(ratioOf(shown, 'en'), sn).toBeGreaterThan(0.95);
      expect(ratioOf(shown, 'en'), sn).toBeLessThan(1.1);
    }

    // The inverter opens its detail page.
    await page.getByTestId(`ranking-device-link-${lost.deviceId}`).click();
    await page.waitForURL(`**/deviceCenter/deviceList/${lost.deviceId}`);
    await expectTitle(page, LOST_STRING);
  });

  test('the CSV export holds the plants the page lists, under a header in the UI language', async () => {
    test.setTimeout(FIGURES_WAIT_MS + 60_000);
    const user = await viewer('de', 'perfExport');
    await figuresReady(user.token);
    const page = await journey.open('de-DE', DESKTOP);
    const answer = answerTo<PlantRanking>(page, '/api/performance/plants');
    await loginViaForm(page, user.username, USER_PASSWORD, '/plantCenter/plantPerformance');
    await expectTitle(page, 'Anlagenperformance');
    const { data: ranking, query } = await answer;
    const list = page.getByTestId('ranking-plants');
    await tableLoaded(list);
    await expect.poll(() => rowIds(list, 'ranking-plants-row-')).toEqual(ranking.rows.map((r) => r.plantId));
    const names = await list.locator('[data-testid^="ranking-plant-link-"]').allInnerTexts();

    const exported = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/performance/plants/export' && res.ok(),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download') as Promise<Download>,
      page.getByTestId('performance-export-csv').click(),
    ]);
    // The page's span, not another.
    const asked = new URL((await exported).url()).searchParams;
    expect([asked.get('from'), asked.get('to'), asked.get('format')]).toEqual([
      query.get('from'),
      query.get('to'),
      'csv',
    ]);
    expect(download.suggestedFilename()).toMatch(/^plant-performance-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRows((await readFile(await download.path())).toString('utf8'));
    expect(header).toEqual(PLANT_RANKING_EXPORT_COLUMNS.map((c) => translate(c.label, 'de')));
    expect(header).not.toEqual(PLANT_RANKING_EXPORT_COLUMNS.map((c) => translate(c.label, 'en')));
    // The same plants in the same order (worst first), with the same ratios.
    const column = (key: string) => PLANT_RANKING_EXPORT_COLUMNS.findIndex((c) => c.key === key);
    expect(rows.map((r) => r[column('plant')])).toEqual(names);
    expect(rows.map((r) => Number(r[column('pr')]))).toEqual(ranking.rows.map((r) => r.pr));
  });

  test('the Suzhou plant’s Performance tab: days under the demo sky, and a month total equal to its days’', async () => {
    test.setTimeout(FIGURES_WAIT_MS * 2 + 90_000);
    const user = await viewer('en', 'perfTab');
    await figuresReady(user.token);
    const plant = await suzhouReady(user.token);
    const page = await journey.open('en-US', DESKTOP);
    await loginViaForm(page, user.username, USER_PASSWORD, '/plantCenter/plantList');

    // The plant list's 30-day PR, which the tab's default span (the last 30 complete days of the plant) totals.
    const row = await showRow(page, 'plant-table', SUZHOU);
    const listed = await textOf(row.getByTestId(`plant-pr-${plant.plantId}`));
    expect(ratioOf(listed, 'en')).toBeGreaterThan(0);
    await row.getByTestId(`plant-link-${plant.plantId}`).click();
    await expectTitle(page, SUZHOU);
    const dayAnswer = answerTo<PlantPerformance>(page, `/api/plants/${plant.plantId}/performance`, {
      granularity: 'day',
    });
    await page.getByTestId('detail-tab-performance').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('performance');
    const days = (await dayAnswer).data;
    const tab = page.getByTestId('performance-tab');
    const table = tab.getByTestId('performance-rows');
    await tableLoaded(table);

    // Days: the demo's sky, with actual and expected energy and a PR each; the charts drawn; no clear-sky warning.
    await expect(tab.getByTestId('performance-source')).toHaveAttribute('data-source', 'demoSky');
    await expect(tab.getByTestId('performance-clear-sky')).toHaveCount(0);
    await expect(tab.getByTestId('performance-verdict')).toHaveAttribute('data-state', /^(under|normal|unknown)$/);
    await expect(tab.getByTestId('performance-energy-chart')).toBeVisible();
    await expect(tab.getByTestId('performance-pr-chart')).toBeVisible();
    // The days that made energy (the history's three days). The first is partial (the history began in its middle):
    // it has energy and no irradiance, so no ratio; every later one has the demo's sky.
    const [partial, ...made] = days.rows.filter((r) => r.actualKwh > 0);
    expect(partial).toMatchObject({ source: null, pr: null });
    expect(made.length).toBeGreaterThan(0);
    for (const day of made) {
      const cells = table.getByTestId(`performance-row-${day.period}`).locator('td');
      expect(await textOf(cells.nth(0))).toBe(day.period);
      await expect(table.getByTestId(`performance-source-${day.period}`)).toHaveAttribute('data-source', 'demoSky');
      await expect(table.getByTestId(`performance-source-${day.period}`)).toHaveText(
        translate(IRRADIANCE_SOURCE_LABELS.demoSky, 'en'),
      );
      expect(day.expectedKwh, day.period).toBeGreaterThan(0);
      expect(await textOf(cells.nth(1))).toBe(figureText(day.actualKwh, 'en'));
      expect(await textOf(cells.nth(2))).toBe(figureText(day.expectedKwh, 'en'));
      const pr = await textOf(table.getByTestId(`performance-pr-${day.period}`));
      expect(pr).toBe(ratioText(day.pr, 'en'));
      expect(ratioOf(pr, 'en'), day.period).toBeGreaterThan(0);
    }
    // The total of the last 30 days is the plant list's 30-day PR.
    expect(await textOf(table.getByTestId('performance-pr-total'))).toBe(listed);

    // Months: the total row of the last 12 months...
    const monthAnswer = answerTo<PlantPerformance>(page, `/api/plants/${plant.plantId}/performance`, {
      granularity: 'month',
    });
    await page.getByTestId('performance-granularity-month').click();
    await expect(page.getByTestId('performance-granularity-month')).toHaveAttribute('aria-checked', 'true');
    const { query: monthSpan } = await monthAnswer;
    const from = monthSpan.get('from')!;
    const to = monthSpan.get('to')!;
    await tableLoaded(table);
    const monthTotal = table.getByTestId('performance-row-total');
    await expect(monthTotal.locator('td').first()).toHaveText('Total');
    const prTotal = ratioOf(await textOf(table.getByTestId('performance-pr-total')), 'en');
    expect(prTotal).toBeGreaterThan(0.3);
    expect(prTotal).toBeLessThan(1.2);

    // ...is the days' total over the same span, typed into the day view in a second tab of the same session. Today's
    // energy grows with each reading, and each tab refetches its figures on the plant's live readings: the two rows
    // agree between readings, whatever the time of day.
    const dayTab = await page.context().newPage();
    await dayTab.goto(`/plantCenter/plantList/${plant.plantId}?tab=performance`);
    await dayTab.getByTestId('performance-rows').waitFor();
    const spanAnswer = answerTo<PlantPerformance>(dayTab, `/api/plants/${plant.plantId}/performance`, {
      granularity: 'day',
      from,
      to,
    });
    await typeDay(dayTab, 'performance-from', from);
    await typeDay(dayTab, 'performance-to', to);
    await spanAnswer;
    const dayTotal = dayTab.getByTestId('performance-row-total');
    await expect
      .poll(async () => {
        const [month, day] = [await textOf(monthTotal), await textOf(dayTotal)];
        return month === day ? 'equal' : `month ${month} ≠ days ${day}`;
      })
      .toBe('equal');
    const actual = await textOf(monthTotal.locator('td').nth(1));
    expect(Number(actual.replace(/,/g, ''))).toBeGreaterThan(0);
  });

  test('in German: screenshots at 1440 px, and on a phone the fleet page and the tab fit the width with 44 px targets', async () => {
    test.setTimeout(FIGURES_WAIT_MS * 2 + 120_000);
    const user = await viewer('de', 'perfDe');
    await figuresReady(user.token);
    const plant = await suzhouReady(user.token);
    const tabPath = `/plantCenter/plantList/${plant.plantId}?tab=performance`;
    const untranslated = await untranslatedTexts();

    // 1440 px: the plants, the inverters and the tab, for the record.
    const desk = await journey.open('de-DE', DESKTOP);
    await loginViaForm(desk, user.username, USER_PASSWORD, '/plantCenter/plantPerformance');
    await expectTitle(desk, 'Anlagenperformance');
    await tableLoaded(desk.getByTestId('ranking-plants'));
    expect(await untranslated(desk)).toEqual([]);
    await shoot(desk, 'perf-fleet-de-1440.png');
    await desk.getByTestId('performance-view-devices').click();
    await tableLoaded(desk.getByTestId('ranking-devices'));
    await desk.locator('[data-testid^="ranking-device-ratio-"]').first().waitFor();
    expect(await untranslated(desk)).toEqual([]);
    await shoot(desk, 'perf-devices-de-1440.png');
    await desk.goto(tabPath);
    await expectTitle(desk, SUZHOU);
    await tableLoaded(desk.getByTestId('performance-rows'));
    await desk.getByTestId('performance-source').waitFor();
    expect(await untranslated(desk)).toEqual([]);
    await shoot(desk, 'perf-tab-de-1440.png');

    // A phone: nothing scrolls sideways, every control is a big enough target.
    const phone = await journey.open('de-DE', PHONE);
    await loginViaForm(phone, user.username, USER_PASSWORD, '/plantCenter/plantPerformance');
    await expectTitle(phone, 'Anlagenperformance');
    const found: Record<string, unknown> = {};
    const measure = async (where: string) => {
      const wide = await overflow(phone);
      if (wide.by > 0) found[`${where}: wider than the window`] = wide;
      const small = await smallTargets(phone);
      if (small.length > 0) found[`${where}: targets under 44 px`] = small.map((s) => `${s.what}: ${s.size}`);
      const english = await untranslated(phone);
      if (english.length > 0) found[`${where}: English`] = english;
    };
    await phone.getByTestId('ranking-plants').locator('.phone-card').first().waitFor();
    await measure('plants');
    await shoot(phone, 'perf-fleet-de-390.png');
    await phone.getByTestId('performance-view-devices').tap();
    await phone.getByTestId('ranking-devices').locator('.phone-card').first().waitFor();
    await measure('inverters');
    await phone.goto(tabPath);
    await expectTitle(phone, SUZHOU);
    await tableLoaded(phone.getByTestId('performance-rows'));
    await phone.getByTestId('performance-source').waitFor();
    await measure('Performance tab, days');
    await shoot(phone, 'perf-tab-de-390.png');
    await phone.getByTestId('performance-granularity-month').tap();
    await phone.getByTestId('performance-row-total').waitFor();
    await tableLoaded(phone.getByTestId('performance-rows'));
    await measure('Performance tab, months');
    expect(found).toEqual({});
  });
});
