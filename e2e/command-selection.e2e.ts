import { randomUUID } from 'node:crypto';
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
import { INVERTER_PLACE, chooseByTestId, demoInverters, inverterAt, type CommandDevice } from './support/demo-fleet.js';

interface Command {
  id: number;
  status: string;
}

/** The configured selection size above which a confirmation and B/E:command.batch are needed (default). */
const BATCH_LIMIT = 20;
/**
 * An online MQTT inverter (the OSIM ones are for the online-debug journey): this journey's own place among them
 * (support/demo-fleet.ts), where no other journey sets a work mode meanwhile.
 */
const onlineMqttInverter = (journey: Journey): Promise<CommandDevice> =>
  inverterAt(journey, INVERTER_PLACE.commandSelection);

async function openCommandIssue(page: Page): Promise<void> {
  await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/deviceCenter/commandIssue');
  await expectTitle(page, 'Command issue');
}

async function pick(page: Page, sn: string): Promise<void> {
  await page.getByTestId('command-device-search').fill(sn);
  await page.getByTestId(`command-device-${sn}`).check();
}

/**
 * The control records of `kind` to the device sent from this journey's address: the commands this journey made.
 * Other journeys command the same inverters meanwhile (clock syncs go to the whole fleet).
 */
const recordCount = async (journey: Journey, sn: string, kind: string) =>
  (
    await journey.api.call<{ total: number }>(
      'GET',
      `/api/control-records?objectType=device&object=${sn}&kind=${kind}&ip=${journey.clientIp}`,
      { token: journey.admin },
    )
  ).total;

test.describe('command issue: selections, empty and unchanged values, double clicks', () => {
  const journey = setupJourney();

  test('refuses a large selection to a user without the batch permission with its message', async () => {
    const all = await demoInverters(journey);
    const { username } = await journey.userWith(['B', 'B/E', 'B/E:command.issue'], 'nobatch');
    const token = await journey.api.login(username, USER_PASSWORD);
    const before = await recordCount(journey, all[0]!.sn, 'clockSync');
    const res = await fetch(`${journey.baseUrl}/api/commands`, {
      method: 'POST',
      headers: { ...journey.headers, token, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({
        kind: 'clockSync',
        deviceIds: all.map((d) => d.id),
        confirm: true,
        idempotencyKey: randomUUID(),
      }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe(
      `You may not issue to more than ${BATCH_LIMIT} devices at once`,
    );
    expect(await recordCount(journey, all[0]!.sn, 'clockSync')).toBe(before);
  });

  test('says "Parameters cannot be empty" without a value and "Enter a new value" for the current one', async () => {
    test.setTimeout(90_000);
    const device = await onlineMqttInverter(journey);
    // Make work mode 2 the device's current value (confirmed by its read-back), unless it is already.
    try {
      const { commands } = await journey.api.call<{ commands: Command[] }>('POST', '/api/commands', {
        token: journey.admin,
        body: { kind: 'workMode', deviceIds: [device.id], value: 2, idempotencyKey: randomUUID() },
      });
      await expect
        .poll(
          async () =>
            (await journey.api.call<Command>('GET', `/api/commands/${commands[0]!.id}`, { token: journey.admin }))
              .status,
          { timeout: 30_000, intervals: [1000] },
        )
        .toBe('succeeded');
    } catch (err) {
      if (!String(err).includes('Enter a new value')) throw err;
    }
    const before = await recordCount(journey, device.sn, 'workMode');

    const page = await journey.open();
    await openCommandIssue(page);
    await pick(page, device.sn);
    await chooseByTestId(page, 'command-kind', 'Work mode');
    await page.getByTestId('command-issue').click();
    await expectNotice(page, 'Parameters cannot be empty');

    await chooseByTestId(page, 'command-value', 'Energy storage');
    await page.getByTestId('command-issue').click();
    await expectNotice(page, 'Enter a new value');
    expect(await page.getByTestId('issued-commands').getByTestId('command-status').count()).toBe(0);
    expect(await recordCount(journey, device.sn, 'workMode')).toBe(before);
  });

  test('creates one command for a double click on issue', async () => {
    test.setTimeout(90_000);
    const device = await onlineMqttInverter(journey);
    const before = await recordCount(journey, device.sn, 'clockSync');
    const page = await journey.open();
    await openCommandIssue(page);
    await pick(page, device.sn);
    await chooseByTestId(page, 'command-kind', 'Clock sync');
    await page.getByTestId('command-issue').dblclick();
    await expectNotice(page, 'Issued successfully');
    await expect.poll(() => recordCount(journey, device.sn, 'clockSync'), { timeout: WAIT_MS }).toBe(before + 1);
    // Give a second request the time to arrive: it must not have created another command.
    await page.waitForTimeout(2000);
    expect(await recordCount(journey, device.sn, 'clockSync')).toBe(before + 1);
    expect(await page.getByTestId('issued-commands').getByTestId('command-status').count()).toBe(1);

    // After the answer, the same command again is a new command.
    await page.getByTestId('command-issue').click();
    await expect.poll(() => recordCount(journey, device.sn, 'clockSync'), { timeout: WAIT_MS }).toBe(before + 2);
  });
});
