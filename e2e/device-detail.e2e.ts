import { expect, test, type Page } from '@playwright/test';
import type { DeviceDetail, DeviceRealtime } from '@voltfleet/domain/telemetry';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import { typeDay } from './support/day-field.js';
import { ADMIN_PASSWORD, WAIT_MS, expectTitle, loginViaForm, setupJourney, type Journey } from './support/journey.js';

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

/** Up to 50 demo devices of a kind that are online now (their status comes through their link). */
async function onlineDevices(journey: Journey, kind: 'battery' | 'collector'): Promise<DeviceListItem[]> {
  const page = await journey.api.call<{ items: DeviceListItem[] }>(
    'GET',
    `/api/devices?kind=${kind}&status=online&pageSize=50`,
    { token: journey.admin },
  );
  return page.items;
}

/**
 * A demo battery whose inverter's newest reading carries its values (SoC), with that reading, found through the API;
 * undefined until the demo's inverters have reported.
 */
async function batteryWithValues(journey: Journey): Promise<{ id: number; realtime: DeviceRealtime } | undefined> {
  for (const battery of await onlineDevices(journey, 'battery')) {
    const realtime = await journey.api.call<DeviceRealtime>('GET', `/api/devices/${battery.id}/realtime`, {
      token: journey.admin,
    });
    const soc = realtime.groups.flatMap((g) => g.values).find((v) => v.key === 'batSocPct');
    if (realtime.source && soc?.value != null) return { id: battery.id, realtime };
  }
  return undefined;
}

/** A demo collector with devices behind it, as the detail API gives it. */
async function collectorWithDevices(journey: Journey): Promise<DeviceDetail | undefined> {
  for (const collector of await onlineDevices(journey, 'collector')) {
    const detail = await journey.api.call<DeviceDetail>('GET', `/api/devices/${collector.id}/detail`, {
      token: journey.admin,
    });
    if (detail.behind.length > 0) return detail;
  }
  return undefined;
}

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

    // The grid code is "—" until given; set on the edit form (checked before sending), it shows on the detail.
    await expect(page.getByTestId('device-field-gridCode')).toHaveText('—');
    await page.getByTestId('device-fields-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('device-fields-gridCode').fill('70000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a whole number from 0 to 65535')).toBeVisible();
    await dialog.getByTestId('device-fields-gridCode').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('device-field-gridCode')).toHaveText('12');
    await page.reload();
    await expect(page.getByTestId('device-field-gridCode')).toHaveText('12');

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
    await typeDay(page, 'history-start', '2026-03-05');
    await typeDay(page, 'history-end', '2026-03-04');
    await expect
      .poll(() => historyMessage(page), { timeout: WAIT_MS })
      .toBe('Select the start time before the end time');
  });

  test("a battery shows its inverter's BMS values; a collector its last contact and the devices behind it", async () => {
    test.setTimeout(LIVE_WAIT_MS * 2 + 60_000);
    let battery: Awaited<ReturnType<typeof batteryWithValues>>;
    await expect
      .poll(async () => (battery = await batteryWithValues(journey)) !== undefined, {
        timeout: LIVE_WAIT_MS,
        intervals: [2000],
      })
      .toBe(true);
    const { id, realtime } = battery!;
    const inverter = realtime.source!.sn;

    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, `/deviceCenter/deviceList/${id}`);
    await page.getByTestId('device-basic-info').waitFor();
    expect(await page.getByTestId('device-field-kind').innerText()).toBe('Battery');
    // Online (or in alarm) through its inverter, last seen when that inverter's reading came, and why it is online.
    await expect(page.getByTestId('device-field-runningStatus')).toContainText(`via inverter ${inverter}`);
    await expect(page.getByTestId('device-field-lastSeen')).toHaveText(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\S+ via inverter ${inverter}$`),
    );
    await expect(page.locator('[data-testid^="device-status-rule-"]')).toHaveAttribute(
      'aria-label',
      /no connection of its own/,
    );

    await page.getByRole('tab', { name: 'Real-time data' }).click();
    await expect(page.getByTestId('device-realtime-time')).toContainText(`As reported by inverter ${inverter} at `);
    const values = await readRealtime(page);
    // What every inverter's BMS block carries (OSIM's 0A block and MQTT alike), with its unit.
    expect(values['realtime-batSocPct']).toMatch(/^\d+ %$/);
    expect(values['realtime-batSohPct']).toMatch(/^\d+ %$/);
    expect(values['realtime-batVoltageV']).toMatch(/^[\d,.]+ V$/);
    expect(values['realtime-batCurrentA']).toMatch(/^-?[\d,.]+ A$/);
    expect(values['realtime-batTempC']).toMatch(/^-?[\d,.]+ °C$/);
    // The rest (cell extremes: MQTT only) is shown exactly where the inverter's reading carries it.
    const carried = (key: string) => values[`realtime-${key}`] !== '—';
    for (const v of realtime.groups[0]!.values) expect(carried(v.key), v.key).toBe(v.value !== null);
    await expect(page.getByTestId('realtime-group-pv')).toHaveCount(0);

    const collector = await collectorWithDevices(journey);
    expect(collector, 'a demo collector online with inverters behind it').toBeDefined();
    await page.goto(`/deviceCenter/deviceList/${collector!.id}`);
    await expectTitle(page, collector!.sn);
    if (collector!.onlineVia)
      await expect(page.getByTestId('device-field-runningStatus')).toContainText(
        `via inverter ${collector!.onlineVia.sn}`,
      );
    await page.getByRole('tab', { name: 'Real-time data' }).click();
    await expect(page.getByTestId('collector-last-contact')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} /);
    await expect(page.getByTestId('collector-signal')).toHaveText(
      "Not reported: this collector's connection carries no signal strength",
    );
    const first = collector!.behind[0]!;
    await expect(page.getByTestId(`device-status-${first.sn}`)).toBeVisible();
    await page.getByTestId(`behind-link-${first.sn}`).click();
    await page.waitForURL(`**/deviceCenter/deviceList/${first.id}`);
    await expectTitle(page, first.sn);
  });
});
