import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './support/select.js';
import { ADMIN_PASSWORD, expectNotice, expectTitle, loginViaForm, setupJourney, unique } from './support/journey.js';
import { plantBody } from './support/plants.js';
import { firstSheetOf, workbookBytes, workbookOf } from './support/xlsx.js';

/** A serial number no other run of this journey uses (uppercase letters and digits). */
const serial = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${randomInt(100, 999)}`;

/** Ant Design puts the test id on the input or on its wrapper, depending on the component. */
const input = (scope: Page | Locator, testId: string): Locator =>
  scope.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

async function openStorage(page: Page): Promise<void> {
  await loginViaForm(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-item-deviceStorage').click();
  await page.waitForURL('**/deviceCenter/deviceStorage');
  await expectTitle(page, 'Device storage');
}

/** Narrows the list to one serial number and returns its row. */
async function findRow(page: Page, sn: string): Promise<Locator> {
  const box = input(page, 'storage-search');
  await box.fill(sn);
  await box.press('Enter');
  const row = page.getByTestId(`storage-row-${sn}`);
  await row.waitFor();
  return row;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  return readFile(await download.path());
}

test.describe('device storage', () => {
  const journey = setupJourney();

  test('stocks a device in and shows its credentials once, then activates it to a plant', async () => {
    const page = await journey.open();
    await openStorage(page);
    const sn = serial('E2ESTK');

    await page.getByTestId('storage-stock-in').click();
    const form = page.getByTestId('stock-in-form');
    await input(form, 'stock-in-sn').fill(sn);
    await chooseOption(page, form.getByTestId('stock-in-model'), '10K');
    await page.getByRole('button', { name: 'Put in storage' }).click();

    const dialog = page.getByTestId('credentials-dialog');
    await expectNotice(page, 'Put in storage');
    expect(await dialog.getByTestId('credentials-username').innerText()).toBe(sn);
    const secret = await dialog.getByTestId('credentials-secret').innerText();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await expect.poll(() => dialog.innerText()).toContain('shown only this once');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = await findRow(page, sn);
    expect(await row.innerText()).toContain('Awaiting activation');
    // Shown once: nothing on the page carries the secret any more.
    expect(await page.content()).not.toContain(secret);

    // Into a plant of the journey's own: a device activated into a demo plant would join the demo fleet that other
    // journeys count meanwhile (command-batch selects its 10K inverters).
    const plant = await journey.api.call<{ name: string }>('POST', '/api/plants', {
      token: journey.admin,
      body: plantBody(unique('Storage_Site'), { powerKw: 10, address: 'Skladová 1, Praha' }),
    });
    await row.getByTestId(`activate-${sn}`).click();
    await chooseOption(page, page.getByTestId('activate-plant'), plant.name, plant.name);
    await page.getByTestId('activate-confirm').click();
    await expectNotice(page, 'Activated');
    await expect.poll(() => page.getByTestId(`storage-row-${sn}`).innerText()).toContain(plant.name);
    expect(await page.getByTestId(`storage-row-${sn}`).innerText()).toContain('Activated');
  });

  test('imports devices from the downloaded template and offers their credentials', async () => {
    const page = await journey.open();
    await openStorage(page);
    await page.getByTestId('storage-import').click();

    const workbook = await workbookOf(await downloaded(page, () => page.getByTestId('import-template').click()));
    const template = workbook.worksheets[0]!;
    expect(template.getRow(1).values).toEqual([
      undefined,
      'Serial number',
      'Device type',
      'Model',
      'Battery model',
      'Installation position',
      'Grid code',
      'Battery protocol',
      'Meter protocol',
      'Template',
    ]);
    const [inverter, collector, bad] = [serial('E2EIMA'), serial('E2EIMB'), serial('E2EIMC')];
    template.addRow([inverter, 'Inverter', '6K', 'VF-LFP-10', 'Garage', 12, 1, 1, 'Home storage']);
    template.addRow([collector, 'Collector', 'DTU4G']);
    template.addRow([bad, 'Inverter', '12K']);
    const filled = await workbookBytes(workbook);

    await page.getByTestId('import-file').locator('input[type="file"]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filled,
    });
    await page.getByTestId('import-start').click();

    const result = page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.getByTestId('import-counts').innerText()).toBe('2 rows put in storage, 1 row rejected');
    const rejected = await result.getByTestId('import-rejected').locator('tbody tr').allInnerTexts();
    expect(rejected.join('\n')).toContain(bad);
    expect(rejected.join('\n')).toContain('Unknown model for this device type');
    expect(await result.getByTestId('import-accepted').innerText()).toContain(inverter);

    const credentials = await firstSheetOf(
      await downloaded(page, () => result.getByTestId('import-credentials').click()),
    );
    const sns = credentials.getColumn(1).values.slice(2);
    expect(sns).toEqual([inverter, collector]);
    expect(String(credentials.getCell('E2').value)).toMatch(/^[A-Za-z0-9_-]{32}$/);

    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const row = await findRow(page, inverter);
    expect(await row.innerText()).toContain('Awaiting activation');
  });
});
