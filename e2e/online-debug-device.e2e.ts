import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectNotice,
  expectTitle,
  loginViaForm,
  setupJourney,
  type Journey,
} from './support/journey.js';
import { affiliate } from './support/scope.js';

interface DebugDevice {
  id: number;
  sn: string;
  pcuVersion: number;
}

/** A demo inverter answers a command within a few seconds; the page hears the outcome live. */
const OUTCOME_MS = 30_000;
const HEX_FRAME = /^fe 55( [0-9a-f]{2})+ ae$/;

/**
 * Switches the page to `lang`. The choice is stored with the account (it follows the user to the next login): a test
 * that switches signs in as a user of its own (the administrator's language stays English for the journeys beside
 * this one), and switches back before it ends.
 */
async function switchLanguage(page: Page, lang: 'en' | 'de'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-option-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: WAIT_MS }).toBe(lang);
}

/** A demo OSIM inverter connected to the gateway and answering (they dial in shortly after the server starts). */
async function connectedOsimInverter(journey: Journey): Promise<DebugDevice> {
  let found: DebugDevice | undefined;
  await expect
    .poll(
      async () => {
        // The page lists only the inverters connected over OSIM now.
        const list = await journey.api.call<{ items: DebugDevice[] }>('GET', '/api/debug/devices?q=', {
          token: journey.admin,
        });
        found = list.items[0];
        if (!found) return false;
        // Answering a query through the gateway: identified and polled, so it takes commands too.
        const read = await journey.api
          .call<{ replies: unknown[] }>('POST', `/api/debug/${found.id}/read`, {
            token: journey.admin,
            body: { kind: 'query', command: '0C' },
          })
          .catch(() => ({ replies: [] }));
        return read.replies.length > 0;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return found!;
}

async function openDebug(page: Page, username: string, password: string, device: DebugDevice): Promise<void> {
  await loginViaForm(page, username, password, '/deviceCenter/onlineDebug');
  await expectTitle(page, 'Online debugging');
  await page.getByTestId('debug-device-search').fill(device.sn);
  await page.getByTestId(`debug-device-${device.sn}`).check();
}

const poweredOff = async (journey: Journey, deviceId: number) =>
  (
    await journey.api.call<{ poweredOff: boolean }>('GET', `/api/devices/${deviceId}/firmware-options`, {
      token: journey.admin,
    })
  ).poweredOff;

test.describe('online debug with a connected OSIM inverter', () => {
  const journey = setupJourney();

  /**
   * A user of the journey's own with these permissions, affiliated to the inverter's plant so the device is in scope
   * (support/scope.ts); returns the username (password USER_PASSWORD) and id.
   */
  async function userOfInverter(device: DebugDevice, permissions: string[], prefix: string) {
    const user = await journey.userWith(permissions, prefix);
    const [stored] = await journey.api
      .call<{ items: { sn: string; plantId: number | null }[] }>('GET', `/api/device-storage?keyword=${device.sn}`, {
        token: journey.admin,
      })
      .then((r) => r.items.filter((d) => d.sn === device.sn));
    expect(typeof stored?.plantId).toBe('number');
    await affiliate(journey, user.id, [stored!.plantId!]);
    return user;
  }

  test('reads 0A from the inverter: raw frames both ways and named fields that follow the language', async () => {
    test.setTimeout(150_000);
    const device = await connectedOsimInverter(journey);
    // A user who may query the inverter (the page and B/E:command.issue): the language switch is the account's.
    const reader = await userOfInverter(device, ['B', 'B/E', 'B/E:command.issue'], 'dbgRead');
    const page = await journey.open();
    await openDebug(page, reader.username, USER_PASSWORD, device);
    await page.getByTestId('debug-read-command').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^0A · / })
      .click();
    await page.getByTestId('debug-read-send').click();

    await page.getByTestId('debug-read-result').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('debug-request-hex').innerText()).toMatch(HEX_FRAME);
    expect(await page.getByTestId('debug-request-hex').innerText()).toMatch(/^fe 55 64 14 0a 00 /);
    expect(await page.getByTestId('debug-reply-hex-0A').innerText()).toMatch(HEX_FRAME);
    const voltage = page.getByTestId('debug-reply-fields-0A-batteryVoltage');
    expect(await voltage.innerText()).toContain('Battery voltage');
    expect(await voltage.innerText()).toMatch(/\d V/);

    await switchLanguage(page, 'de');
    await expect.poll(() => voltage.innerText(), { timeout: WAIT_MS }).toContain('Batteriespannung');
    expect(await page.getByTestId('debug-reply-hex-0A').innerText()).toMatch(HEX_FRAME);
    await switchLanguage(page, 'en');
  });

  test('syncs the clock after a confirmation, powers off with the password and on again', async () => {
    test.setTimeout(180_000);
    const device = await connectedOsimInverter(journey);
    const page = await journey.open();
    await openDebug(page, 'admin', ADMIN_PASSWORD, device);
    await page.getByRole('tab', { name: 'Common commands' }).click();
    const issued = page.getByTestId('debug-issued-commands');
    const outcome = (kind: string) =>
      issued.getByTestId(`command-row-${device.sn}-${kind}`).first().getByTestId('command-status');

    await page.getByTestId('debug-command-clockSync').click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Send “Clock sync” to ${device.sn}?` });
    await confirm.waitFor();
    await page.getByTestId('debug-command-confirm').click();
    await expectNotice(page, 'Issued successfully');
    // OSIM has no clock query: the inverter's 68 answer carries the time it has set, and that is the read-back.
    await expect
      .poll(() => outcome('clockSync').getAttribute('data-status'), { timeout: OUTCOME_MS, intervals: [500] })
      .toBe('succeeded');

    await page.getByTestId('debug-command-powerOff').click();
    const password = page.getByRole('dialog').filter({ hasText: 'Shut down: enter your password again' });
    await password.waitFor();
    expect(await password.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await page.getByTestId('command-password').fill(ADMIN_PASSWORD);
    await password.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => outcome('powerOff').getAttribute('data-status'), { timeout: OUTCOME_MS, intervals: [500] })
      .toBe('succeeded');
    await expect.poll(() => poweredOff(journey, device.id), { timeout: OUTCOME_MS, intervals: [1000] }).toBe(true);

    await page.getByTestId('debug-command-powerOn').click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Send “Power on” to ${device.sn}?` })
      .waitFor();
    await page.getByTestId('debug-command-confirm').click();
    await expect
      .poll(() => outcome('powerOn').getAttribute('data-status'), { timeout: OUTCOME_MS, intervals: [500] })
      .toBe('succeeded');
    await expect.poll(() => poweredOff(journey, device.id), { timeout: OUTCOME_MS, intervals: [1000] }).toBe(false);
  });

  test('describes a field with type, scale, unit, range and meaning in the user language', async () => {
    // A user with the page, of the journey's own: the language switch is the account's.
    const { username } = await journey.userWith(['B', 'B/E'], 'dbgCat');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD, '/deviceCenter/onlineDebug');
    await page.getByRole('tab', { name: 'Parameter description' }).click();
    const search = page.getByTestId('debug-catalogue-search');

    await search.fill('power factor setpoint');
    const powerFactor = page.locator('[data-testid^="debug-catalogue-67-"][data-testid$="-powerFactor"]').first();
    await powerFactor.waitFor();
    const cells = await powerFactor.locator('td').allInnerTexts();
    // name, key, type, bytes, scale, unit, range, meaning, repeats
    expect(cells.slice(0, 3)).toEqual(['Power factor setpoint', 'powerFactor', 'Signed integer']);
    expect(cells[4]).toBe('0.001');
    expect(cells[6]).toBe('-1 – 1');
    // Only matching fields are listed.
    expect(await page.locator('[data-testid^="debug-catalogue-0A-"]').count()).toBe(0);

    await search.fill('startTime');
    const start = page.locator('[data-testid^="debug-catalogue-66-"][data-testid$="-startTime"]').first();
    await start.waitFor();
    const startCells = await start.locator('td').allInnerTexts();
    expect(startCells[5]).toBe('min');
    // A repetition names the field that holds the count.
    expect(startCells[8]).toBe('Number of tariff periods');

    await search.fill('operatingMode');
    const mode = page.locator('[data-testid^="debug-catalogue-66-"][data-testid$="-operatingMode"]').first();
    await mode.waitFor();
    const modeCells = await mode.locator('td').allInnerTexts();
    expect(modeCells[6]).toBe('0, 1, 2, 3, 4, 6');
    expect(modeCells[7]).toContain('4 = Peak-valley');

    await switchLanguage(page, 'de');
    await expect
      .poll(async () => (await mode.locator('td').allInnerTexts())[0], { timeout: WAIT_MS })
      .toBe('Betriebsart');
    expect((await mode.locator('td').allInnerTexts())[2]).toBe('Ganzzahl mit Vorzeichen');
    await search.fill('xyz-no-such-field');
    await expect.poll(() => page.locator('.online-debug-catalogue section').count(), { timeout: WAIT_MS }).toBe(0);
    await switchLanguage(page, 'en');
  });

  test('offers no raw registers (BA/BB) to a user without the operator permission, and the API refuses them', async () => {
    test.setTimeout(150_000);
    const device = await connectedOsimInverter(journey);
    // A user with the page but not B/E:debug.raw, affiliated to the inverter's plant so the device is in scope.
    const { username } = await userOfInverter(device, ['B', 'B/E', 'B/E:command.issue'], 'dbg');

    const page = await journey.open();
    await openDebug(page, username, USER_PASSWORD, device);
    await page.getByTestId('debug-read-command').waitFor();
    expect(await page.getByTestId('debug-read-mode').count()).toBe(0);
    expect(await page.getByTestId('debug-registers').count()).toBe(0);

    const token = await journey.api.login(username, USER_PASSWORD);
    for (const body of [
      { kind: 'registerRead', addresses: [0x1000] },
      { kind: 'registerWrite', registers: [{ address: 0x1000, value: 1 }] },
    ]) {
      const res = await fetch(`${journey.baseUrl}/api/debug/${device.id}/read`, {
        method: 'POST',
        headers: { ...journey.headers, token, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(body),
      });
      expect([403, 404]).toContain(res.status);
    }
    // The same user may still send a query command: the refusal is about raw registers, not the page.
    const query = await journey.api.call<{ replies: unknown[] }>('POST', `/api/debug/${device.id}/read`, {
      token,
      body: { kind: 'query', command: '0C' },
    });
    expect(query.replies.length).toBeGreaterThan(0);
  });
});
