import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { FIRST_ALARM_MS, csvRows, listAlarms, waitForAlarm, type ListedAlarm } from './support/alarms.js';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectNotice,
  expectTitle,
  location,
  loginViaForm,
  setupJourney,
} from './support/journey.js';
import { chooseByTestId } from './support/demo-fleet.js';
import { firstSheetOf } from './support/xlsx.js';

const SEARCH = '/alarmCenter/alarmSearch';
const SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
/** The severities as the filter's Ant Design select names them in English. */
const SEVERITY_NAMES: Record<string, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
  warning: 'Warning',
};

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  return readFile(await download.path());
}

/** The serial numbers in the search's table, one per row. */
const tableSns = (page: Page) =>
  page
    .getByTestId('alarm-table')
    .locator('tbody tr[data-testid^="alarm-row-"]')
    .evaluateAll((rows) => rows.map((r) => (r.querySelector('td')?.textContent ?? '').trim()));

/** The severities in the search's table, one per row. */
const tableSeverities = (page: Page) =>
  page
    .getByTestId('alarm-table')
    .locator('tbody [data-severity]')
    .evaluateAll((tags) => tags.map((t) => t.getAttribute('data-severity')));

/** The different values of a column, for "every row is …" (an empty table gives none). */
const distinct = async (values: Promise<(string | null)[]>) => [...new Set(await values)];

test.describe('Alarm Center', () => {
  const journey = setupJourney();
  /** An alarm of the demo fleet, active and unacknowledged when the journey starts. */
  let alarm: ListedAlarm;

  test.beforeAll(async () => {
    test.setTimeout(FIRST_ALARM_MS);
    // The longest-running one: a standing fault, not a transient that may recover while the journey runs.
    alarm = await waitForAlarm(journey, 'state=active&ack=unacknowledged&sort=raisedAt&order=asc');
  });

  async function signIn(path?: string): Promise<Page> {
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, path);
    return page;
  }

  test('searches with filters, opens the drawer and acknowledges with a note shown in the timeline', async () => {
    const page = await signIn();
    await page.getByTestId('menu-item-alarmSearch').click();
    await expectTitle(page, 'Alarm search');
    // It opens on the active alarms, those nobody acknowledged first.
    await page.getByTestId('alarm-view-hint').waitFor();
    await expect(page.getByTestId('alarm-filter-state')).toHaveText('Active');

    await page.getByTestId('alarm-filter-sn').fill(alarm.sn);
    await chooseByTestId(page, 'alarm-filter-severity', SEVERITY_NAMES[alarm.severity]!);
    await chooseByTestId(page, 'alarm-filter-state', 'Active');
    await page.getByTestId('alarm-search').click();
    await expect.poll(() => location(page)).toBe(`${SEARCH}?sn=${alarm.sn}&severity=${alarm.severity}`);
    const row = page.getByTestId(`alarm-row-${alarm.id}`);
    // The table keeps the previous rows until the filtered ones arrive.
    await expect.poll(() => distinct(tableSns(page))).toEqual([alarm.sn]);
    await expect.poll(() => distinct(tableSeverities(page))).toEqual([alarm.severity]);
    await row.waitFor();
    // Plant times carry the plant's offset.
    expect(await row.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC[+-]\d/);

    await page.getByTestId(`alarm-open-${alarm.id}`).click();
    const drawer = page.getByTestId('alarm-drawer');
    await drawer.getByTestId('alarm-timeline').waitFor();
    expect(await page.getByTestId('alarm-detail-title').innerText()).toBe(alarm.name);
    expect((await drawer.getByTestId('alarm-detail-cause').innerText()).length).toBeGreaterThan(10);
    expect((await drawer.getByTestId('alarm-detail-handling').innerText()).length).toBeGreaterThan(10);
    expect(await drawer.getByTestId('alarm-event-raised').innerText()).toMatch(/^Raised\s+\d{4}-.* UTC[+-]\d/);
    expect(await drawer.getByTestId(`alarm-device-link-${alarm.deviceId}`).getAttribute('href')).toBe(
      `/deviceCenter/deviceList/${alarm.deviceId}`,
    );

    const note = `Crew informed ${randomBytes(3).toString('hex')}`;
    await page.getByTestId('alarm-detail-ack').click();
    await page.getByTestId('alarm-ack-note').fill(note);
    await page.getByTestId('alarm-ack-confirm').click();
    await expectNotice(page, '1 alarm acknowledged');
    const acknowledged = drawer.getByTestId('alarm-timeline').locator('li', { hasText: `Note: ${note}` });
    await acknowledged.waitFor();
    expect(await acknowledged.innerText()).toContain('By admin');
    await expect.poll(() => row.innerText()).toContain('admin');
  });

  test('exports the filtered alarms as XLSX and CSV holding exactly the filtered rows', async () => {
    // An acknowledged alarm stays acknowledged: a filter on it gives the same rows for the page and the API.
    let [acked] = (await listAlarms(journey, 'ack=acknowledged')).items;
    if (!acked) {
      await journey.api.call('POST', '/api/alarms/acknowledge', {
        token: journey.admin,
        body: { ids: [alarm.id], note: 'export journey' },
      });
      acked = alarm;
    }
    const filter = `sn=${acked.sn}&ack=acknowledged`;
    const expected = await listAlarms(journey, `${filter}&pageSize=200`);
    expect(expected.total).toBeGreaterThan(0);
    const page = await signIn(`${SEARCH}?${filter}&state=all`);
    await expectTitle(page, 'Alarm search');
    await expect.poll(() => page.getByTestId('alarm-filter-sn').inputValue()).toBe(acked.sn);
    await expect(page.getByTestId('alarm-filter-ack')).toHaveText('Acknowledged');
    await page.getByTestId(`alarm-row-${acked.id}`).waitFor();

    const sheet = await firstSheetOf(await downloaded(page, () => page.getByTestId('alarm-export-xlsx').click()));
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    const header = cells(1);
    expect(header).toEqual(expect.arrayContaining(['Severity', 'State']));
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2)).filter((r) => r.some(Boolean));
    expect(rows).toHaveLength(expected.total);
    expect(rows.every((r) => r.includes(acked.sn))).toBe(true);

    const csv = csvRows((await downloaded(page, () => page.getByTestId('alarm-export-csv').click())).toString('utf8'));
    expect(csv[0]).toEqual(header);
    expect(csv.slice(1)).toHaveLength(expected.total);
    expect(csv.slice(1).every((r) => r.includes(acked.sn))).toBe(true);
  });

  test('opens the search from the overview filtered as the clicked figure says', async () => {
    const page = await signIn();
    await page.getByTestId('menu-item-alarmOverView').click();
    await expectTitle(page, 'Alarm overview');
    const total = page.getByTestId('alarm-total');
    await expect
      .poll(async () => Number((await total.innerText()).replace(/\D/g, '')), { timeout: WAIT_MS })
      .toBeGreaterThan(0);

    // A severity that has alarms: its figure lands on the search for exactly that severity, in the same window.
    const counts = await Promise.all(
      SEVERITIES.map(async (s) =>
        Number((await page.getByTestId(`alarm-severity-${s}`).innerText()).replace(/\D/g, '')),
      ),
    );
    const severity = SEVERITIES[counts.findIndex((n) => n > 0)]!;
    await page.getByTestId(`alarm-severity-${severity}`).click();
    await expect
      .poll(() => location(page))
      .toMatch(
        new RegExp(`^${SEARCH}\\?from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}&severity=${severity}&state=all$`),
      );
    await expectTitle(page, 'Alarm search');
    await expect(page.getByTestId('alarm-filter-severity')).toHaveText(SEVERITY_NAMES[severity]!);
    await expect.poll(() => distinct(tableSeverities(page))).toEqual([severity]);

    // The device with most alarms lands on that device's alarms.
    await page.goBack();
    const device = page.getByTestId('alarm-top-devices').locator('tbody tr a').first();
    const sn = await device.innerText();
    await device.click();
    await expect.poll(() => location(page)).toMatch(new RegExp(`&deviceId=\\d+&sn=${sn}&state=all$`));
    await expect.poll(() => page.getByTestId('alarm-filter-sn').inputValue()).toBe(sn);
    await expect.poll(() => distinct(tableSns(page))).toEqual([sn]);

    // The newest day of the trend lands on that day.
    await page.goBack();
    const chart = page.getByTestId('alarm-trend-chart').getByTestId('chart-hover');
    const box = (await chart.boundingBox())!;
    await chart.click({ position: { x: box.width - 2, y: box.height / 2 } });
    await expect
      .poll(() => location(page))
      .toMatch(new RegExp(`^${SEARCH}\\?from=(\\d{4}-\\d{2}-\\d{2})&to=\\1&state=all$`));
  });

  test('shows the search and the overview in Chinese, Czech and German', async () => {
    // A user of the journey's own: the switch stores the language with the account, and the administrator's stays
    // English for the journeys beside this one.
    const { username } = await journey.userWith(['C', 'C/A', 'C/B'], 'alarmLang');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD, SEARCH);
    await expectTitle(page, 'Alarm search');
    const languages = [
      ['zh', '告警查询', '序列号', '告警概览', '按分组'],
      ['cs', 'Vyhledávání alarmů', 'Sériové číslo', 'Přehled alarmů', 'Podle skupiny'],
      ['de', 'Alarmsuche', 'Seriennummer', 'Alarmübersicht', 'Nach Gruppe'],
      ['en', 'Alarm search', 'Serial number', 'Alarm overview', 'By group'],
    ] as const;
    for (const [lang, search, sn, overview, byGroup] of languages) {
      await page.goto(SEARCH);
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-option-${lang}`).click();
      await expectTitle(page, search);
      expect(await page.getByTestId('alarm-sort-sn').innerText()).toBe(sn);
      await page.getByTestId('menu-item-alarmOverView').click();
      await expectTitle(page, overview);
      await page.getByText(byGroup, { exact: true }).waitFor();
    }
  });
});
