// A new installer on the command issue page at 1440×900, in the four languages: devices chosen by filter in the
// app's table ("select all within the filter"), the selection summarised before Issue, a batch to every demo
// inverter followed per device to its outcome, and a value out of range refused by the form's own rule.
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectNotice,
  expectTitle,
  loginPathTo,
  loginViaForm,
  setupJourney,
} from './support/journey.js';
import { chooseByTestId, demoInverters, type CommandDevice } from './support/demo-fleet.js';
import { fleetViewer } from './support/scope.js';

type Lang = 'zh' | 'en' | 'cs' | 'de';

/** Every demo inverter answers a clock sync within seconds; a loaded machine may take a while for 22 of them. */
const BATCH_MS = 120_000;

const TEXT: Record<
  Lang,
  { title: string; online: string; alarm: string; soc: string; outOfRange: string; selected: (n: number) => RegExp }
> = {
  zh: {
    title: '指令下发',
    online: '在线',
    alarm: '告警',
    soc: 'SOC下限',
    outOfRange: '取值范围为 10–100 %',
    selected: (n) => new RegExp(`${n}`),
  },
  en: {
    title: 'Command issue',
    online: 'Online',
    alarm: 'Alarm',
    soc: 'SOC lower limit',
    outOfRange: 'The value must be between 10 and 100 %',
    selected: (n) => new RegExp(`^${n} selected$`),
  },
  cs: {
    title: 'Odesílání příkazů',
    online: 'Online',
    alarm: 'Alarm',
    soc: 'Spodní mez SOC',
    outOfRange: 'Hodnota musí být mezi 10 a 100 %',
    selected: (n) => new RegExp(`${n}`),
  },
  de: {
    title: 'Befehlsversand',
    online: 'Online',
    alarm: 'Alarm',
    soc: 'SOC-Untergrenze',
    outOfRange: 'Der Wert muss zwischen 10 und 100 % liegen',
    selected: (n) => new RegExp(`${n}`),
  },
};

const COMMAND_ISSUE = '/deviceCenter/commandIssue';

/**
 * The command page in `lang`, signed in as the administrator or as a viewer of the demo fleet (both scopes hold the
 * whole demo fleet). A language chosen on the login page becomes the account's: only the viewer is signed in so.
 */
async function openCommandIssue(page: Page, lang: Lang, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The sign-in page as a link to the command page opens it, used as it is: a new load between the choice and the
  // sign-in would lose the choice made on this page (it becomes the account's only at the sign-in).
  await page.goto(loginPathTo(COMMAND_ISSUE));
  if (lang !== 'en') {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId(`lang-option-${lang}`).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: WAIT_MS }).toBe(lang);
  }
  await loginViaForm(page, username, password, COMMAND_ISSUE);
  await expectTitle(page, TEXT[lang].title);
}

/** The demo inverters once every one of them is online (they connect shortly after the server starts). */
async function allOnline(journey: ReturnType<typeof setupJourney>): Promise<CommandDevice[]> {
  let devices: CommandDevice[] = [];
  await expect
    .poll(
      async () => {
        devices = await demoInverters(journey);
        return devices.length > 0 && devices.every((d) => d.online);
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return devices;
}

const summaryCount = (page: Page) =>
  page.getByTestId('command-selection-summary').getAttribute('data-count', { timeout: 1000 });

/** Types a value out of range and checks the form's own message, and that nothing could raise the browser's bubble. */
async function expectLocalisedRangeMessage(page: Page, lang: Lang): Promise<void> {
  await chooseByTestId(page, 'command-kind', TEXT[lang].soc);
  const value = page.getByTestId('command-value');
  await value.fill('101');
  const help = page.locator('.setting-form .ant-form-item-explain-error');
  await expect
    .poll(() => help.innerText({ timeout: 1000 }).catch(() => ''), { timeout: WAIT_MS })
    .toBe(TEXT[lang].outOfRange);
  expect(await page.getByTestId('command-issue').isDisabled()).toBe(true);
  const native = await page.locator('.setting-form').evaluate((form) => ({
    noValidate: (form as HTMLFormElement).noValidate,
    constrained: form.querySelectorAll('[required], [min], [max], [pattern]').length,
    // Nothing the browser would refuse on submit (its bubble speaks the browser's language, not the app's).
    invalid: Array.from(form.querySelectorAll('input')).filter((i) => !i.checkValidity()).length,
  }));
  expect(native).toEqual({ noValidate: true, constrained: 0, invalid: 0 });
  await value.fill('40');
  await expect.poll(() => help.count(), { timeout: WAIT_MS }).toBe(0);
}

test.describe('command batch chosen by filter, in four languages', () => {
  const journey = setupJourney();
  /**
   * The account that reads the page in Chinese, Czech and German: a viewer of the demo fleet of the journey's own.
   * The administrator's language stays English, and its scope also holds the devices other journeys stock in meanwhile.
   */
  let viewer: { username: string; token: string };

  test.beforeAll(async () => {
    viewer = await fleetViewer(journey, ['B', 'B/E', 'B/E:command.issue'], 'batchViewer');
  });

  for (const lang of ['zh', 'cs', 'de'] as const) {
    test(`filters, selects all within the filter, summarises it and refuses a value out of range (${lang})`, async () => {
      test.setTimeout(120_000);
      const fleet = await demoInverters(journey);
      const tenK = fleet.filter((d) => d.model === '10K');
      // What the server selects for the model filter in the viewer's scope (the page's, with any 10K device in it).
      const { total } = await journey.api.call<{ total: number }>('GET', '/api/commands/devices/all?model=10K', {
        token: viewer.token,
      });
      expect(total).toBeGreaterThanOrEqual(tenK.length);
      const page = await journey.open();
      await openCommandIssue(page, lang, viewer.username, USER_PASSWORD);

      await chooseByTestId(page, 'command-model-filter', '10K');
      await expect
        .poll(() => page.getByTestId('command-devices').locator('.pager-total').innerText({ timeout: 1000 }), {
          timeout: WAIT_MS,
        })
        .toContain(String(total));
      await page.getByTestId('command-select-all').click();
      await expect.poll(() => summaryCount(page), { timeout: WAIT_MS }).toBe(String(total));
      expect(await page.getByTestId('command-selection-count').innerText()).toMatch(TEXT[lang].selected(total));
      expect(await page.getByTestId('command-selection-models').innerText()).toBe(`10K (${total})`);
      expect(await page.getByTestId('command-selection-plants').innerText()).not.toBe('');

      await expectLocalisedRangeMessage(page, lang);
    });
  }

  test('issues a clock sync to every demo inverter chosen by filter and follows each to its outcome (en)', async () => {
    test.setTimeout(300_000);
    const fleet = await allOnline(journey);
    expect(fleet.length).toBeGreaterThan(20);
    const page = await journey.open();
    // Every connected inverter in scope is the demo fleet (devices other journeys stock in never come online). The
    // status filter splits it: "Online" leaves out an inverter with an active major alarm, which the simulator's
    // faults (grid losses, overloads) raise and clear at any time; "Alarm" holds those. Select all within each
    // filter adds to the selection, so the two together are the fleet. A fault that starts or ends between the two
    // choices can move an inverter past both; then the page is opened again with the whole fleet online.
    const pickerTotal = () =>
      page
        .getByTestId('command-devices')
        .locator('.pager-total')
        .innerText({ timeout: 1000 })
        .catch(() => '');
    /** What the picker must count for a status: the server's own count now (it may change while we look). */
    const serverTotal = async (status: 'online' | 'alarm') =>
      (
        await journey.api.call<{ total: number }>('GET', `/api/commands/devices/all?status=${status}`, {
          token: journey.admin,
        })
      ).total;
    /** Chooses a status and selects all within it; the count the picker showed, or null when it never matched. */
    const selectAllWith = async (status: 'online' | 'alarm', label: string): Promise<number | null> => {
      await chooseByTestId(page, 'command-status-filter', label);
      let total = -1;
      const matched = await expect
        .poll(
          async () => {
            total = await serverTotal(status);
            return (await pickerTotal()) === `Total: ${total}`;
          },
          { timeout: WAIT_MS },
        )
        .toBe(true)
        .then(() => true)
        .catch(() => false);
      if (!matched) return null;
      if (total > 0) {
        const selectAll = page.getByTestId('command-select-all');
        await selectAll.click();
        // The button shows its loading state from the click until the server's devices are in the selection.
        await expect.poll(() => selectAll.getAttribute('class'), { timeout: WAIT_MS }).not.toContain('ant-btn-loading');
      }
      return total;
    };
    for (let attempt = 1; ; attempt += 1) {
      await allOnline(journey);
      if (attempt === 1) await openCommandIssue(page, 'en');
      else await page.reload();
      await expectTitle(page, TEXT.en.title);
      const online = await selectAllWith('online', TEXT.en.online);
      if (online !== null) {
        // The list pages (15 a page); select all took the devices of every page, from the server.
        expect(await page.getByTestId('command-devices').locator('tbody tr').count()).toBe(Math.min(online, 15));
      }
      const alarm = online === null ? null : await selectAllWith('alarm', TEXT.en.alarm);
      const chosen = await summaryCount(page).catch(() => null);
      if ((alarm !== null && chosen === String(fleet.length)) || attempt === 3) {
        expect(chosen).toBe(String(fleet.length));
        break;
      }
    }
    expect(await page.getByTestId('command-selection-count').innerText()).toBe(`${fleet.length} selected`);
    const models = await page.getByTestId('command-selection-models').innerText();
    for (const model of new Set(fleet.map((d) => d.model)))
      expect(models).toContain(`${model} (${fleet.filter((d) => d.model === model).length})`);
    // Above the batch limit the administrator confirms the batch.
    expect(await page.getByTestId('command-batch-limit').innerText()).toBe(
      'More than 20 devices: you confirm the batch before it is issued',
    );

    await expectLocalisedRangeMessage(page, 'en');

    await chooseByTestId(page, 'command-kind', 'Clock sync');
    await page.getByTestId('command-issue').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'More than 20 devices are selected: confirm to issue' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expectNotice(page, 'Issued successfully');

    const summary = page.getByTestId('command-batch-summary');
    await expect
      .poll(() => summary.getAttribute('data-total', { timeout: 1000 }), { timeout: WAIT_MS })
      .toBe(String(fleet.length));
    // Every device reaches a final state of the lifecycle, each seen in its own row.
    await expect
      .poll(() => summary.getAttribute('data-finished', { timeout: 1000 }), { timeout: BATCH_MS, intervals: [1000] })
      .toBe(String(fleet.length));
    const rows = page.getByTestId('issued-commands').locator('tbody tr');
    expect(await rows.count()).toBe(fleet.length);
    const statuses = await page
      .getByTestId('issued-commands')
      .getByTestId('command-status')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
    for (const status of statuses) expect(['succeeded', 'failed', 'timed_out', 'expired']).toContain(status);
    // The summary counts each status once, adding up to the batch.
    const counts = await summary
      .locator('[data-testid^="command-batch-"][data-count]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid'), Number(e.getAttribute('data-count'))]));
    expect(counts.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(fleet.length);
    for (const status of new Set(statuses))
      expect(counts).toContainEqual([`command-batch-${status}`, statuses.filter((s) => s === status).length]);
    expect(await page.getByTestId('command-batch-finished').innerText()).toBe(
      `${fleet.length} of ${fleet.length} commands finished`,
    );

    // The live table's "finished at" is the control records' value for the same command. Other journeys sync this
    // inverter's clock too: the same command is the clock sync to the same time (its downstream parameter, to the
    // second) sent from this journey's address.
    const device = fleet[0]!;
    const liveRow = page.getByTestId(`command-row-${device.sn}-clockSync`);
    const liveFinished = await liveRow.locator('td').last().innerText();
    const liveParameters = await liveRow.locator('td').nth(1).innerText();
    expect(liveFinished).not.toBe('');
    expect(liveParameters).toMatch(/^Clock sync → \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} /);
    await page.goto('/userCenter/contralRecord');
    await expectTitle(page, 'Control records');
    await page.getByTestId('records-object').fill(device.sn);
    await page.getByTestId('records-search').click();
    const record = page
      .getByTestId('control-records')
      .locator('tr', { hasText: 'Clock sync' })
      .filter({ hasText: liveParameters })
      .filter({ hasText: journey.clientIp })
      // The batch sent the same clock sync from the same address to every device: until the search has applied, the
      // list holds the other devices' rows too, whose finishing second may differ.
      .filter({ hasText: device.sn })
      .first();
    await record.waitFor({ timeout: WAIT_MS });
    expect(await record.locator('td').last().innerText()).toBe(liveFinished);
  });
});
