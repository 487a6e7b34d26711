import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectNotice,
  expectTitle,
  loginViaForm,
  setupJourney,
  unique,
  type Journey,
} from './support/journey.js';

interface DebugDevice {
  id: number;
  sn: string;
  pcuVersion: number;
}

/** A demo inverter answers a command within a few seconds; the page hears the outcome live. */
const OUTCOME_MS = 30_000;
const HEX_FRAME = /^fe 55( [0-9a-f]{2})+ ae$/;

/**
 * Switches the page to `lang`. The choice is stored with the account (it follows the user to the next login), so a
 * test that switches away from English switches back before it ends, for the tests after it.
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
      { timeout: 90_000, interval: 1000 },
    )
    .toBe(true);
  return found!;
}

async function openDebug(page: Page, username: string, password: string, device: DebugDevice): Promise<void> {
  await loginViaForm(page, username, password);
  await page.goto('/deviceCenter/onlineDebug');
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

describe('online debug with a connected OSIM inverter', () => {
  const journey = setupJourney();

  it('reads 0A from the inverter: raw frames both ways and named fields that follow the language', async () => {
    const device = await connectedOsimInverter(journey);
    const page = await journey.open();
    await openDebug(page, 'admin', ADMIN_PASSWORD, device);
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
  }, 150_000);

  it('syncs the clock after a confirmation, powers off with the password and on again', async () => {
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
      .poll(() => outcome('clockSync').getAttribute('data-status'), { timeout: OUTCOME_MS, interval: 500 })
      .toBe('succeeded');

    await page.getByTestId('debug-command-powerOff').click();
    const password = page.getByRole('dialog').filter({ hasText: 'Shut down: enter your password again' });
    await password.waitFor();
    expect(await password.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await page.getByTestId('command-password').fill(ADMIN_PASSWORD);
    await password.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => outcome('powerOff').getAttribute('data-status'), { timeout: OUTCOME_MS, interval: 500 })
      .toBe('succeeded');
    await expect.poll(() => poweredOff(journey, device.id), { timeout: OUTCOME_MS, interval: 1000 }).toBe(true);

    await page.getByTestId('debug-command-powerOn').click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Send “Power on” to ${device.sn}?` })
      .waitFor();
    await page.getByTestId('debug-command-confirm').click();
    await expect
      .poll(() => outcome('powerOn').getAttribute('data-status'), { timeout: OUTCOME_MS, interval: 500 })
      .toBe('succeeded');
    await expect.poll(() => poweredOff(journey, device.id), { timeout: OUTCOME_MS, interval: 1000 }).toBe(false);
  }, 180_000);

  it('describes a field with type, scale, unit, range and meaning in the user language', async () => {
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/deviceCenter/onlineDebug');
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

  it('offers no raw registers (BA/BB) to a user without the operator permission, and the API refuses them', async () => {
    const device = await connectedOsimInverter(journey);
    // A user with the page but not B/E:debug.raw, affiliated to the inverter's plant so the device is in scope.
    const role = await journey.api.createRole(journey.admin, unique('dbg_role'), ['B', 'B/E', 'B/E:command.issue']);
    const username = unique('dbg');
    const user = await journey.api.createUser(journey.admin, { username, password: USER_PASSWORD, roleId: role.id });
    const [stored] = await journey.api
      .call<{ items: { sn: string; plantId: number | null }[] }>('GET', `/api/device-storage?keyword=${device.sn}`, {
        token: journey.admin,
      })
      .then((r) => r.items.filter((d) => d.sn === device.sn));
    expect(stored?.plantId).toBeTypeOf('number');
    const plant = await journey.api.call<Record<string, unknown> & { affiliatedUserIds: number[] }>(
      'GET',
      `/api/plants/${stored!.plantId}`,
      { token: journey.admin },
    );
    const keys = ['name', 'type', 'powerKw', 'capacityKwh', 'longitude', 'latitude', 'address', 'azimuthDeg'];
    keys.push('inclinationDeg', 'currency', 'onGridType', 'timeZone', 'constructionDate');
    const input: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, plant[k]]));
    if (plant.ownerId !== null) input.ownerId = plant.ownerId;
    input.affiliatedUserIds = [...plant.affiliatedUserIds, user.id];
    await journey.api.call('PUT', `/api/plants/${stored!.plantId}`, { token: journey.admin, body: input });

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
        headers: { token, 'content-type': 'application/json', 'accept-language': 'en' },
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
  }, 150_000);
});
