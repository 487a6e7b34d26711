import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, WAIT_MS, expectNotice, expectTitle, loginViaForm, setupJourney } from './support/journey.js';
import { antInput, tariffRowSteps } from './support/tariff-rows.js';
import { chooseByTestId, demoInverters, osimConnected, type CommandDevice } from './support/demo-fleet.js';

interface TariffPeriod {
  type: number;
  start: string;
  end: string;
  price: number;
}
interface PlantTariffs {
  versions: { state: string; periods: TariffPeriod[] }[];
}
interface Records {
  total: number;
}

/** A demo inverter answers within seconds once connected (a loaded machine may take a while); the page hears it live. */
const OUTCOME_MS = 60_000;
const TYPE_NAMES: Record<number, string> = { 1: 'Sharp (tip)', 2: 'Peak', 3: 'Flat', 4: 'Valley' };

const row = (page: Page, index: number) => page.getByTestId('tariff-periods').getByTestId(`tariff-row-${index}`);
const input = antInput;
const { chooseType, setTime } = tariffRowSteps(row);

test.describe('tariff periods pushed to an inverter', () => {
  const journey = setupJourney();

  /** An online demo inverter on MQTT (not connected to the OSIM gateway) that belongs to a plant. */
  async function mqttInverter(): Promise<CommandDevice & { plantId: number }> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const connected = await osimConnected(journey);
      // Not an OSIM inverter, even one that has not dialled the gateway (again) yet: those are the first ones.
      const found = (await demoInverters(journey)).filter(
        (d) => d.online && d.plantId !== null && !connected.has(d.sn),
      );
      const device = found.sort((a, b) => b.sn.localeCompare(a.sn))[0];
      if (device) return device as CommandDevice & { plantId: number };
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    throw new Error('no online demo inverter on MQTT');
  }

  const tariffCommands = async (sn: string) =>
    (
      await journey.api.call<Records>('GET', `/api/control-records?kind=tariffPeriods&sn=${sn}`, {
        token: journey.admin,
      })
    ).total;

  async function openTariffForm(sn: string): Promise<Page> {
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/deviceCenter/commandIssue');
    await expectTitle(page, 'Command issue');
    await page.getByTestId('command-device-search').fill(sn);
    await page.getByTestId(`command-device-${sn}`).check({ timeout: WAIT_MS });
    await chooseByTestId(page, 'command-kind', 'Tariff periods');
    await page.getByTestId('tariff-periods').waitFor();
    return page;
  }

  test("loads the plant's tariff, confirms the periods, and sees the push succeed live", async () => {
    test.setTimeout(120_000);
    const device = await mqttInverter();
    const tariffs = await journey.api.call<PlantTariffs>('GET', `/api/plants/${device.plantId}/tariffs`, {
      token: journey.admin,
    });
    const periods = tariffs.versions.find((v) => v.state === 'current')!.periods;
    const lines = periods.map((p) => `${p.start}–${p.end} ${TYPE_NAMES[p.type]} ${p.price.toFixed(3)}`);
    const page = await openTariffForm(device.sn);

    await page.getByTestId('tariff-use-plant').getByText(`Use the tariff of ${device.plantName}`).waitFor();
    await page.getByTestId('tariff-use-plant').click();
    await page.getByTestId('tariff-source-note').getByText(`Loaded the tariff of ${device.plantName}`).waitFor();
    await expect
      .poll(() => page.getByTestId('tariff-periods').locator('[data-testid^="tariff-row-"]').count())
      .toBe(periods.length);

    await page.getByTestId('command-issue').click();
    const confirm = page.getByTestId('tariff-confirm-periods');
    await confirm.waitFor({ timeout: WAIT_MS });
    expect(await confirm.locator('li').allTextContents()).toEqual(lines);
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expectNotice(page, 'Issued successfully');

    const issued = page.getByTestId('issued-commands').getByTestId(`command-row-${device.sn}-tariffPeriods`);
    await issued.waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => issued.getByTestId('command-status').getAttribute('data-status'), {
        timeout: OUTCOME_MS,
        intervals: [500],
      })
      .toBe('succeeded');
    // The downstream parameters read as periods, not as register names.
    const text = (await issued.textContent()) ?? '';
    expect(text).toContain(lines.join(' · '));
    expect(text).not.toContain('tariffPeriod0Type');
  });

  test('refuses a plan with a gap at 12:00 with the R5.8 message and sends nothing', async () => {
    test.setTimeout(120_000);
    const device = await mqttInverter();
    const before = await tariffCommands(device.sn);
    const page = await openTariffForm(device.sn);

    await chooseType(page, 0, 'Valley');
    await setTime(page, 0, 'end', '11:59');
    await input(row(page, 0), 'tariff-price').fill('0.3');
    await page.getByTestId('tariff-add-period').click();
    await chooseType(page, 1, 'Peak');
    await setTime(page, 1, 'start', '12:01');
    await input(row(page, 1), 'tariff-price').fill('1.2');
    // Enter committed each time without sending the form: no rule has been checked yet.
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    await page.getByTestId('command-issue').click();

    await row(page, 1)
      .locator('.ant-form-item-explain-error', {
        hasText: 'Each period must start 1 minute after the previous one ends',
      })
      .waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('tariff-confirm-periods').count()).toBe(0);
    expect(await tariffCommands(device.sn)).toBe(before);
  });
});
