// Issue 15, point 2: the operation records and the control records read in the user's language, in all four: an
// edited plant as "Plant <name> edited: Detailed address" with old → new, a setting with its value and unit, a clock
// sync's time on the plant's wall clock with its offset; never action codes, JSON or register names. Issue 36, point 8:
// a refused command reads "Command to <serial> refused" with why, in the reader's language, never "Command issued to".
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { USER_PASSWORD, loginViaForm, setupJourney, unique, type Journey } from './support/journey.js';
import { INVERTER_PLACE, inverterAt, type CommandDevice } from './support/demo-fleet.js';
import { affiliate } from './support/scope.js';
import { plantBody } from './support/plants.js';

interface Command {
  id: number;
  deviceSn: string;
  kind: string;
  parameters: Record<string, number>;
  plantTimeZone: string | null;
}

type Lang = 'zh' | 'en' | 'cs' | 'de';

/** What each language must say (the texts are written out here, not read from the app, so a wrong one fails). */
const EXPECTED: Record<
  Lang,
  {
    plantEdited: (name: string) => string;
    address: string;
    soc: string;
    clock: string;
    issued: string;
    refused: (sn: string) => string;
    refusedWord: string;
  }
> = {
  en: {
    plantEdited: (name) => `Plant ${name} edited: Detailed address`,
    address: 'Detailed address',
    soc: 'SOC lower limit',
    clock: 'Clock sync',
    issued: 'Command issued to',
    refused: (sn) => `Command to ${sn} refused`,
    refusedWord: 'Refused: ',
  },
  zh: {
    plantEdited: (name) => `编辑电站 ${name}：详细地址`,
    address: '详细地址',
    soc: 'SOC下限',
    clock: '时钟同步',
    issued: '下发指令',
    refused: (sn) => `向 ${sn} 下发指令被拒绝`,
    refusedWord: '已拒绝：',
  },
  cs: {
    plantEdited: (name) => `Elektrárna ${name} upravena: Podrobná adresa`,
    address: 'Podrobná adresa',
    soc: 'Spodní mez SOC',
    clock: 'Synchronizace času',
    issued: 'Příkaz odeslán na',
    refused: (sn) => `Příkaz pro ${sn} odmítnut`,
    refusedWord: 'Odmítnuto: ',
  },
  de: {
    plantEdited: (name) => `Anlage ${name} bearbeitet: Genaue Adresse`,
    address: 'Genaue Adresse',
    soc: 'SOC-Untergrenze',
    clock: 'Uhrzeit synchronisieren',
    issued: 'Befehl an',
    refused: (sn) => `Befehl an ${sn} abgelehnt`,
    refusedWord: 'Abgelehnt: ',
  },
};

/** Raw forms that must never be the text of a row: action codes, JSON, register assignments. */
const RAW = [/plant\.update/, /command\.issue/, /auth\.login/, /\{"/, /clockS/, /socLowerLimitPct/, /user #\d/];

const shanghaiPlant = (name: string, address: string) =>
  plantBody(name, {
    longitude: '121.473701',
    latitude: '31.230416',
    address,
    currency: 'CNY',
    timeZone: 'Asia/Shanghai',
  });

/** The expected wall-clock text of an instant in a zone, by Intl (an oracle independent of the app's formatter). */
function wallClock(epochS: number, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(new Date(epochS * 1000))
      .map((p) => [p.type, p.value]),
  );
  const offset = timeZone ? parts.timeZoneName!.replace('GMT', 'UTC').replace(/^UTC$/, 'UTC+0') : 'UTC';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}

/** The account that makes the records and reads them: its username and a token. */
interface Actor {
  username: string;
  token: string;
}

async function issue(journey: Journey, actor: Actor, body: Record<string, unknown>): Promise<Command> {
  const { commands } = await journey.api.call<{ commands: Command[] }>('POST', '/api/commands', {
    token: actor.token,
    body: { ...body, idempotencyKey: randomUUID() },
  });
  return journey.api.call<Command>('GET', `/api/commands/${commands[0]!.id}`, { token: actor.token });
}

/** A SOC lower limit of 20 %, or 25 % when the device has 20 % already (the server refuses an unchanged value). */
async function setSoc(
  journey: Journey,
  actor: Actor,
  device: CommandDevice,
): Promise<{ command: Command; value: number }> {
  for (const value of [20, 25]) {
    try {
      const command = await issue(journey, actor, { kind: 'socLowerLimitPct', deviceIds: [device.id], value });
      return { command, value };
    } catch (err) {
      if (!String(err).includes('Enter a new value')) throw err;
    }
  }
  throw new Error('no new SOC lower limit accepted');
}

async function openIn(journey: Journey, actor: Actor, lang: Lang): Promise<Page> {
  // The actor's account reads in `lang`: the app switches to it at login, whatever the browser prefers.
  await journey.api.call('PUT', '/api/auth/me/language', { token: actor.token, body: { language: lang } });
  const page = await journey.open(lang === 'zh' ? 'zh-CN' : 'en-US');
  await loginViaForm(page, actor.username, USER_PASSWORD);
  return page;
}

/** The visible text of a table's rows (a closed "technical details" is not visible and not read). */
async function rowTexts(page: Page, table: string): Promise<string[]> {
  const rows = page.getByTestId(table).locator('tbody tr');
  await rows.first().waitFor();
  return rows.allInnerTexts();
}

test.describe('readable records', () => {
  const journey = setupJourney();

  test('shows operation and control records in words, values and plant time in zh, en, cs and de', async () => {
    test.setTimeout(240_000);
    // The records are made and read by a user of the journey's own, whose language is its own to change (the
    // administrator's stays English for the journeys beside this one). The inverter is this journey's place among the
    // MQTT inverters (no other journey sends it a SOC lower limit), in the user's scope through its plant.
    const user = await journey.userWith(
      ['A', 'A:plant.add', 'A:plant.edit', 'B', 'B/E', 'B/E:command.issue', 'D', 'D/C', 'D/D'],
      'readable',
    );
    const device = await inverterAt(journey, INVERTER_PLACE.readableRecords);
    expect(device, 'an online demo inverter').toBeDefined();
    await affiliate(journey, user.id, [device.plantId!]);
    const actor: Actor = { username: user.username, token: await journey.api.login(user.username, USER_PASSWORD) };
    const name = unique('Suzhou');
    const plant = await journey.api.call<{ plantId: number }>('POST', '/api/plants', {
      token: actor.token,
      body: shanghaiPlant(name, 'Renmin Road 1'),
    });
    await journey.api.call('PUT', `/api/plants/${plant.plantId}`, {
      token: actor.token,
      body: shanghaiPlant(name, 'Ganjiang Road 88'),
    });
    const soc = await setSoc(journey, actor, device);
    const clock = await issue(journey, actor, { kind: 'clockSync', deviceIds: [device.id] });
    const clockText = wallClock(clock.parameters.clockS!, clock.plantTimeZone);
    // A SOC lower limit the server refuses (out of range): the record keeps why.
    const refusal = await issue(journey, actor, { kind: 'socLowerLimitPct', deviceIds: [device.id], value: 150 }).then(
      () => null,
      (err: unknown) => String(err),
    );
    expect(refusal, 'the server refuses a SOC lower limit of 150 %').toMatch(/: 400 /);

    for (const lang of ['zh', 'en', 'cs', 'de'] as const) {
      const words = EXPECTED[lang];
      const page = await openIn(journey, actor, lang);

      // The category through the URL (as a search writes it): the select names it in each language.
      await page.goto('/userCenter/operateRecord?category=plant');
      const plantRow = page.getByTestId('records-table').locator('tbody tr', { hasText: name }).first();
      await plantRow.waitFor();
      const plantText = await plantRow.innerText();
      expect(plantText).toContain(words.plantEdited(name));
      expect(plantText).toContain(`${words.address}: Renmin Road 1 → Ganjiang Road 88`);

      await page.goto('/userCenter/operateRecord?category=command');
      const commandRow = page
        .getByTestId('records-table')
        .locator('tbody tr', { hasText: `${words.soc} → ${soc.value} %` })
        .first();
      await commandRow.waitFor();
      expect(await commandRow.innerText()).toContain(words.issued);
      expect(await commandRow.innerText()).toContain(device.sn);
      const refusedRow = page
        .getByTestId('records-table')
        .locator('tbody tr', { hasText: words.refused(device.sn) })
        .first();
      await refusedRow.waitFor();
      expect(await refusedRow.getByTestId('record-refusal').innerText()).toContain(words.refusedWord);
      expect(await refusedRow.innerText()).toContain(`${words.soc} → 150 %`);
      for (const text of await rowTexts(page, 'records-table')) for (const raw of RAW) expect(text).not.toMatch(raw);
      // The stored record is there for the technical view, folded away.
      await commandRow.locator('summary').click();
      expect(await commandRow.locator('pre').innerText()).toContain('command.issue');

      await page.goto('/userCenter/contralRecord');
      await page.getByTestId('records-object').fill(device.sn);
      await page.getByTestId('records-search').click();
      const socRow = page.getByTestId(`command-row-${device.sn}-socLowerLimitPct`).first();
      await expect
        .poll(() => socRow.innerText().catch(() => ''), { timeout: 15_000 })
        .toContain(`${words.soc} → ${soc.value} %`);
      const clockRow = page.getByTestId('control-records').locator('tbody tr', { hasText: clockText });
      await clockRow.first().waitFor();
      expect(await clockRow.first().innerText()).toContain(`${words.clock} → ${clockText}`);
      for (const text of await rowTexts(page, 'control-records')) for (const raw of RAW) expect(text).not.toMatch(raw);
      await page.context().close();
    }
  });
});
