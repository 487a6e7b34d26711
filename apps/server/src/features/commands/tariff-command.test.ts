import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimInverter } from '@voltfleet/simulator';
import { MqttDevice, inverterCommands } from '@voltfleet/simulator';
import { LANGUAGES, translate, type MessageKey } from '@voltfleet/domain/i18n';
import { tariffPeriodsOf } from '@voltfleet/domain/tariffs';
import { type Command } from '@voltfleet/domain/commands';
import { adminId, api, loginToken, makeRole, makeUser, startTestServer, type TestServer } from '../../test/harness.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { TestSink } from '../../link/test-support.js';
import { deviceDirectory } from '../devices/device-directory.js';
import { testSimInverter } from '../../test/sim-inverter.js';

let s: TestServer;
let broker: MqttBroker;
let detach: () => void;
let device: MqttDevice;
let inverter: SimInverter;
const tokens = { mine: '', other: '' };
const ids: Record<string, number> = {};
let key = 0;
const idem = () => `tariff-key-${++key}`;

const p = (type: number | null, start: string | null, end: string | null, price: number | null) => ({
  type,
  start,
  end,
  price,
});
const PLAN = [p(4, '00:00', '07:59', 0.3), p(1, '18:00', '21:59', 1.853), p(2, '08:00', '17:59', 1.2)];
const PLAN_REGISTERS = {
  tariffPriceSharpMilli: 1853,
  tariffPricePeakMilli: 1200,
  tariffPriceFlatMilli: 0,
  tariffPriceValleyMilli: 300,
  tariffPeriodCount: 4,
  tariffPeriod0Type: 4,
  tariffPeriod0StartMin: 0,
  tariffPeriod0EndMin: 479,
  tariffPeriod1Type: 2,
  tariffPeriod1StartMin: 480,
  tariffPeriod1EndMin: 1079,
  tariffPeriod2Type: 1,
  tariffPeriod2StartMin: 1080,
  tariffPeriod2EndMin: 1319,
  tariffPeriod3Type: 4,
  tariffPeriod3StartMin: 1320,
  tariffPeriod3EndMin: 1439,
};

async function insertInverter(sn: string, ownerId: number): Promise<string> {
  const secret = generateDeviceSecret();
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, secret_hash, activated_at, last_seen_at)
     VALUES ($1, 'inverter', '5K', $2, $3, now(), now()) RETURNING id`,
    [sn, ownerId, await hashDeviceSecret(secret)],
  );
  ids[sn] = rows[0]!.id;
  return secret;
}

const issue = (token: string, body: Record<string, unknown>, lang = 'en') =>
  api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
    token,
    body: { idempotencyKey: idem(), kind: 'tariffPeriods', ...body },
    lang,
  });

const commandCount = async () =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE kind = 'tariffPeriods'`)).rows[0]!.n;

beforeAll(async () => {
  s = await startTestServer();
  broker = await startMqttBroker({
    port: 0,
    host: '127.0.0.1',
    directory: deviceDirectory(s.db),
    sink: new TestSink(),
  });
  detach = s.app.commands.attach(broker, { offlineSeconds: 300, pollMs: 100 });
  const root = await adminId(s.db);
  const issuer = await makeRole(s.db, 'tariffIssuer', ['B', 'B/E', 'B/E:command.issue', 'D', 'D/C']);
  const mine = await makeUser(s.db, { username: 'tcMine', roleId: issuer, superiorId: root });
  const other = await makeUser(s.db, { username: 'tcOther', roleId: issuer, superiorId: root });
  const secret = await insertInverter('VFTARIFF01', mine.id);
  await insertInverter('VFTARIFF02', other.id);
  tokens.mine = await loginToken(s.app, 'tcMine', 'Passw0rd-1');
  tokens.other = await loginToken(s.app, 'tcOther', 'Passw0rd-1');

  inverter = testSimInverter('VFTARIFF01', { model: '5K', pv1PeakW: 3000, pv2PeakW: 3000 });
  device = new MqttDevice({
    url: `mqtt://127.0.0.1:${broker.port}`,
    sn: 'VFTARIFF01',
    secret,
    onCommand: inverterCommands(inverter),
  });
  await device.start();
});

afterAll(async () => {
  await device.close();
  detach();
  await broker.close();
  await s.close();
});

describe('tariff periods pushed to an inverter', () => {
  it('stores the registers of an accepted plan, the simulated inverter reads them back and the command succeeds', async () => {
    const res = await issue(tokens.mine, {
      deviceIds: [ids.VFTARIFF01],
      tariff: { periods: [...PLAN, p(4, '22:00', '23:59', 0.3)] },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Issued successfully');
    const [command] = res.body.data.commands;
    expect(command).toMatchObject({ kind: 'tariffPeriods', category: 'parameter', parameters: PLAN_REGISTERS });
    const status = async () =>
      (await api<Command>(s.app, 'GET', `/api/commands/${command!.id}`, { token: tokens.mine })).body.data.status;
    await expect.poll(status, { timeout: 5000 }).toBe('succeeded');
    expect(tariffPeriodsOf({ ...inverter.parameters })).toEqual([
      p(4, '00:00', '07:59', 0.3),
      p(2, '08:00', '17:59', 1.2),
      p(1, '18:00', '21:59', 1.853),
      p(4, '22:00', '23:59', 0.3),
    ]);
    const records = await api<{ items: Command[] }>(s.app, 'GET', '/api/control-records?kind=tariffPeriods', {
      token: tokens.mine,
    });
    expect(records.body.data.items.map((c) => [c.deviceSn, c.status, c.parameters])).toEqual([
      ['VFTARIFF01', 'succeeded', PLAN_REGISTERS],
    ]);
    const audit = await s.db.query<{ params: { kind: string; tariff: unknown } }>(
      `SELECT params FROM operation_records WHERE action = 'command.issue' AND ok AND object_id = 'VFTARIFF01'`,
    );
    expect(audit.rows.map((r) => r.params.kind)).toEqual(['tariffPeriods']);
  });

  it('asks for a new value when the inverter already holds the plan', async () => {
    const before = await commandCount();
    const res = await issue(tokens.mine, {
      deviceIds: [ids.VFTARIFF01],
      tariff: { periods: [...PLAN, p(4, '22:00', '23:59', 0.3)] },
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ issues: [{ path: 'tariff', message: 'Enter a new value' }] });
    expect(await commandCount()).toBe(before);
  });

  const refusals: [string, unknown, string, MessageKey][] = [
    ['no plan', undefined, 'tariff', 'command.parametersEmpty'],
    ['no type', [p(null, '00:00', '23:59', 1)], 'tariff.periods.0.type', 'tariff.typeRequired'],
    ['no period', [p(3, null, null, 1)], 'tariff.periods.0.start', 'tariff.periodRequired'],
    ['an incomplete period', [p(3, '00:00', null, 1)], 'tariff.periods.0.end', 'tariff.periodIncomplete'],
    ['no price', [p(3, '00:00', '23:59', null)], 'tariff.periods.0.price', 'tariff.priceRequired'],
    [
      'start after end',
      [p(3, '00:00', '11:59', 1), p(2, '23:59', '12:00', 1)],
      'tariff.periods.1.end',
      'tariff.startBeforeEnd',
    ],
    ['an overlap', [p(3, '00:00', '12:00', 1), p(2, '11:00', '23:59', 1)], 'tariff.periods.1.start', 'tariff.overlap'],
    ['a late first start', [p(3, '01:00', '23:59', 1)], 'tariff.periods.0.start', 'tariff.firstAtMidnight'],
    [
      'a gap at 12:00',
      [p(3, '00:00', '11:59', 1), p(2, '12:01', '23:59', 1)],
      'tariff.periods.1.start',
      'tariff.contiguous',
    ],
    ['a short day', [p(3, '00:00', '22:59', 1)], 'tariff.periods.0.end', 'tariff.fullDay'],
    [
      'eleven periods',
      Array.from({ length: 11 }, (_, i) => p(3, `${String(i * 2).padStart(2, '0')}:00`, '23:59', 1)),
      'tariff.periods',
      'tariff.tooMany',
    ],
    ['a negative price', [p(3, '00:00', '23:59', -1)], 'tariff.periods.0.price', 'validation.nonNegativeNumber'],
    ['a bad time', [p(3, '00:00', '23:60', 1)], 'tariff.periods.0.end', 'tariff.timeFormat'],
    [
      'two prices for one type',
      [p(4, '00:00', '07:59', 0.3), p(2, '08:00', '21:59', 1.2), p(4, '22:00', '23:59', 0.35)],
      'tariff.periods.2.price',
      'command.tariffOnePricePerType',
    ],
  ];

  it.each(
    refusals.map(
      ([name, periods, path, msg], i) => [name, msg, LANGUAGES[i % LANGUAGES.length]!, path, periods] as const,
    ),
  )('refuses %s with %s (%s) and stores nothing', async (_name, msg, lang, path, periods) => {
    const before = await commandCount();
    const res = await issue(
      tokens.mine,
      { deviceIds: [ids.VFTARIFF01], ...(periods === undefined ? {} : { tariff: { periods } }) },
      lang,
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(translate(msg, lang));
    expect(res.body.data).toMatchObject({ issues: [{ path, message: translate(msg, lang) }] });
    expect(await commandCount()).toBe(before);
  });

  it('a device outside the caller subtree answers 404 and gets nothing', async () => {
    const before = await commandCount();
    const plan = { periods: [p(3, '00:00', '23:59', 0.5)] };
    expect((await issue(tokens.mine, { deviceIds: [ids.VFTARIFF02], tariff: plan })).status).toBe(404);
    expect((await issue(tokens.mine, { deviceIds: [ids.VFTARIFF01, ids.VFTARIFF02], tariff: plan })).status).toBe(404);
    expect(await commandCount()).toBe(before);
  });

  it('the device picker names each device plant (the form loads that plant tariff)', async () => {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, currency, owner_id)
       SELECT 'Tariff_Roof', 1, 5, 14.42, 50.08, 'Europe/Prague', 'CZK', owner_id FROM devices WHERE sn = 'VFTARIFF01'
       RETURNING id`,
    );
    await s.db.query(`UPDATE devices SET plant_id = $1 WHERE sn = 'VFTARIFF01'`, [rows[0]!.id]);
    const found = await api<{ items: { sn: string; plantId: number | null; plantName: string | null }[] }>(
      s.app,
      'GET',
      '/api/commands/devices?q=VFTARIFF',
      { token: tokens.mine },
    );
    expect(found.body.data.items).toMatchObject([{ sn: 'VFTARIFF01', plantId: rows[0]!.id, plantName: 'Tariff_Roof' }]);
  });
});
