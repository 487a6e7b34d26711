import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, expectNotice, expectTitle, loginViaForm, setupJourney, unique } from './support/journey.js';
import { antInput, tariffRowSteps } from './support/tariff-rows.js';
import { plantBody } from './support/plants.js';

interface TariffVersion {
  tariffId: number;
  effectiveFrom: string;
  state: 'past' | 'current' | 'future';
  periods: { type: number; start: string; end: string; price: number }[];
}
interface PlantTariffs {
  today: string;
  versions: TariffVersion[];
}
interface EnergySaving {
  configured: { coalKgPerKwh: number; co2KgPerKwh: number; treesPerKwh: number } | null;
}

const row = (page: Page, index: number) => page.getByTestId(`tariff-row-${index}`);
const input = antInput;
const { chooseType, setTime } = tariffRowSteps(row);

test.describe('plant configuration', () => {
  const journey = setupJourney();
  let plantId = 0;

  test.beforeAll(async () => {
    const plant = await journey.api.call<{ plantId: number }>('POST', '/api/plants', {
      token: journey.admin,
      body: plantBody(unique('Config_Roof'), { powerKw: 5, timeZone: 'UTC' }),
    });
    plantId = plant.plantId;
  });

  test.afterAll(async () => {
    if (plantId) await journey.api.call('DELETE', `/api/plants/${plantId}`, { token: journey.admin }).catch(() => 0);
  });

  const tariffs = () =>
    journey.api.call<PlantTariffs>('GET', `/api/plants/${plantId}/tariffs`, { token: journey.admin });

  async function openConfig(): Promise<Page> {
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, `/plantCenter/plantConfig?plantId=${plantId}`);
    await expectTitle(page, 'Plant configuration');
    return page;
  }

  test('rejects an overlapping period with its message, then saves a valid day that appears as current', async () => {
    const page = await openConfig();
    await page.getByTestId('tariff-editor').waitFor();

    await chooseType(page, 0, 'Valley');
    await setTime(page, 0, 'end', '12:00');
    await input(row(page, 0), 'tariff-price').fill('0.3');
    await page.getByTestId('tariff-add-period').click();
    await chooseType(page, 1, 'Peak');
    await setTime(page, 1, 'start', '11:00');
    await input(row(page, 1), 'tariff-price').fill('1.2');
    await page.getByTestId('tariff-save').click();

    await row(page, 1).locator('.ant-form-item-explain-error', { hasText: 'Time periods must not overlap' }).waitFor();
    expect((await tariffs()).versions).toEqual([]);

    await setTime(page, 1, 'start', '12:01');
    await page.getByTestId('tariff-save').click();
    await expectNotice(page, 'Saved');

    const stored = await tariffs();
    expect(stored.versions).toHaveLength(1);
    expect(stored.versions[0]).toMatchObject({
      effectiveFrom: stored.today,
      state: 'current',
      periods: [
        { type: 4, start: '00:00', end: '12:00', price: 0.3 },
        { type: 2, start: '12:01', end: '23:59', price: 1.2 },
      ],
    });
    const listed = page.getByTestId(`tariff-version-${stored.today}`);
    await listed.getByText('Current', { exact: true }).waitFor();
    expect(await listed.innerText()).toContain('12:01–23:59');
  });

  test('adds and edits the energy-saving factors', async () => {
    const page = await openConfig();
    await page.getByRole('tab', { name: 'Energy saving' }).click();
    const panel = page.getByTestId('energy-saving');
    await panel.getByTestId('energy-saving-state').getByText('Default factors').waitFor();

    await input(panel, 'saving-coalKgPerKwh').fill('0.35');
    await input(panel, 'saving-co2KgPerKwh').fill('0');
    await panel.getByTestId('saving-save').click();
    await panel.locator('.ant-form-item-explain-error', { hasText: 'Please enter a positive number' }).waitFor();

    await input(panel, 'saving-co2KgPerKwh').fill('0.5');
    await input(panel, 'saving-treesPerKwh').fill('0.03');
    await panel.getByTestId('saving-save').click();
    await expectNotice(page, 'Added');
    await panel.getByTestId('energy-saving-state').getByText('Plant factors').waitFor();

    await input(panel, 'saving-treesPerKwh').fill('0.04');
    await panel.getByTestId('saving-save').click();
    await expectNotice(page, 'Edited');
    const saved = await journey.api.call<EnergySaving>('GET', `/api/plants/${plantId}/energy-saving`, {
      token: journey.admin,
    });
    expect(saved.configured).toMatchObject({ coalKgPerKwh: 0.35, co2KgPerKwh: 0.5, treesPerKwh: 0.04 });
  });
});
