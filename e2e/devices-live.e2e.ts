import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, expectTitle, loginViaForm, setupJourney } from './support/journey.js';
import { listLayout } from './support/list-layout.js';

/** The demo inverters report every 30–60 s; one of them changes well within this. */
const LIVE_WAIT_MS = 90_000;

interface RowValues {
  sn: string;
  pv: string;
  soc: string;
  /** The newest reading's time (the "… ago" text alone may read the same after a new reading). */
  updatedTs: string;
}

/** The live cells of every row on screen, read in one go. */
function readRows(page: Page): Promise<RowValues[]> {
  return page.getByTestId('device-table').evaluate((table) =>
    Array.from(table.querySelectorAll('[data-testid^="device-row-"]')).map((row) => {
      const sn = row.getAttribute('data-testid')!.slice('device-row-'.length);
      const cell = (id: string) => row.querySelector(`[data-testid="${id}-${sn}"]`);
      return {
        sn,
        pv: cell('device-pv')?.textContent ?? '',
        soc: cell('device-soc')?.textContent ?? '',
        updatedTs: cell('device-updated')?.getAttribute('data-ts') ?? cell('device-updated')?.textContent ?? '',
      };
    }),
  );
}

/** Serial numbers whose PV, SoC or last update differ between two readings of the table. */
function changedRows(before: RowValues[], after: RowValues[]): string[] {
  const old = new Map(before.map((row) => [row.sn, row]));
  return after
    .filter((row) => {
      const was = old.get(row.sn);
      return was && (was.pv !== row.pv || was.soc !== row.soc || was.updatedTs !== row.updatedTs);
    })
    .map((row) => row.sn);
}

test.describe('device list, live', () => {
  const journey = setupJourney();

  /** Alarm events the page's live socket received (their arrival times), from before the page loads. */
  function watchAlarmEvents(page: Page): number[] {
    const received: number[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"type":"alarm"')) received.push(Date.now());
      }),
    );
    return received;
  }

  async function openDeviceList(kind = 'Inverter', page?: Page): Promise<Page> {
    page ??= await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('menu-item-deviceList').click();
    await page.waitForURL('**/deviceCenter/deviceList');
    await expectTitle(page, 'Device list');
    // Inverters report themselves; batteries and collectors report through them.
    await page.getByTestId('device-kind-filter').getByText(kind, { exact: true }).click();
    await page.getByTestId('device-table').locator('[data-testid^="device-row-"]').first().waitFor();
    return page;
  }

  test('shows the demo fleet, and its numbers change within 90 s without reloading', async () => {
    test.setTimeout(LIVE_WAIT_MS + 60_000);
    const fresh = await journey.open();
    const alarmEvents = watchAlarmEvents(fresh);
    const page = await openDeviceList('Inverter', fresh);
    await page.getByTestId('device-live').and(page.locator('[data-state="open"]')).waitFor();
    const before = await readRows(page);
    expect(before.length).toBeGreaterThan(5);
    expect(before.every((row) => /^[A-Z0-9]{8,32}$/.test(row.sn))).toBe(true);

    // Any new page load would lose this mark; any list request would mean a refetch rather than a push.
    await page.evaluate(() => Object.assign(window, { liveJourneyMark: true }));
    const listRequests: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/devices') listRequests.push(Date.now());
    });

    await expect
      .poll(async () => changedRows(before, await readRows(page)).length, { timeout: LIVE_WAIT_MS, intervals: [1000] })
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => 'liveJourneyMark' in window)).toBe(true);
    // Values arrive as pushes. Only an alarm event (a demo fault) refetches the page, as its badges count alarms.
    expect(listRequests.filter((at) => !alarmEvents.some((event) => event <= at))).toEqual([]);
  });

  test('narrows the list by serial number and shows the device’s status and plant time', async () => {
    test.setTimeout(LIVE_WAIT_MS + 60_000);
    const page = await openDeviceList();
    // A device that has reported (right after start-up some have not yet).
    let sn = '';
    await expect
      .poll(async () => (sn = (await readRows(page)).find((row) => row.updatedTs.includes('T'))?.sn ?? ''), {
        timeout: LIVE_WAIT_MS,
        intervals: [1000],
      })
      .not.toBe('');
    // Ant Design puts the test id on the input or on its wrapper, depending on the version.
    const search = page.locator('input[data-testid="device-search"], [data-testid="device-search"] input').first();
    await search.fill(sn);
    await search.press('Enter');
    const rows = page.getByTestId('device-table').locator('[data-testid^="device-row-"]');
    await expect
      .poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-testid'))))
      .toEqual([`device-row-${sn}`]);
    expect(await page.getByTestId(`device-status-${sn}`).innerText()).toMatch(/^(Online|Alarm|Offline)$/);

    await page.getByTestId(`device-updated-${sn}`).hover();
    await expect
      .poll(() =>
        page
          .locator('.ant-tooltip')
          .innerText({ timeout: 1000 })
          .catch(() => ''),
      )
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC[+-]\d+(:\d{2})? plant time$/);
  });

  test('fits a 1440 × 900 screen: its default columns need no sideways scrolling, the page neither', async () => {
    const page = await journey.open();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDeviceList('Battery', page);
    // Batteries report through their inverters: with the demo fleet live, they are online too.
    await expect
      .poll(() => page.getByTestId('device-table').locator('[data-testid^="device-status-"]').allInnerTexts())
      .toContain('Online');
    const layout = await listLayout(page, 'device-table');
    // Its rows scroll with the page (lists-fit-1440.e2e.ts), so where the box ends is not asked.
    expect(layout).toMatchObject({
      pageScrollsSideways: false,
      listScrollsSideways: false,
      lastHeaderReachable: true,
      firstHeaderFixed: true,
      lastHeader: 'Last update',
    });
  });
});
