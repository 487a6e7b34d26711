import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  expectNotice,
  expectTitle,
  loginViaForm,
  setupJourney,
  unique,
} from './support/journey.js';
import { typeDay } from './support/day-field.js';
import { listLayout } from './support/list-layout.js';
import { fleetViewer } from './support/scope.js';
import { plantBody } from './support/plants.js';

interface PlantItem {
  plantId: number;
  name: string;
  address: string;
  powerKw: number;
  status: 'normal' | 'alarm' | 'offline';
  type: number;
  activeAlarms: { count: number; maxSeverity: string | null };
}

/** Ant Design puts the test id on the input or on its wrapper, depending on the component. */
const input = (page: Page, testId: string): Locator =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

const rows = (page: Page) => page.getByTestId('plant-table').locator('[data-testid^="plant-row-"]');
const rowNames = (page: Page) => rows(page).locator('a[data-testid^="plant-link-"]').allInnerTexts();
const formError = (page: Page, text: string) =>
  page.getByTestId('plant-form').locator('.ant-form-item-explain-error', { hasText: text });

const validPlant = (name: string) =>
  plantBody(name, { longitude: '16.606837', latitude: '49.195060', address: 'Náměstí Svobody 1, Brno' });

/** The plant list, signed in as the administrator or as `username` (password USER_PASSWORD). */
async function openPlantList(page: Page, username = 'admin'): Promise<void> {
  await loginViaForm(page, username, username === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD);
  await page.getByTestId('menu-item-plantList').click();
  await page.waitForURL('**/plantCenter/plantList');
  await expectTitle(page, 'Plant list');
  await rows(page).first().waitFor();
}

/** Searches the list for a text (name or address) and waits until the rows are exactly `expected`. */
async function search(page: Page, text: string, expected: string[]): Promise<void> {
  const box = input(page, 'plant-search');
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => rowNames(page)).toEqual(expected);
}

test.describe('plant list', () => {
  const journey = setupJourney();
  const created: number[] = [];

  const plantsVia = (query = '', token = journey.admin) =>
    journey.api.call<PlantItem[]>('GET', `/api/plants${query}`, { token });

  test.afterAll(async () => {
    for (const id of created) {
      await journey.api.call('DELETE', `/api/plants/${id}`, { token: journey.admin }).catch(() => undefined);
    }
  });

  test('refuses a plant with a leading space, 7 latitude decimals and negative power, then saves it fixed', async () => {
    const page = await journey.open();
    await openPlantList(page);
    const name = unique('Brno_Roof');

    await page.getByTestId('plant-add').click();
    await page.getByTestId('plant-form').waitFor();
    await input(page, 'plant-form-name').fill(` ${name}`);
    await input(page, 'plant-form-powerKw').fill('-5');
    await input(page, 'plant-form-capacityKwh').fill('10');
    await input(page, 'plant-form-longitude').fill('16.606837');
    await input(page, 'plant-form-latitude').fill('49.1950601');
    await input(page, 'plant-form-address').fill('Náměstí Svobody 1, Brno');
    await typeDay(page, 'plant-form-constructionDate', '2024-03-01');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();

    await formError(page, 'No spaces at the start or end').waitFor();
    await formError(page, 'Latitude must be a decimal from -90 to 90 with at most 6 decimals').waitFor();
    await formError(page, 'Please enter a positive number').waitFor();
    expect((await plantsVia()).some((p) => p.name.includes(name))).toBe(false);

    await input(page, 'plant-form-name').fill(name);
    await input(page, 'plant-form-latitude').fill('49.195060');
    await input(page, 'plant-form-powerKw').fill('6.5');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Added');

    const stored = (await plantsVia()).find((p) => p.name === name);
    expect(stored).toBeDefined();
    created.push(stored!.plantId);
    await search(page, name, [name]);
    const row = page.getByTestId(`plant-row-${stored!.plantId}`);
    expect(await row.innerText()).toContain('Offline');
    // Rated power is offered by the column chooser (not a default column at 1440 px): it was stored as typed.
    expect(stored!.powerKw).toBe(6.5);
  });

  test('narrows by status, type and search, and pages 15 at a time', async () => {
    // The counts are those of a viewer of the demo fleet and of three plants of its own: the administrator's also
    // count the plants other journeys make and delete meanwhile, which the page and the API could each count at a
    // different moment.
    const viewer = await fleetViewer(journey, ['A'], 'listViewer');
    const viewed = (query = '') => plantsVia(query, viewer.token);
    const prefix = unique('Paging');
    for (let i = 0; i < 3; i++) {
      const plant = await journey.api.call<PlantItem>('POST', '/api/plants', {
        token: journey.admin,
        body: { ...validPlant(`${prefix}_${i}`), type: 3, ownerId: viewer.id },
      });
      created.push(plant.plantId);
    }
    const all = await viewed();
    expect(all.length).toBeGreaterThan(15);

    const page = await journey.open();
    await openPlantList(page, viewer.username);
    const table = page.getByTestId('plant-table');

    // Paging: the first page holds 15, the last the rest; the total is every plant the viewer sees.
    await expect.poll(() => rows(page).count()).toBe(15);
    expect(await table.locator('.pager-total').innerText()).toBe(`Total: ${all.length}`);
    const pages = Math.ceil(all.length / 15);
    await table.getByRole('button', { name: `Page ${pages}` }).click();
    await expect.poll(() => rows(page).count()).toBe(all.length - (pages - 1) * 15);
    expect(await table.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    // Status: the counts the server gives for each filter, back on page 1.
    for (const [label, query] of [
      ['Offline', 'offline'],
      ['Online', 'online'],
      ['Alarm', 'alarm'],
      ['Normal', 'normal'],
    ] as const) {
      const expected = await viewed(`?status=${query}`);
      await page.getByTestId('plant-status-filter').getByText(label, { exact: true }).click();
      await expect.poll(() => table.locator('.pager-total').innerText()).toBe(`Total: ${expected.length}`);
      expect(await rows(page).count()).toBe(Math.min(15, expected.length));
      if (expected.length === 0) await table.getByText('No data at the moment').waitFor();
    }
    const offline = await viewed('?status=offline');
    expect(offline.map((p) => p.name)).toEqual(expect.arrayContaining([`${prefix}_0`, `${prefix}_1`, `${prefix}_2`]));
    await page.getByTestId('plant-status-filter').getByText('All', { exact: true }).click();

    // Type: micro-grid only.
    const microGrids = await viewed('?type=3');
    await page.getByTestId('plant-type-filter').click();
    await page.locator('.ant-select-dropdown').getByText('Micro-grid', { exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(Math.min(15, microGrids.length));
    expect(await table.locator('.pager-total').innerText()).toBe(`Total: ${microGrids.length}`);

    // Search within the type: the three plants of this test, sortable by name both ways.
    await search(page, prefix, [`${prefix}_0`, `${prefix}_1`, `${prefix}_2`]);
    await page.getByTestId('plant-sort-name').click();
    await expect.poll(() => rowNames(page)).toEqual([`${prefix}_2`, `${prefix}_1`, `${prefix}_0`]);
    await search(page, `${prefix}_nothing`, []);
    await table.getByText('No data at the moment').waitFor();
  });

  test('deletes a plant after saying what happens to its devices', async () => {
    const plant = await journey.api.call<PlantItem>('POST', '/api/plants', {
      token: journey.admin,
      body: validPlant(unique('Delete_Me')),
    });
    created.push(plant.plantId);
    const page = await journey.open();
    await openPlantList(page);
    await search(page, plant.name, [plant.name]);
    await page.getByTestId(`plant-delete-${plant.plantId}`).click();
    await page
      .getByTestId('plant-delete-impact')
      .getByText('No devices are installed in this plant', { exact: false })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'Deleted');
    await expect.poll(async () => (await plantsVia()).some((p) => p.plantId === plant.plantId)).toBe(false);
  });

  test('opens a plant from the project list with the keyboard', async () => {
    const page = await journey.open();
    await openPlantList(page);
    // A plant whose name no other plant's name or address contains, so the search leaves exactly one.
    const plants = await plantsVia();
    const target = plants.find((p) =>
      plants.every(
        (o) => o.plantId === p.plantId || !`${o.name} ${o.address}`.toLowerCase().includes(p.name.toLowerCase()),
      ),
    )!;
    await page.getByTestId('project-list').click();
    const box = input(page, 'project-search');
    await box.waitFor();
    await box.fill(target.name);
    await page.getByTestId(`project-${target.plantId}`).waitFor();
    expect(await page.getByRole('listbox', { name: 'Project list' }).getByRole('option').count()).toBe(1);
    await box.press('Enter');
    await page.waitForURL(`**/plantCenter/plantList/${target.plantId}`);
  });

  test('fits a 1440 × 900 screen: its default columns need no sideways scrolling, with an alarm badge per plant', async () => {
    const page = await journey.open();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPlantList(page);
    const layout = await listLayout(page, 'plant-table');
    // Its rows scroll with the page (lists-fit-1440.e2e.ts), so where the box ends is not asked.
    expect(layout).toMatchObject({
      pageScrollsSideways: false,
      listScrollsSideways: false,
      lastHeaderReachable: true,
      firstHeaderFixed: true,
      lastHeader: 'Actions',
    });
    // A row's badge says what the API says: its plant's active alarms (a dash without any). Alarms come and go
    // with the demo's faults, so the two are compared until they agree.
    const testId = await rows(page).first().getAttribute('data-testid');
    const plantId = Number(testId!.slice('plant-row-'.length));
    await expect
      .poll(async () => {
        const alarms = (await plantsVia()).find((p) => p.plantId === plantId)!.activeAlarms;
        const shown = await page.getByTestId(`plant-alarms-${plantId}`).innerText();
        return shown === (alarms.count > 0 ? String(alarms.count) : '—');
      })
      .toBe(true);
  });
});
