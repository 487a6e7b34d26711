import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { newPage } from './support/browser.js';
import { ADMIN_PASSWORD, USER_PASSWORD, WAIT_MS, loginViaForm, setupJourney, unique } from './support/journey.js';
import { fleetViewer } from './support/scope.js';
import { startServer, type RunningServer } from './support/server.mjs';

// Big screens (issue 17): /bigScreen/map, /bigScreen/charts, /bigScreen/flowGraph for a session or a kiosk link.

interface ScreenPlant {
  plantId: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}
interface PowerFlow {
  pvPowerW: number | null;
  loadPowerW: number | null;
  gridPowerW: number | null;
  batPowerW: number | null;
  batSocPct: number | null;
}
interface KioskCreated {
  id: number;
  token: string;
}

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;
const LANGS = {
  zh: { map: '地图大屏', charts: '图表大屏', flowGraph: '能流大屏' },
  en: { map: 'Fleet map', charts: 'Fleet charts', flowGraph: 'Energy flow' },
  cs: { map: 'Mapa elektráren', charts: 'Grafy elektráren', flowGraph: 'Tok energie' },
  de: { map: 'Anlagenkarte', charts: 'Anlagendiagramme', flowGraph: 'Energiefluss' },
} as const;
const VIEWS = ['map', 'charts', 'flowGraph'] as const;

/** What each view shows once its figures are in. */
const READY = { map: 'bigscreen-figure-plants', charts: 'bigscreen-panel-top', flowGraph: 'energy-flow' } as const;

/** The last day a link made now works: a month ahead. */
const expiresOn = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** Neither the page nor any block inside the stage scrolls or hides an overflow: the layout fits the wall. */
async function expectFits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const html = document.documentElement;
    const clipped = Array.from(document.querySelectorAll('.bs-panel, .bs-figure, .bs-side, .bs-message, .bs-flow-body'))
      .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) =>
          `${el.className}${el.getAttribute('data-testid') ? ` (${el.getAttribute('data-testid')})` : ''}: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
      );
    return {
      page: [html.scrollWidth - html.clientWidth, html.scrollHeight - html.clientHeight],
      body: [
        document.body.scrollWidth - document.body.clientWidth,
        document.body.scrollHeight - document.body.clientHeight,
      ],
      clipped,
    };
  });
  expect(overflow).toEqual({ page: [0, 0], body: [0, 0], clipped: [] });
}

/** No value the screen draws is broken, and no text is a raw message key. */
async function expectClean(page: Page): Promise<void> {
  const text = await page.getByTestId('bigscreen').innerText();
  // A message key is camelCase dotted ("bigScreen.figures.alarms", "alarmTally.none") or a core section's.
  expect(text).not.toMatch(/NaN|undefined|\bnull\b|Infinity|\b(?:[a-z]+[A-Z]\w*|common|errors)\.[a-z]\w*/);
}

test.describe('big screens', () => {
  const journey = setupJourney();
  const get = <T>(url: string) => journey.api.call<T>('GET', url, { token: journey.admin });
  const kioskLink = (plantIds: number[] | null) =>
    journey.api.call<KioskCreated>('POST', '/api/kiosk-links', {
      token: journey.admin,
      body: { name: unique('wall'), plantIds, expiresOn: expiresOn() },
    });

  test('fits 1920×1080 and 3840×2160 in the four languages, with no broken values', async () => {
    test.setTimeout(240_000);
    const link = await kioskLink(null);
    for (const size of SIZES) {
      for (const [lang, names] of Object.entries(LANGS)) {
        const page = await journey.open();
        await page.setViewportSize(size);
        await page.addInitScript((l) => localStorage.setItem('voltfleet.lang', l), lang);
        await page.goto(`/bigScreen/map?kiosk=${link.token}`);
        for (const view of VIEWS) {
          await page.getByTestId(`bigscreen-tab-${view}`).click();
          await page.getByTestId(READY[view]).waitFor();
          await expect.poll(() => page.getByTestId(`bigscreen-tab-${view}`).innerText()).toBe(names[view]);
          // The stage fills the screen's width or height: scaled, not a 1920 px island on a 4K wall.
          const stage = (await page.locator('.bs-stage').boundingBox())!;
          expect(Math.max(stage.width / size.width, stage.height / size.height)).toBeCloseTo(1, 2);
          await expectFits(page);
          await expectClean(page);
        }
      }
    }
  });

  test("opens its selects on a 4K wall at the stage's scale, under the select", async () => {
    const link = await kioskLink(null);
    const page = await journey.open();
    await page.setViewportSize(SIZES[1]);
    await page.goto(`/bigScreen/map?kiosk=${link.token}`);
    const select = page.getByTestId('bigscreen-rotate');
    await select.click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await dropdown.waitFor();
    // Inside the scaled stage (in the page's body it came out at the 1920 layout's size, half as wide as the select).
    expect(await dropdown.evaluate((el) => el.closest('.bs-stage') !== null)).toBe(true);
    await expect
      .poll(async () => {
        const [box, list] = [(await select.boundingBox())!, (await dropdown.boundingBox())!];
        return {
          width: Math.abs(list.width / box.width - 1) < 0.05,
          left: Math.abs(list.x - box.x) < 4,
          below: list.y >= box.y + box.height - 2 && list.y < box.y + box.height + 40,
        };
      })
      .toEqual({ width: true, left: true, below: true });
  });

  test('shows every plant of the scope on the map, once', async () => {
    // The scope of a viewer of the demo fleet: the administrator's also holds the plants other journeys make and
    // delete meanwhile, which the map and the API could each count at a different moment.
    const viewer = await fleetViewer(journey, ['A', 'A/A'], 'wallMap', ['bigScreen/map']);
    const asViewer = <T>(url: string) => journey.api.call<T>('GET', url, { token: viewer.token });
    const page = await journey.open();
    await page.setViewportSize(SIZES[0]);
    await loginViaForm(page, viewer.username, USER_PASSWORD);
    // The big screens live outside the shell: a sign-in's `from` does not lead there, a link or the address bar does.
    await page.goto('/bigScreen/map');
    await page.getByTestId('bigscreen-map').waitFor();
    const { plants } = await asViewer<{ plants: ScreenPlant[] }>('/api/big-screen/plants');
    const placed = plants.filter((p) => p.latitude !== null && p.longitude !== null);
    expect(placed.length).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const singles = await page.getByTestId('bigscreen-marker').count();
        const grouped = await page
          .getByTestId('bigscreen-cluster')
          .evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute('data-count')), 0));
        return singles + grouped;
      })
      .toBe(placed.length);
    const ids = await page
      .getByTestId('bigscreen-marker')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-plant-id'))));
    for (const id of ids) expect(placed.map((p) => p.plantId)).toContain(id);
    const stats = await asViewer<{ counts: { all: number } }>('/api/plant-statistics/summary');
    await expect.poll(() => page.getByTestId('bigscreen-figure-plants').innerText()).toBe(String(stats.counts.all));
  });

  test("shows the same power flow as the plant detail's", async () => {
    test.setTimeout(180_000);
    const { plants } = await get<{ plants: ScreenPlant[] }>('/api/big-screen/plants');
    const plant = plants[0]!;
    // Both read the same services: asked together (no reading in between), the answers agree.
    await expect
      .poll(
        async () => {
          const [flow, overview] = await Promise.all([
            get<{ power: PowerFlow }>(`/api/big-screen/flow?plantId=${plant.plantId}`),
            get<{ power: PowerFlow }>(`/api/plants/${plant.plantId}/overview`),
          ]);
          return JSON.stringify(flow.power) === JSON.stringify(overview.power);
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    const page = await journey.open();
    await page.setViewportSize(SIZES[0]);
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    const detail = await page.context().newPage();
    await detail.goto(`/plantCenter/plantList/${plant.plantId}`);
    await detail.getByTestId('energy-flow-pv-power').waitFor();
    await page.goto(`/bigScreen/flowGraph?plant=${plant.plantId}`);
    await expect.poll(() => page.getByTestId('bigscreen-flow-name').innerText()).toBe(plant.name);
    // The figures move with every reading and both pages follow them live: between two readings both show the same.
    await expect
      .poll(
        async () => {
          const shown = ((await page.getByTestId('energy-flow').textContent()) ?? '').replace(/\s+/g, ' ');
          const values = await Promise.all(
            ['pv', 'load'].map(
              async (key) =>
                ((await detail.getByTestId(`energy-flow-${key}-power`).textContent()) ?? '')
                  .replace(/\s+/g, ' ')
                  .split(' ')[0]!,
            ),
          );
          return values.every((v) => v === '—' || shown.includes(v));
        },
        { timeout: 120_000, intervals: [1_000] },
      )
      .toBe(true);
  });

  test('a kiosk link made in the personal centre opens its plant only, without a login, until revoked', async () => {
    // The screen notices the revocation at its next check, up to 90 s below: the test's own budget allows for that.
    test.setTimeout(180_000);
    const { plants } = await get<{ plants: ScreenPlant[] }>('/api/big-screen/plants');
    const plant = plants.find((p) => p.latitude !== null)!;
    const owner = await journey.open();
    await loginViaForm(owner, 'admin', ADMIN_PASSWORD, '/personalCenter');
    await owner.getByTestId('kiosk-create').click();
    const name = unique('lobby');
    await owner.getByTestId('kiosk-name').fill(name);
    await owner.getByRole('radio', { name: 'Chosen plants' }).check();
    // A select of several plants: the option stays in the open list, marked as chosen.
    await owner.getByTestId('kiosk-plants').click();
    await owner
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText(plant.name, { exact: true })
      .click();
    await owner
      .locator('.ant-select-dropdown:visible .ant-select-item-option-selected')
      .getByText(plant.name, { exact: true })
      .waitFor();
    await owner.keyboard.press('Escape');
    await owner.getByTestId('kiosk-submit').click();
    const url = await owner.getByTestId('kiosk-url-map').locator('code').innerText();
    expect(url).toMatch(/\/bigScreen\/map\?kiosk=/);
    await owner.getByTestId('kiosk-done').click();
    await owner.getByTestId('kiosk-table').locator('tbody tr', { hasText: name }).waitFor();

    // A wall's browser: a fresh context, nobody signed in.
    const wall = await journey.open();
    await wall.setViewportSize(SIZES[0]);
    await wall.goto(url);
    await wall.getByTestId('bigscreen-figure-plants').waitFor();
    expect(new URL(wall.url()).search).not.toContain('kiosk=');
    await expect.poll(() => wall.getByTestId('bigscreen-figure-plants').innerText()).toBe('1');
    await expect
      .poll(() =>
        wall
          .getByTestId('bigscreen-marker')
          .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-plant-id')))),
      )
      .toEqual([plant.plantId]);
    await expect(wall.getByTestId('bigscreen-cluster').count()).resolves.toBe(0);

    // Revoked in the UI: the open screen says so within a minute (its next poll or the live channel's check).
    const row = owner.getByTestId('kiosk-table').locator('tbody tr', { hasText: name });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await owner.getByTestId('kiosk-revoke-ok').click();
    await row.getByTestId('kiosk-state').filter({ hasText: 'Revoked' }).waitFor();
    await wall.getByTestId('bigscreen-ended').waitFor({ timeout: 90_000 });
    expect(await wall.getByTestId('bigscreen-ended').innerText()).toContain('This kiosk link no longer works');
    // And after a reload (the token is kept by the tab).
    await wall.reload();
    await wall.getByTestId('bigscreen-ended').waitFor();
  });

  test('without a session or a link explains how to get one and reads no data', async () => {
    const page = await journey.open();
    await page.addInitScript(() => localStorage.setItem('voltfleet.lang', 'de'));
    const asked: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/big-screen')) asked.push(req.url());
    });
    await page.goto('/bigScreen/charts');
    await page.getByTestId('bigscreen-no-access').waitFor();
    expect(await page.getByTestId('bigscreen-no-access').innerText()).toContain('persönlichen Bereich');
    expect(asked).toEqual([]);
  });
});

test.describe('a big screen across a server restart', () => {
  /** How long its own server may take to start: a slow start on a busy machine is not what this describe tests. */
  const READY_MS = 150_000;
  let server: RunningServer | undefined;
  /** The test's context, of the worker's browser on this describe's own server. */
  let context: BrowserContext | undefined;

  test.beforeAll(async () => {
    test.setTimeout(READY_MS + 30_000);
    server = await startServer({ TRUST_PROXY: 'true' }, { readyMs: READY_MS });
  });
  test.afterEach(async () => {
    await context?.close();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('reconnects and resumes without a reload', async ({ browser }) => {
    test.setTimeout(READY_MS + 180_000);
    const opened = await newPage(browser, server!.baseUrl, 'en-US', { viewport: SIZES[0] });
    context = opened.context;
    const page = opened.page;
    page.setDefaultTimeout(WAIT_MS);
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    // The big screens live outside the shell: a sign-in's `from` does not lead there, a link or the address bar does.
    await page.goto('/bigScreen/map');
    await page.getByTestId('bigscreen-figure-plants').waitFor();
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { bigScreenMark: true }));
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    const again = server!.restartWith;
    await server!.stop({ keepData: true });
    server = await startServer({ TRUST_PROXY: 'true' }, { again, readyMs: READY_MS });
    // The screen opens a new socket by itself (backoff up to 30 s) and reads its figures again.
    await expect.poll(() => sockets.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.waitForResponse((res) => new URL(res.url()).pathname === '/api/big-screen/summary' && res.ok(), {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => (window as { bigScreenMark?: boolean }).bigScreenMark)).toBe(true);
    await page.getByTestId('bigscreen-figure-plants').waitFor();
    expect(await page.getByTestId('bigscreen-ended').count()).toBe(0);
  });
});
