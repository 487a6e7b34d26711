import mqtt from 'mqtt';
import { expect, test, type Page } from '@playwright/test';
import { runEnv } from './support/run-env.js';
import { ADMIN_PASSWORD, WAIT_MS, expectTitle, loginViaForm, setupJourney, unique } from './support/journey.js';
import { receivedMails } from './support/mailbox.js';

interface StockInResult {
  device: { id: number; sn: string };
  credentials: { username: string; secret: string } | null;
}

/** Grid voltage high (device code 7, faultWord bit 6): a major grid alarm. */
const GRID_HIGH = 1 << 6;
/** The engine raises after ALARM_DEBOUNCE_SECONDS (60) of reports, by reading times; delivery polls every 500 ms. */
const MAIL_MS = 45_000;

async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option-active').filter({ hasText: text }).waitFor({ timeout: WAIT_MS });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

const bellCount = async (page: Page): Promise<number> => {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)\s*$/.exec(label)?.[1] ?? NaN);
};

test.describe('alarm notifications', () => {
  const journey = setupJourney();

  test('a rule made on the page tells of a simulated fault: the bell count rises live and the e-mail arrives', async () => {
    test.setTimeout(120_000);
    // A new inverter of the admin's, activated into a demo plant, that will report a fault over MQTT.
    const sn = `VFE2E${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    const stocked = await journey.api.call<StockInResult>('POST', '/api/device-storage', {
      token: journey.admin,
      body: { sn, kind: 'inverter', modelType: '10K' },
    });
    const plants = await journey.api.call<{ plantId: number; name: string }[]>('GET', '/api/plants', {
      token: journey.admin,
    });
    const plant = plants[0]!;
    await journey.api.call('POST', `/api/device-storage/${stocked.device.id}/activate`, {
      token: journey.admin,
      body: { plantId: plant.plantId },
    });

    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/alarmCenter/alarmRules');
    await expectTitle(page, 'Alarm rules');
    const before = await bellCount(page);
    expect(before).not.toBeNaN();

    // The rule: this plant, every alarm, the admin (in-app) and an address (e-mail).
    const name = unique('Notify');
    const address = `${name.toLowerCase()}@example.com`;
    await page.getByTestId('rule-add').click();
    await page.locator('input[data-testid="rule-form-name"], [data-testid="rule-form-name"] input').first().fill(name);
    // A new rule covers every plant until told otherwise.
    const allPlants = page.getByTestId('rule-form-all-plants');
    if ((await allPlants.getAttribute('aria-checked')) === 'true') await allPlants.click();
    await choose(page, 'rule-form-plants', plant.name);
    await choose(page, 'rule-form-users', 'admin');
    await page.getByTestId('rule-form-add-email').click();
    await page
      .locator('input[data-testid="rule-form-email-0"], [data-testid="rule-form-email-0"] input')
      .first()
      .fill(address);
    await page.getByTestId('rule-form-save').click();
    await expect.poll(() => page.getByTestId('rule-table').innerText(), { timeout: WAIT_MS }).toContain(name);

    // The inverter reports the fault for longer than the debounce (by its readings' times).
    const client = await mqtt.connectAsync(runEnv('mqttUrl'), {
      clientId: sn,
      username: stocked.credentials!.username,
      password: stocked.credentials!.secret,
    });
    try {
      const now = Date.now();
      for (const ts of [now - 90_000, now - 30_000, now]) {
        await client.publishAsync(
          `dev/${sn}/up/reading`,
          JSON.stringify({ sn, ts, values: { pvPowerW: 1200, faultWord: GRID_HIGH } }),
          { qos: 1 },
        );
      }
    } finally {
      await client.endAsync();
    }

    // The bell counts it without a reload, and the popover names the device.
    await expect.poll(() => bellCount(page), { timeout: MAIL_MS }).toBeGreaterThan(before);
    await page.getByTestId('notification-bell').click();
    await expect.poll(() => page.getByTestId('bell-popover').innerText(), { timeout: WAIT_MS }).toContain(sn);

    // The e-mail: in English (the admin's UI language), naming the device, the plant and a link to the alarm.
    const mail = await (async () => {
      const deadline = Date.now() + MAIL_MS;
      for (;;) {
        const found = (await receivedMails(runEnv('mailboxUrl'))).find((m) => m.to === address && m.text.includes(sn));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    expect(mail.subject).toContain('Grid voltage high');
    expect(mail.text).toContain(`Plant: ${plant.name}`);
    expect(mail.text).toMatch(/\/alarmCenter\/alarmSearch\?alarm=\d+/);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@voltfleet\.test>$/);

    // The delivery log on the page says it was sent.
    const row = page.getByTestId('rule-table').locator('tr', { hasText: name });
    await row.getByRole('button', { name: 'Delivery log' }).click();
    await expect.poll(() => page.getByTestId('delivery-table').innerText(), { timeout: WAIT_MS }).toContain('Sent');
  });
});
