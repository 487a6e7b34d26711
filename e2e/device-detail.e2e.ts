import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, WAIT_MS, expectTitle, loginViaForm, setupJourney } from './support/journey.js';

/** The demo inverters report every 30–60 s; the newest reading changes well within this. */
const LIVE_WAIT_MS = 90_000;

/** The real-time tab as text: the newest reading's time and every value, by test id. */
function readRealtime(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId('device-realtime')
    .evaluate((root) =>
      Object.fromEntries(
        Array.from(root.querySelectorAll('[data-testid^="realtime-"], [data-testid="device-realtime-time"]')).map(
          (el) => [el.getAttribute('data-testid')!, el.textContent ?? ''],
        ),
      ),
    );
}

/** Picks a history parameter by typing its name into the picker and taking the first match. */
async function pickParameter(page: Page, name: string): Promise<void> {
  await page.getByTestId('history-fields').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option-active').filter({ hasText: name }).waitFor({ timeout: WAIT_MS });
  await page.keyboard.press('Enter');
}

const selectedCount = (page: Page) => page.getByTestId('history-fields').locator('.ant-select-selection-item').count();

/** The history tab's message line, or '' while it shows none. */
const historyMessage = (page: Page): Promise<string> =>
  page
    .getByTestId('history-message')
    .innerText()
    .catch(() => '');

test.describe('device detail', () => {
  const journey = setupJourney();

  test('opens from the list, updates real-time values live, and draws the history of at most 8 parameters', async () => {
    test.setTimeout(LIVE_WAIT_MS * 2 + 60_000);
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('menu-item-deviceList').click();
    await page.waitForURL('**/deviceCenter/deviceList');
    await expectTitle(page, 'Device list');
    // Only inverters report; pick one that has reported already.
    await page.getByTestId('device-kind-filter').getByText('Inverter', { exact: true }).click();
    const link = page.locator('[data-testid^="device-link-"]');
    let sn = '';
    await expect
      .poll(
        async () => {
          for (const candidate of await link.allInnerTexts()) {
            const updated = page.getByTestId(`device-updated-${candidate}`);
            if ((await updated.getAttribute('data-ts').catch(() => null))?.includes('T')) return (sn = candidate);
          }
          return '';
        },
        { timeout: LIVE_WAIT_MS, intervals: [1000] },
      )
      .not.toBe('');

    await page.getByTestId(`device-link-${sn}`).click();
    await page.waitForURL(/\/deviceCenter\/deviceList\/\d+$/);
    await expectTitle(page, sn);
    expect(await page.getByTestId('device-field-sn').innerText()).toBe(sn);
    expect(await page.getByTestId('device-field-kind').innerText()).toBe('Inverter');
    expect(await page.getByTestId('device-field-importTime').innerText()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/,
    );

    // Real-time data: grouped, and a new reading arrives over the WebSocket without reloading the page.
    await page.getByRole('tab', { name: 'Real-time data' }).click();
    await page.getByTestId('realtime-group-pv').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('realtime-group-bms').waitFor({ timeout: WAIT_MS });
    await page.evaluate(() => Object.assign(window, { detailJourneyMark: true }));
    const before = await readRealtime(page);
    expect(before['realtime-pvPowerW']).toMatch(/^(—|[\d,.\s]+ W)$/);
    await expect
      .poll(
        async () => {
          const now = await readRealtime(page);
          return Object.keys(now).filter((key) => now[key] !== before[key]).length;
        },
        { timeout: LIVE_WAIT_MS, intervals: [1000] },
      )
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => 'detailJourneyMark' in window)).toBe(true);

    // History: four parameters to start with, four more make eight, a ninth is refused with the message.
    await page.getByRole('tab', { name: 'History curve' }).click();
    await page.getByTestId('history-fields').waitFor();
    expect(await selectedCount(page)).toBe(4);
    for (const name of ['PV1 voltage', 'PV2 voltage', 'Grid voltage L1', 'Grid frequency'])
      await pickParameter(page, name);
    expect(await selectedCount(page)).toBe(8);
    await pickParameter(page, 'Grid voltage L2');
    await expect.poll(() => historyMessage(page), { timeout: WAIT_MS }).toBe('At most 8 parameters can be selected');
    expect(await selectedCount(page)).toBe(8);
    await page.keyboard.press('Escape');

    // The curve of today's readings: power in one chart, voltages in another, each with a drawn line. After dark
    // the PV line is flat at zero, a box of no height that the browser calls hidden, so wait for it to exist.
    const powerLine = page.getByTestId('history-chart-W').getByTestId('chart-line-pvPowerW');
    await powerLine.waitFor({ state: 'attached', timeout: WAIT_MS });
    await page
      .getByTestId('history-chart-V')
      .getByTestId('chart-line-pv1VoltageV')
      .waitFor({ state: 'attached', timeout: WAIT_MS });
    expect(await powerLine.locator('path').getAttribute('d')).toMatch(/^M\d/);

    // A date range with the start after the end is refused before anything is asked.
    await page.getByTestId('history-range').getByText('Date range', { exact: true }).click();
    await page.getByTestId('history-start').fill('2026-03-05');
    await page.getByTestId('history-end').fill('2026-03-04');
    await expect
      .poll(() => historyMessage(page), { timeout: WAIT_MS })
      .toBe('Select the start time before the end time');
  });
});
