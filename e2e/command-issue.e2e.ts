import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, WAIT_MS, expectNotice, expectTitle, loginViaForm, setupJourney } from './support/journey.js';
import { INVERTER_PLACE, chooseByTestId, mqttInverters, type CommandDevice } from './support/demo-fleet.js';

interface FirmwareOptions {
  pcuVersion: string;
  poweredOff: boolean;
}

/** A demo inverter answers a command within a few seconds; the page hears the outcome live. */
const OUTCOME_MS = 30_000;

test.describe('command issue', () => {
  const journey = setupJourney();

  /**
   * An online demo inverter that runs PCU 4.0.0 (so a PCU 4.1.0 image fits it) and is switched on: from this journey's
   * place among the MQTT inverters on (support/demo-fleet.ts), so no other journey sets a work mode there meanwhile.
   */
  async function runningInverter(): Promise<CommandDevice> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const found = (await mqttInverters(journey)).slice(INVERTER_PLACE.commandIssue);
      for (const device of found.filter((d) => d.online)) {
        const options = await journey.api.call<FirmwareOptions>('GET', `/api/devices/${device.id}/firmware-options`, {
          token: journey.admin,
        });
        if (options.pcuVersion === '4.0.0' && !options.poweredOff) return device;
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    throw new Error('no online demo inverter on PCU 4.0.0');
  }

  /** Puts a PCU image of the device's family into the catalogue (multipart, like the upload dialog). */
  async function uploadPcuImage(family: string): Promise<void> {
    const form = new FormData();
    form.set('kind', 'PCU');
    form.set('family', family);
    form.set('version', '4.1.0');
    form.set('file', new Blob([Buffer.alloc(2048, 7)]), `pcu-${family}-4.1.0.bin`);
    const res = await fetch(`${journey.baseUrl}/api/firmware`, {
      method: 'POST',
      headers: { ...journey.headers, token: journey.admin, 'accept-language': 'en' },
      body: form,
    });
    // 409: an earlier run against the same server uploaded it already.
    expect([200, 409]).toContain(res.status);
  }

  async function openCommandIssue(page: Page, sn: string): Promise<void> {
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/deviceCenter/commandIssue');
    await expectTitle(page, 'Command issue');
    await page.getByTestId('command-device-search').fill(sn);
    await page.getByTestId(`command-device-${sn}`).check({ timeout: WAIT_MS });
  }

  test('sets the work mode of a demo inverter, sees it succeed live and in the control records', async () => {
    test.setTimeout(120_000);
    const device = await runningInverter();
    const page = await journey.open();
    await openCommandIssue(page, device.sn);
    await chooseByTestId(page, 'command-kind', 'Work mode');
    await chooseByTestId(page, 'command-value', 'Peak-valley');
    await page.getByTestId('command-issue').click();
    await expectNotice(page, 'Issued successfully');
    const status = page.getByTestId('issued-commands').getByTestId('command-status').first();
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: OUTCOME_MS, intervals: [500] })
      .toBe('succeeded');

    await page.goto('/userCenter/contralRecord');
    await expectTitle(page, 'Control records');
    await page.getByTestId('records-object').fill(device.sn);
    await page.getByTestId('records-search').click();
    const record = page
      .getByTestId('control-records')
      .locator('tr', { hasText: device.sn })
      .filter({ hasText: 'Work mode' })
      .first();
    await record.waitFor({ timeout: WAIT_MS });
    expect(await record.getByTestId('command-status').getAttribute('data-status')).toBe('succeeded');
    expect(await record.textContent()).toContain('Work mode → Peak-valley');
  });

  test('shows the outcome of an inverter that answered before the issue answer reached the page', async () => {
    test.setTimeout(120_000);
    const device = await runningInverter();
    const page = await journey.open();
    await openCommandIssue(page, device.sn);
    // A slow network on the way back: the issue answer reaches the page only after the inverter has answered and
    // its "sent" and "succeeded" have come over the live socket.
    await page.route('**/api/commands', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { commands: { id: number }[] } };
      const id = body.data.commands[0]!.id;
      await expect
        .poll(
          async () =>
            (await journey.api.call<{ status: string }>('GET', `/api/commands/${id}`, { token: journey.admin })).status,
          { timeout: OUTCOME_MS, intervals: [250] },
        )
        .toBe('succeeded');
      await route.fulfill({ response });
    });
    await chooseByTestId(page, 'command-kind', 'Clock sync');
    await page.getByTestId('command-issue').click();
    await expectNotice(page, 'Issued successfully');
    const status = page.getByTestId('issued-commands').getByTestId('command-status').first();
    // The page heard the outcome before it knew the command; it shows it, not "queued".
    await expect.poll(() => status.getAttribute('data-status'), { timeout: WAIT_MS }).toBe('succeeded');
  });

  test('refuses an upgrade of a running inverter with the "shut down first" message', async () => {
    test.setTimeout(120_000);
    const device = await runningInverter();
    await uploadPcuImage(device.model);
    const page = await journey.open();
    await openCommandIssue(page, device.sn);
    const panel = page.getByTestId('firmware-upgrade-panel');
    await panel.waitFor({ timeout: WAIT_MS });
    await panel.getByTestId('firmware-image').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `PCU 4.1.0 · ${device.model}` })
      .click();
    await expect
      .poll(() => page.getByTestId('firmware-refusal').textContent(), { timeout: WAIT_MS })
      .toBe('Shut the inverter down first: issue the shutdown command before the upgrade');
    expect(await page.getByTestId('firmware-upgrade').isDisabled()).toBe(true);

    // The server enforces the same rule when asked directly.
    const images = await journey.api.call<{ id: number; kind: string; family: string; version: string }[]>(
      'GET',
      '/api/firmware',
      { token: journey.admin },
    );
    const image = images.find((i) => i.kind === 'PCU' && i.family === device.model && i.version === '4.1.0')!;
    const refused = await fetch(`${journey.baseUrl}/api/devices/${device.id}/upgrade`, {
      method: 'POST',
      headers: {
        ...journey.headers,
        token: journey.admin,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify({ imageIds: [image.id], password: 'not-checked-before-the-rules' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toBe(
      'Shut the inverter down first: issue the shutdown command before the upgrade',
    );
  });
});
