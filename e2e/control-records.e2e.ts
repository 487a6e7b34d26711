import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectTitle,
  loginViaForm,
  setupJourney,
  tableLoaded,
  type Journey,
} from './support/journey.js';
import { INVERTER_PLACE, chooseByTestId, mqttInverters } from './support/demo-fleet.js';

interface Command {
  id: number;
  deviceSn: string;
  kind: string;
  status: string;
}
interface Paged<T> {
  items: T[];
  total: number;
}

const FINAL = ['succeeded', 'failed', 'timed_out', 'expired'];
const OUTCOME_MS = 60_000;

const issue = (journey: Journey, body: Record<string, unknown>) =>
  journey.api.call<{ commands: Command[] }>('POST', '/api/commands', {
    token: journey.admin,
    body: { ...body, idempotencyKey: randomUUID() },
  });

/** A new SOC lower limit the device does not have yet (the server refuses the value it already has). */
async function setSocLowerLimit(journey: Journey, deviceId: number): Promise<Command> {
  for (const value of [35, 40]) {
    try {
      return (await issue(journey, { kind: 'socLowerLimitPct', deviceIds: [deviceId], value })).commands[0]!;
    } catch (err) {
      if (!String(err).includes('Enter a new value')) throw err;
    }
  }
  throw new Error('no new SOC lower limit accepted');
}

async function waitFinal(journey: Journey, ids: number[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const all = await Promise.all(
          ids.map((id) => journey.api.call<Command>('GET', `/api/commands/${id}`, { token: journey.admin })),
        );
        return all.every((c) => FINAL.includes(c.status));
      },
      { timeout: OUTCOME_MS, intervals: [1000] },
    )
    .toBe(true);
}

/** The filters' Ant Design selects name the command types and statuses (English) and "All" for none. */
const KIND_NAMES: Record<string, string> = { clockSync: 'Clock sync', socLowerLimitPct: 'SOC lower limit' };
const STATUS_NAMES: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  succeeded: 'Succeeded',
  failed: 'Failed',
  timed_out: 'Timed out',
  expired: 'Expired',
};

async function search(page: Page, filter: { sn?: string; kind?: string; status?: string }): Promise<void> {
  await page.getByTestId('records-object').fill(filter.sn ?? '');
  await chooseByTestId(page, 'records-kind', filter.kind ? KIND_NAMES[filter.kind]! : 'All');
  await chooseByTestId(page, 'records-status', filter.status ? STATUS_NAMES[filter.status]! : 'All');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/control-records');
  await page.getByTestId('records-search').click();
  await answered;
  // The answer is in; the table shows it once its spinner is gone (until then it shows the rows before).
  await tableLoaded(page.getByTestId('control-records'));
}

const rows = (page: Page) => page.getByTestId('control-records').locator('tbody tr');

test.describe('control records', () => {
  const journey = setupJourney();

  test('filters by kind, status and serial number, pages, shows every column, and stays in the subtree', async () => {
    test.setTimeout(180_000);
    // MQTT inverters only (the OSIM ones belong to the online-debug journey), the first sixteen online. The target is
    // this journey's place among them: no other journey sends it a SOC lower limit (support/demo-fleet.ts).
    const devices = (await mqttInverters(journey, 16)).slice(0, 16);
    const target = devices[INVERTER_PLACE.controlRecords]!;
    const soc = await setSocLowerLimit(journey, target.id);
    // A remote command to sixteen inverters at once: more clock syncs than one page holds.
    const clocks = (await issue(journey, { kind: 'clockSync', deviceIds: devices.slice(0, 16).map((d) => d.id) }))
      .commands;
    expect(clocks).toHaveLength(16);
    await waitFinal(journey, [soc.id, ...clocks.map((c) => c.id)]);
    const socNow = await journey.api.call<Command>('GET', `/api/commands/${soc.id}`, { token: journey.admin });

    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, '/userCenter/contralRecord');
    await expectTitle(page, 'Control records');
    const headers = await page.getByTestId('control-records').locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'Command type',
      'Downstream parameters',
      'Sending user',
      'Client address (IP)',
      'Operation object',
      'Category',
      'Status',
      'Sent at',
      'Finished at',
    ]);

    // By serial number: both kinds of this device, the parameter setting with everything it stores.
    await search(page, { sn: target.sn });
    const socRow = rows(page).filter({ hasText: 'SOC lower limit' }).first();
    await socRow.waitFor();
    const cells = await socRow.locator('td').allInnerTexts();
    expect(cells[0]).toBe('SOC lower limit');
    expect(cells[1]).toMatch(/^SOC lower limit → (35|40) %$/);
    // The address the command was sent from: this journey's client address (X-Forwarded-For).
    expect(cells[3]).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect([cells[2], ...cells.slice(4, 6)]).toEqual(['admin', target.sn, 'Parameter setting']);
    expect(await socRow.getByTestId('command-status').getAttribute('data-status')).toBe(socNow.status);
    expect(cells[7]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(cells[8]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await rows(page).filter({ hasText: 'Clock sync' }).first().innerText()).toContain('Remote command');
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain(target.sn);

    // By kind: only clock syncs, more than one page of them; the pager moves to page 2 and back.
    await search(page, { kind: 'clockSync' });
    await expect
      .poll(async () => (await rows(page).allInnerTexts()).every((t) => t.startsWith('Clock sync')), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await rows(page).count()).toBe(15);
    const pager = page.getByTestId('control-records');
    const firstPage = await rows(page).allInnerTexts();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.locator('[aria-current="page"]').filter({ hasText: /^2$/ }).waitFor();
    await expect.poll(async () => (await rows(page).allInnerTexts()).join() !== firstPage.join()).toBe(true);
    for (const text of await rows(page).allInnerTexts()) expect(text.startsWith('Clock sync')).toBe(true);

    // By status (with kind and serial number): the target's clock sync in its final status, nothing else.
    const clock = clocks.find((c) => c.deviceSn === target.sn)!;
    const clockNow = await journey.api.call<Command>('GET', `/api/commands/${clock.id}`, { token: journey.admin });
    await search(page, { sn: target.sn, kind: 'clockSync', status: clockNow.status });
    await expect.poll(() => rows(page).count(), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(1);
    for (const row of await rows(page).all())
      expect(await row.getByTestId('command-status').getAttribute('data-status')).toBe(clockNow.status);
    const other = FINAL.find((s) => s !== clockNow.status)!;
    await search(page, { sn: target.sn, kind: 'socLowerLimitPct', status: other === socNow.status ? 'queued' : other });
    await expect.poll(() => rows(page).filter({ hasText: target.sn }).count(), { timeout: WAIT_MS }).toBe(0);

    // A user of another subtree (created below admin, holding no devices) sees none of them.
    const { username } = await journey.userWith(['D', 'D/C'], 'rec');
    const token = await journey.api.login(username, USER_PASSWORD);
    const theirs = await journey.api.call<Paged<Command>>('GET', `/api/control-records?sn=${target.sn}`, { token });
    expect(theirs.total).toBe(0);
    const missing = await fetch(`${journey.baseUrl}/api/commands/${soc.id}`, {
      headers: { ...journey.headers, token },
    });
    expect([403, 404]).toContain(missing.status);
    const otherPage = await journey.open();
    await loginViaForm(otherPage, username, USER_PASSWORD, '/userCenter/contralRecord');
    await expectTitle(otherPage, 'Control records');
    await search(otherPage, { sn: target.sn });
    expect(await rows(otherPage).filter({ hasText: target.sn }).count()).toBe(0);
  });
});
