import { expect, test, type Page } from '@playwright/test';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import { ALL_PERMISSION_CODES, permittedRoutes } from '@voltfleet/domain/permissions';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  loginViaForm,
  readMenu,
  setupJourney,
  type Journey,
} from './support/journey.js';
import { overflow } from './support/overflow.js';
import { fleetViewer } from './support/scope.js';
import { smallTargets, type SmallTarget } from './support/tap-targets.js';

// Issue 41 point 1: a phone (390×844, touch) and a tablet (768×1024) open every page of the administrator's menu, the
// header's own pages, a plant's and a device's detail, the plant's Performance tab (issue 42: its span fields, charts
// and table of periods), and the sign-in and registration pages, and none of them scrolls sideways. On the phone every
// control of those pages, of their filter sheets and of the menu drawer is a tap target of at least 44×44 px
// (support/tap-targets.ts: what is measured, and the exceptions). Then a phone journey through the menu drawer to a
// device's live values, and screenshots in German (the longest words) of the pages laid out for a phone.

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
] as const;
const TOUCH = { hasTouch: true, isMobile: true } as const;

/** Every page the permission table registers, in menu order (what an administrator's menu offers). */
const MENU_PATHS = permittedRoutes(new Set(ALL_PERMISSION_CODES)).map((route) => route.fullPath);
/** The header's pages, outside the permission table (apps/web/src/app/routes.ts). */
const HEADER_PATHS = ['/messages', '/workOrders', '/personalCenter', '/notices'];
/** The demo inverters report every 30–60 s; the newest reading changes well within this. */
const LIVE_WAIT_MS = 90_000;

/** What a tab that loads its code and figures after the page shows once they are in, by its `tab` in the address. */
const TAB_READY: Record<string, string> = {
  performance: '[data-testid="performance-rows"], [data-testid="performance-failed"]',
};

/** Opens a page and lets it draw: its title (every shell page has one), its tab's figures if any, then no spinner. */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('page-title').first().waitFor();
  const tab = new URL(path, 'http://localhost').searchParams.get('tab');
  if (tab && TAB_READY[tab]) await page.locator(TAB_READY[tab]).first().waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: WAIT_MS })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

const onlineInverters = async (journey: Journey): Promise<DeviceListItem[]> =>
  (
    await journey.api.call<{ items: DeviceListItem[] }>('GET', '/api/devices?kind=inverter&status=online&pageSize=50', {
      token: journey.admin,
    })
  ).items;

/** A plant and a device of the demo fleet, for their detail pages, and the plant's Performance tab. */
async function detailPaths(journey: Journey): Promise<string[]> {
  const plants = await journey.api.call<{ plantId: number }[]>('GET', '/api/plants', { token: journey.admin });
  let devices: DeviceListItem[] = [];
  await expect
    .poll(async () => (devices = await onlineInverters(journey)).length, { timeout: 60_000, intervals: [1000] })
    .toBeGreaterThan(0);
  const plant = `/plantCenter/plantList/${plants[0]!.plantId}`;
  return [plant, `/deviceCenter/deviceList/${devices[0]!.id}`, `${plant}?tab=performance`];
}

test.describe('pages on a phone and a tablet', () => {
  const journey = setupJourney();

  for (const size of SIZES) {
    test(`at ${size.viewport.width}×${size.viewport.height} no page scrolls sideways`, async () => {
      test.setTimeout(240_000);
      const page = await journey.open('en-US', { viewport: size.viewport, ...TOUCH });
      const wide: Record<string, { by: number; where: string[] }> = {};
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await page.locator('form input').first().waitFor();
        const fit = await overflow(page);
        if (fit.by > 0) wide[path] = fit;
      }
      await loginViaForm(page, 'admin', ADMIN_PASSWORD);
      // The menu (a drawer on a phone) offers exactly the pages measured here. In its own order: it groups a module's
      // pages by menu group, so a page the table lists last can show higher (plant performance, under the overview).
      if (size.name === 'phone') await page.getByTestId('menu-open').click();
      expect((await readMenu(page)).pages.sort()).toEqual(MENU_PATHS.map((path) => path.split('/').at(-1)).sort());
      for (const path of [...MENU_PATHS, ...HEADER_PATHS, ...(await detailPaths(journey))]) {
        await openPage(page, path);
        const fit = await overflow(page);
        if (fit.by > 0) wide[path] = fit;
      }
      expect(wide, 'pages wider than the window, by how many pixels').toEqual({});
    });
  }

  test('on a phone every tap target is at least 44×44 px', async () => {
    test.setTimeout(240_000);
    const page = await journey.open('en-US', { viewport: SIZES[0].viewport, ...TOUCH });
    const small: Record<string, string[]> = {};
    const note = (where: string, found: SmallTarget[]) => {
      if (found.length > 0) small[where] = found.map((target) => `${target.what}: ${target.size}`);
    };
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.locator('form input').first().waitFor();
      note(path, await smallTargets(page));
    }
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    for (const path of [...MENU_PATHS, ...HEADER_PATHS, ...(await detailPaths(journey))]) {
      await openPage(page, path);
      note(path, await smallTargets(page));
      // A list whose filters wait in a sheet on a phone: the sheet's controls too.
      const filters = page.locator('.filter-sheet-button');
      if ((await filters.count()) === 0) continue;
      await filters.click();
      await page.locator('.filter-sheet.ant-drawer-open .ant-drawer-body').waitFor();
      await page.waitForTimeout(500);
      note(`${path} filters`, await smallTargets(page, '.filter-sheet'));
      await page.keyboard.press('Escape');
    }
    // The menu drawer, over the last page.
    await page.getByTestId('menu-open').click();
    await page.getByTestId('menu-drawer').waitFor();
    await page.waitForTimeout(500);
    note('menu drawer', await smallTargets(page, '.shell-menu-drawer'));
    expect(small, 'tap targets smaller than 44×44 px, by page').toEqual({});
  });

  test('on a phone the menu drawer leads to a device whose live values change', async () => {
    test.setTimeout(LIVE_WAIT_MS * 2 + 60_000);
    const page = await journey.open('en-US', { viewport: SIZES[0].viewport, ...TOUCH });
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    // No side menu on a phone: the hamburger opens it as a drawer, and choosing a page closes it.
    await expect(page.locator('.shell-sider')).toHaveCount(0);
    await page.getByTestId('menu-open').click();
    await page.getByTestId('menu-item-deviceList').click();
    await page.waitForURL('**/deviceCenter/deviceList');
    await expect(page.getByTestId('menu-drawer')).toBeHidden();

    // A card per device: one of an inverter online now.
    let sn = '';
    await expect
      .poll(
        async () => {
          const online = await onlineInverters(journey);
          const shown = await page.locator('[data-testid^="device-link-"]').allInnerTexts();
          return (sn = shown.find((text) => online.some((d) => d.sn === text)) ?? '');
        },
        { timeout: LIVE_WAIT_MS, intervals: [2000] },
      )
      .not.toBe('');
    await page.getByTestId(`device-link-${sn}`).tap();
    await page.waitForURL(/\/deviceCenter\/deviceList\/\d+$/);
    await page.getByRole('tab', { name: 'Real-time data' }).tap();
    const values = page.getByTestId('device-realtime');
    await page.getByTestId('realtime-group-pv').waitFor();
    const read = () =>
      values.evaluate((root) =>
        Object.fromEntries(
          Array.from(root.querySelectorAll('[data-testid^="realtime-"], [data-testid="device-realtime-time"]')).map(
            (el) => [el.getAttribute('data-testid')!, el.textContent ?? ''],
          ),
        ),
      );
    const before = await read();
    expect(before['realtime-pvPowerW']).toMatch(/^(—|[\d,.\s]+ W)$/);
    // The values are read on the phone without scrolling sideways, and a new reading changes them.
    expect((await overflow(page)).by).toBe(0);
    await expect
      .poll(
        async () => {
          const now = await read();
          return Object.keys(now).filter((key) => now[key] !== before[key]).length;
        },
        { timeout: LIVE_WAIT_MS, intervals: [1000] },
      )
      .toBeGreaterThan(0);
  });

  test('screenshots in German of the pages laid out for a phone and a tablet', async () => {
    test.setTimeout(240_000);
    const viewer = await fleetViewer(journey, ['A', 'B', 'B/A'], 'phoneDe');
    const [plant, device] = await detailPaths(journey);
    const shots = [
      ['plant-list', '/plantCenter/plantList'],
      ['plant-detail', plant!],
      ['messages', '/messages'],
      ['device-list', '/deviceCenter/deviceList'],
      ['device-detail', device!],
    ] as const;
    const FILTER_SHEETS: Record<string, string> = {
      'plant-list': 'plant-filters',
      'device-list': 'device-filters',
      messages: 'messages-filters',
    };
    for (const size of SIZES) {
      const page = await journey.open('de-DE', { viewport: size.viewport, ...TOUCH });
      const shoot = async (name: string) => {
        const path = test.info().outputPath(`${name}-${size.viewport.width}.png`);
        await page.screenshot({ path, fullPage: true });
        await test.info().attach(`${name}-${size.viewport.width}`, { path, contentType: 'image/png' });
      };
      await page.goto('/register');
      await page.getByTestId('lang-switch').click();
      await page.getByTestId('lang-option-de').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
      await page.locator('form input').first().waitFor();
      await shoot('register');
      await page.goto('/login');
      await page.locator('form input').first().waitFor();
      await shoot('login');
      await loginViaForm(page, viewer.username, USER_PASSWORD);
      for (const [name, path] of shots) {
        await openPage(page, path);
        await shoot(name);
        // A phone's list keeps its filters in a sheet.
        const sheet = FILTER_SHEETS[name];
        if (size.name === 'phone' && sheet) {
          await page.getByTestId(`${sheet}-open`).click();
          await page.getByTestId(sheet).waitFor();
          await page.waitForTimeout(500);
          await shoot(`${name}-filters`);
          await page.keyboard.press('Escape');
        }
      }
      // The device's live values and its history chart, which must fit the width.
      await page.getByRole('tab', { name: 'Echtzeitdaten' }).click();
      await page.getByTestId('device-realtime').waitFor();
      await shoot('device-realtime');
      await page.getByRole('tab', { name: 'Verlaufskurve' }).click();
      await page.getByTestId('history-fields').waitFor();
      await page.waitForTimeout(1500);
      await shoot('device-history');
      if (size.name === 'phone') {
        // The bell's newest messages and the language list open within the window.
        await page.getByTestId('notification-bell').click();
        await page.locator('.bell-popover').waitFor();
        await page.waitForTimeout(500);
        await shoot('bell');
        await page.keyboard.press('Escape');
        await page.getByTestId('lang-switch').click();
        await shoot('language');
        await page.getByTestId('lang-switch').click();
        await page.getByTestId('menu-open').click();
        await page.getByTestId('menu-drawer').waitFor();
        await shoot('menu-drawer');
      }
    }
  });
});
