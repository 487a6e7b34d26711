import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { FIRST_ALARM_MS, waitForAlarm, type ListedAlarm } from './support/alarms.js';
import { INVERTER_PLACE, inverterAt } from './support/demo-fleet.js';
import {
  ADMIN_PASSWORD,
  WAIT_MS,
  expectNotice,
  expectTitle,
  location,
  loginViaForm,
  setupJourney,
} from './support/journey.js';
import { newPage } from './support/browser.js';
import { runEnv } from './support/run-env.js';
import { chooseOption } from './support/select.js';

// Issue 41 point 1 part B: on a phone (390×844, touch) an alarm is found with the filter sheet and acknowledged in
// its drawer, a work order is opened from it and gets a photo from the camera, and one device is sent one command.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const PHOTO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'site-photo.jpg');
const SEVERITY_NAMES: Record<string, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
  warning: 'Warning',
};
/** Grid voltage high (device code 7, faultWord bit 6): a major grid alarm. */
const GRID_HIGH = 1 << 6;

interface StockInResult {
  device: { id: number; sn: string };
  credentials: { username: string; secret: string } | null;
}

const STATE_NAMES: Record<string, string> = { active: 'Active', recovered: 'Recovered' };
/** A demo inverter answers within a few seconds; the page hears the outcome live. */
const OUTCOME_MS = 30_000;

/** How much wider than the window the page is (0 when it does not scroll sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const root = document.documentElement;
    return Math.max(0, root.scrollWidth - Math.min(window.innerWidth, window.outerWidth || window.innerWidth));
  });

test.describe('phone journeys', () => {
  const journey = setupJourney();
  const contexts: BrowserContext[] = [];

  /** A phone's browser (390×844, touch) as this journey's client, closed after the test. */
  async function openPhone(browser: Browser): Promise<Page> {
    const { context, page } = await newPage(browser, journey.baseUrl, 'en-US', {
      ...PHONE,
      extraHTTPHeaders: journey.headers,
    });
    contexts.push(context);
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(WAIT_MS);
    return page;
  }

  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  /**
   * An alarm of the journey's own, active and unacknowledged: a new inverter in a demo plant reports a grid fault over
   * MQTT (the demo fleet's few alarms belong to the Alarm Center journey, which acknowledges them). The inverter then
   * counts among the fleet's alarm devices for a while, so this file runs alone, after the others (playwright.config).
   */
  let alarm: ListedAlarm;

  test.beforeAll(async () => {
    test.setTimeout(FIRST_ALARM_MS);
    const sn = `VFPH${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    const stocked = await journey.api.call<StockInResult>('POST', '/api/device-storage', {
      token: journey.admin,
      body: { sn, kind: 'inverter', modelType: '10K' },
    });
    const [plant] = await journey.api.call<{ plantId: number }[]>('GET', '/api/plants', { token: journey.admin });
    await journey.api.call('POST', `/api/device-storage/${stocked.device.id}/activate`, {
      token: journey.admin,
      body: { plantId: plant!.plantId },
    });
    const client = await mqtt.connectAsync(runEnv('mqttUrl'), {
      clientId: sn,
      username: stocked.credentials!.username,
      password: stocked.credentials!.secret,
    });
    try {
      // Reported for longer than the alarm engine's debounce, by the readings' own times.
      const now = Date.now();
      for (const ts of [now - 90_000, now - 30_000, now]) {
        const values = { pvPowerW: 1200, faultWord: GRID_HIGH };
        await client.publishAsync(`dev/${sn}/up/reading`, JSON.stringify({ sn, ts, values }), { qos: 1 });
      }
    } finally {
      await client.endAsync();
    }
    alarm = await waitForAlarm(journey, `sn=${sn}&state=active&ack=unacknowledged`);
  });

  test('finds an alarm with the filter sheet, acknowledges it in the drawer, opens a work order with a photo', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const page = await openPhone(browser);
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/alarmCenter/alarmSearch');
    await expectTitle(page, 'Alarm search');
    // The filters wait in a sheet; its button counts those set (the page opens on the active alarms).
    const open = page.getByTestId('alarm-filter-sheet-open');
    await expect(open).toHaveAccessibleName('Filters: 1 set');
    await open.click();
    const sheet = page.getByTestId('alarm-filter-sheet');
    await sheet.getByTestId('alarm-filter-sn').fill(alarm.sn);
    await chooseOption(page, sheet.getByTestId('alarm-filter-severity'), SEVERITY_NAMES[alarm.severity]!);
    await chooseOption(page, sheet.getByTestId('alarm-filter-state'), STATE_NAMES[alarm.state]!);
    await sheet.getByTestId('alarm-search').click();
    // Active is the search's default state: the URL names only another.
    const state = alarm.state === 'active' ? '' : `&state=${alarm.state}`;
    await expect
      .poll(() => location(page))
      .toBe(`/alarmCenter/alarmSearch?sn=${alarm.sn}&severity=${alarm.severity}${state}`);
    await expect(sheet).toBeHidden();
    await expect(open).toHaveAccessibleName('Filters: 3 set');

    // Cards, not the wide table; the page never scrolls sideways.
    const card = page.getByTestId(`alarm-card-${alarm.id}`);
    await card.waitFor();
    await expect(page.getByTestId('alarm-table')).toHaveCount(0);
    expect(await card.innerText()).toContain(alarm.sn);
    expect(await overflow(page)).toBe(0);
    const openButton = page.getByTestId(`alarm-open-${alarm.id}`);
    expect((await openButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await openButton.tap();
    const drawer = page.getByTestId('alarm-drawer');
    await drawer.getByTestId('alarm-timeline').waitFor();
    const ack = drawer.getByTestId('alarm-detail-ack');
    expect((await ack.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await overflow(page)).toBe(0);
    await ack.tap();
    await page.getByTestId('alarm-ack-note').fill('Checked on site');
    await page.getByTestId('alarm-ack-confirm').tap();
    await expectNotice(page, '1 alarm acknowledged');
    await drawer.getByTestId('alarm-timeline').locator('li', { hasText: 'Note: Checked on site' }).waitFor();
    await expect(drawer.getByTestId('alarm-detail-ack')).toHaveCount(0);

    // A work order from the alarm, then a photo from the camera.
    await drawer.getByTestId('alarm-detail-work-order').tap();
    await page.waitForURL('**/workOrders?**');
    const form = page.getByTestId('work-order-form');
    expect(await form.getByTestId('work-order-form-source').innerText()).toBe(
      `From alarm #${alarm.id} on device ${alarm.sn}`,
    );
    await page.getByTestId('work-order-form-submit').tap();
    await expect.poll(() => location(page)).toMatch(/^\/workOrders\?open=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('open'));
    const order = page.getByTestId('work-order-drawer');
    await expect(page.getByTestId('work-order-title')).toHaveText(new RegExp(`^#${id} `));
    expect(await overflow(page)).toBe(0);
    const camera = order.getByTestId('work-order-camera');
    expect((await camera.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const input = order.getByTestId('work-order-camera-input');
    expect(await input.getAttribute('capture')).toBe('environment');
    expect(await input.getAttribute('accept')).toBe('image/*');
    await input.setInputFiles(PHOTO);
    const photo = order.getByTestId('work-order-images').locator('img');
    await expect(photo).toHaveCount(1, { timeout: WAIT_MS });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await order.getByTestId('work-order-history').getByText('added an image').waitFor();

    // Back in the list: the work order as a card.
    await page.goto('/workOrders');
    await page.getByTestId(`work-order-row-${id}`).waitFor();
    await expect(page.getByTestId('work-order-table')).toHaveCount(0);
    expect(await overflow(page)).toBe(0);
  });

  test('sends one command to one device and sees its result', async ({ browser }) => {
    test.setTimeout(120_000);
    const device = await inverterAt(journey, INVERTER_PLACE.phoneJourney);
    const page = await openPhone(browser);
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/deviceCenter/commandIssue');
    await expectTitle(page, 'Command issue');
    await page.getByTestId('command-device-search').fill(device.sn);
    const pick = page.getByTestId(`command-device-${device.sn}`);
    await pick.check({ timeout: WAIT_MS });
    expect(await overflow(page)).toBe(0);
    await chooseOption(page, page.getByTestId('command-kind'), 'Work mode');
    await chooseOption(page, page.getByTestId('command-value'), 'Peak-valley');
    await page.getByTestId('command-issue').tap();
    await expectNotice(page, 'Issued successfully');
    const issued = page.getByTestId('issued-commands');
    const status = issued.getByTestId('command-status').first();
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: OUTCOME_MS, intervals: [500] })
      .toBe('succeeded');
    expect(await issued.getByTestId(`command-row-${device.sn}-workMode`).innerText()).toContain(device.sn);
    expect(await overflow(page)).toBe(0);
  });
});
