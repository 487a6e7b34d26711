import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectTitle,
  loginViaForm,
  setupJourney,
  unique,
} from './support/journey.js';
import { typeDay } from './support/day-field.js';
import { chooseByTestId, demoInverters } from './support/demo-fleet.js';
import { firstSheetOf } from './support/xlsx.js';

const TITLES = {
  myTemplate: { zh: '我的模板', en: 'My templates', cs: 'Moje šablony', de: 'Meine Vorlagen' },
  dataSelect: { zh: '数据查询', en: 'Data selection', cs: 'Výběr dat', de: 'Datenauswahl' },
} as const;

/** Picks an option of a multiple select by typing to search and clicking it, as a user does. */
async function pick(page: Page, select: Locator, search: string, label: string): Promise<void> {
  await select.click();
  await page.keyboard.type(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(label, { exact: true })
    .first()
    .click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option-selected')
    .getByText(label, { exact: true })
    .first()
    .waitFor();
  await page.keyboard.press('Escape');
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  return readFile(await download.path());
}

test.describe('report management', () => {
  const journey = setupJourney();

  test('saves a template, selects its data as chart and table, and exports it by a job to a download', async () => {
    const [inverter] = await demoInverters(journey);
    const name = unique('Tpl');
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/userCenter/myTemplate');
    await expectTitle(page, TITLES.myTemplate.en);
    await page.getByTestId('template-add').click();
    await page.getByTestId('template-name').fill(name);
    await page.getByTestId('template-description').fill('Journey template');
    const devices = page.getByTestId('template-devices');
    await pick(page, devices, inverter!.sn, `${inverter!.sn} · ${inverter!.plantName}`);
    const indices = page.getByTestId('template-indices');
    await pick(page, indices, 'PV power', 'PV power (W)');
    await pick(page, indices, 'PV energy per day', 'PV energy per day (kWh)');
    await page.getByTestId('template-save').click();
    const row = page.getByTestId(`template-row-${name}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(inverter!.sn);
    expect(await row.innerText()).toContain('PV energy per day (kWh)');

    await page.goto('/userCenter/dataSelect');
    await expectTitle(page, TITLES.dataSelect.en);
    await chooseByTestId(page, 'report-template', name);
    await page.getByTestId('report-search').click();
    const table = page.getByTestId('report-table');
    // 24 hours of the plant's local today and the total row of the energy column.
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: WAIT_MS }).toBe(25);
    expect(await table.locator('thead th').first().innerText()).toMatch(/^Time \(.+ UTC[+-]\d+/);
    expect(await table.locator('tbody tr').last().locator('td').first().innerText()).toBe('Total');
    await page.getByTestId('report-chart-W').waitFor();
    await page.getByTestId('report-chart-kWh').waitFor();

    await page.getByTestId('report-export-xlsx').click();
    const job = page.locator('[data-testid^="report-export-job-"]').first();
    await expect.poll(() => job.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('done');
    // After a reload the page finds the finished job again on the server.
    await page.reload();
    await expectTitle(page, TITLES.dataSelect.en);
    const again = page.locator('[data-testid^="report-export-job-"]').first();
    await expect.poll(() => again.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('done');
    const file = await downloaded(page, () => again.getByRole('button', { name: 'Download' }).click());
    const sheet = await firstSheetOf(file);
    expect(String(sheet.getCell('A1').value)).toMatch(/^Time \(.+ UTC[+-]\d+/);
    expect(String(sheet.getCell('B1').value)).toBe(`${inverter!.sn} · PV power (W)`);
    expect(sheet.getCell('A2').value).toBe('00:00');
    expect(sheet.getCell(`A${sheet.rowCount}`).value).toBe('Total');

    // Last month, typed into Ant Design's month picker (loaded when the field is reached for): the query asks for its
    // first day.
    const now = new Date();
    const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const month = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
    await chooseByTestId(page, 'report-template', name);
    await page.getByTestId('report-period').getByText('Month', { exact: true }).click();
    await typeDay(page, 'report-date', month);
    await expect(page.locator('input[data-testid="report-date"]')).toHaveValue(month);
    const monthAnswer = page.waitForResponse(
      (res) => {
        const url = new URL(res.url());
        return (
          url.pathname === '/api/reports/data' &&
          url.searchParams.get('period') === 'month' &&
          url.searchParams.get('date') === `${month}-01` &&
          res.ok()
        );
      },
      { timeout: WAIT_MS },
    );
    await page.getByTestId('report-search').click();
    await monthAnswer;
  });

  for (const lang of ['zh', 'cs', 'de'] as const) {
    test(`names both pages in ${lang}`, async () => {
      const { username } = await journey.userWith(['D', 'D/E', 'D/E:template.edit'], 'reports');
      const page = await journey.open();
      await loginViaForm(page, username, USER_PASSWORD);
      // The shell is up (its landing page is the first permitted one) before the switch is used.
      await expectTitle(page, TITLES.myTemplate.en);
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-option-${lang}`).click();
      // The switch is stored on the account before the next page is opened (a navigation would cut the request).
      await expectTitle(page, TITLES.myTemplate[lang]);
      await page.goto('/userCenter/dataSelect');
      await expectTitle(page, TITLES.dataSelect[lang]);
    });
  }
});
