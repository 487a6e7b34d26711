import type { CommandLink } from '../../link/link.types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { SimInverter } from '@voltfleet/simulator';
import { MqttDevice, inverterCommands } from '@voltfleet/simulator';
import type { Command } from '@voltfleet/domain/commands';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import {
  adminId,
  api,
  encryptPassword,
  loginToken,
  makeRole,
  makeUser,
  publicKey,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { TestSink, connectDevice } from '../../link/test-support.js';
import { deviceDirectory } from '../devices/device-directory.js';
import { sweepCommands } from './lifecycle.repository.js';
import { testSimInverter } from '../../test/sim-inverter.js';

let s: TestServer;
let broker: MqttBroker;
let detach: () => void;
const tokens = { a: '', b: '', c: '', batch: '' };
const ids: Record<string, number> = {};
const secrets: Record<string, string> = {};
const devices: MqttDevice[] = [];
let key = 0;
const idem = () => `test-key-${++key}`;

async function insertInverter(sn: string, model: string, ownerId: number): Promise<void> {
  secrets[sn] = generateDeviceSecret();
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, secret_hash, activated_at, last_seen_at)
     VALUES ($1, 'inverter', $2, $3, $4, now(), now()) RETURNING id`,
    [sn, model, ownerId, await hashDeviceSecret(secrets[sn])],
  );
  ids[sn] = rows[0]!.id;
}

/** A simulated 10K inverter answering commands over the real broker. */
async function connectInverter(sn: string, answer?: Parameters<typeof inverterCommands>[0]): Promise<SimInverter> {
  const inverter = answer ?? testSimInverter(sn);
  const device = new MqttDevice({
    url: `mqtt://127.0.0.1:${broker.port}`,
    sn,
    secret: secrets[sn]!,
    onCommand: inverterCommands(inverter),
  });
  devices.push(device);
  await device.start();
  return inverter;
}

const issue = (token: string, body: Record<string, unknown>, lang = 'en') =>
  api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
    token,
    body: { idempotencyKey: idem(), ...body },
    lang,
  });

async function statusOf(token: string, id: number): Promise<string> {
  return (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data.status;
}

beforeAll(async () => {
  s = await startTestServer({ COMMAND_BATCH_LIMIT: '2', COMMAND_EXPIRY_MINUTES: '5' });
  broker = await startMqttBroker({
    port: 0,
    host: '127.0.0.1',
    directory: deviceDirectory(s.db),
    sink: new TestSink(),
  });
  detach = s.app.commands.attach(broker, { offlineSeconds: 300, pollMs: 100 });
  const root = await adminId(s.db);
  const issuer = await makeRole(s.db, 'cmdIssuer', ['B', 'B/E', 'B/E:command.issue', 'D', 'D/C']);
  const batcher = await makeRole(s.db, 'cmdBatcher', [
    'B',
    'B/E',
    'B/E:command.issue',
    'B/E:command.batch',
    'D',
    'D/C',
  ]);
  // The batch operator sits above cmdA, so cmdA's devices are in its scope.
  const operator = await makeUser(s.db, { username: 'cmdBatch', roleId: batcher, superiorId: root });
  const a = await makeUser(s.db, { username: 'cmdA', roleId: issuer, superiorId: operator.id });
  const b = await makeUser(s.db, { username: 'cmdB', roleId: issuer, superiorId: root });
  for (const sn of ['VFCMDA0001', 'VFCMDA0002', 'VFCMDA0003', 'VFCMDA0004']) await insertInverter(sn, '10K', a.id);
  await insertInverter('VFCMDA5K01', '5K', a.id);
  await insertInverter('VFCMDB0001', '10K', b.id);
  const c = await makeUser(s.db, { username: 'cmdC', roleId: issuer, superiorId: root });
  await insertInverter('VFCMDC0001', '10K', c.id);
  tokens.a = await loginToken(s.app, 'cmdA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'cmdB', 'Passw0rd-1');
  tokens.c = await loginToken(s.app, 'cmdC', 'Passw0rd-1');
  tokens.batch = await loginToken(s.app, 'cmdBatch', 'Passw0rd-1');
});

afterAll(async () => {
  for (const d of devices) await d.close();
  detach();
  await broker.close();
  await s.close();
});

describe('lifecycle over the real broker with a simulated inverter', () => {
  it('succeeds only when the inverter reports the new value back, and a double submit sends once', async () => {
    const inverter = await connectInverter('VFCMDA0001');
    const body = { deviceIds: [ids.VFCMDA0001], kind: 'workMode', value: 4, idempotencyKey: 'double-click-1' };
    const [first, second] = await Promise.all([
      api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', { token: tokens.a, body }),
      api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', { token: tokens.a, body }),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('Issued successfully');
    expect(second.body.data.commands.map((c) => c.id)).toEqual(first.body.data.commands.map((c) => c.id));
    const id = first.body.data.commands[0]!.id;
    await expect.poll(() => statusOf(tokens.a, id), { timeout: 5000 }).toBe('succeeded');
    expect(inverter.parameters.workMode).toBe(4);
    const { rows } = await s.db.query(
      `SELECT count(*)::int AS n FROM commands WHERE idempotency_key = 'double-click-1'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
    const done = (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token: tokens.a })).body.data;
    expect(done).toMatchObject({ kind: 'workMode', category: 'parameter', parameters: { workMode: 4 }, reason: null });
    expect(done.sentAt && done.ackedAt && done.finishedAt).toBeTruthy();
  });

  it('asks for a new value when the device already reported the requested one', async () => {
    const res = await issue(tokens.a, { deviceIds: [ids.VFCMDA0001], kind: 'workMode', value: 4 });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ issues: [{ path: 'value', message: 'Enter a new value' }] });
  });

  it('the device refusing a value fails the command with its reason', async () => {
    // The inverter refuses anti-backflow changes while it runs.
    const res = await issue(tokens.a, { deviceIds: [ids.VFCMDA0001], kind: 'antiBackflow', value: 1 });
    const id = res.body.data.commands[0]!.id;
    await expect.poll(() => statusOf(tokens.a, id), { timeout: 5000 }).toBe('failed');
    expect((await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token: tokens.a })).body.data.reason).toBe(
      'inverterMustBeOff',
    );
  });

  it('restart and clock sync succeed by their read-back', async () => {
    for (const kind of ['restart', 'clockSync']) {
      const id = (await issue(tokens.a, { deviceIds: [ids.VFCMDA0001], kind })).body.data.commands[0]!.id;
      await expect.poll(() => statusOf(tokens.a, id), { timeout: 5000 }).toBe('succeeded');
    }
  });

  it('a command to an offline device waits queued and is delivered on reconnect', async () => {
    const id = (await issue(tokens.a, { deviceIds: [ids.VFCMDA0002], kind: 'socLowerLimitPct', value: 30 })).body.data
      .commands[0]!.id;
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(tokens.a, id)).toBe('queued');
    const inverter = await connectInverter('VFCMDA0002');
    await expect.poll(() => statusOf(tokens.a, id), { timeout: 5000 }).toBe('succeeded');
    expect(inverter.parameters.socLowerLimitPct).toBe(30);
  });

  it('a command for an OSIM inverter never goes out over MQTT, even on a link that cannot tell who is there', async () => {
    // A link like an external broker's: it accepts any publish, it cannot say whether the device is connected.
    const blind: CommandLink = {
      send: (sn, command) => broker.send(sn, command),
      onAck: (handler) => broker.onAck(handler),
      events: broker.events,
    };
    const detachBlind = s.app.commands.attach(blind, { offlineSeconds: 300, pollMs: 100 });
    try {
      // The device answers over MQTT, so a misrouted command would succeed.
      const inverter = await connectInverter('VFCMDC0001');
      await s.db.query(`UPDATE devices SET protocol = 'osim' WHERE id = $1`, [ids.VFCMDC0001!]);
      const id = (await issue(tokens.c, { deviceIds: [ids.VFCMDC0001], kind: 'workMode', value: 4 })).body.data
        .commands[0]!.id;
      await new Promise((r) => setTimeout(r, 500));
      expect(await statusOf(tokens.c, id)).toBe('queued');
      expect(inverter.parameters.workMode).toBe(1);
      // Back on MQTT, the next poll delivers it.
      await s.db.query(`UPDATE devices SET protocol = 'mqtt' WHERE id = $1`, [ids.VFCMDC0001!]);
      await expect.poll(() => statusOf(tokens.c, id), { timeout: 5000 }).toBe('succeeded');
      expect(inverter.parameters.workMode).toBe(4);
    } finally {
      detachBlind();
    }
  });

  it('an expired command is never delivered, even after a reconnect', async () => {
    const id = (await issue(tokens.a, { deviceIds: [ids.VFCMDA0003], kind: 'workMode', value: 2 })).body.data
      .commands[0]!.id;
    await s.db.query(`UPDATE commands SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const changes = await sweepCommands(s.db, 60);
    expect(changes).toContainEqual({
      id,
      deviceId: ids.VFCMDA0003,
      status: 'expired',
      reason: null,
      finishedAt: expect.any(String),
    });
    const inverter = await connectInverter('VFCMDA0003');
    await new Promise((r) => setTimeout(r, 400));
    expect(await statusOf(tokens.a, id)).toBe('expired');
    expect(inverter.parameters.workMode).toBe(1);
  });

  it('a sent command without an answer times out and is not sent again', async () => {
    // A device that takes commands but never answers.
    const silent = await connectDevice(`mqtt://127.0.0.1:${broker.port}`, 'VFCMDA0004', secrets.VFCMDA0004!);
    const received: string[] = [];
    silent.on('message', (_topic, payload) => received.push(String(payload)));
    await silent.subscribeAsync('dev/VFCMDA0004/down/cmd', { qos: 1 });
    const id = (await issue(tokens.a, { deviceIds: [ids.VFCMDA0004], kind: 'workMode', value: 3 })).body.data
      .commands[0]!.id;
    await expect.poll(() => statusOf(tokens.a, id), { timeout: 5000 }).toBe('sent');
    // The row is marked sent before the publish goes out, so the device may see it a moment later.
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(received[0]!)).toMatchObject({ type: 'setParameters', key: 'workMode', values: { workMode: 3 } });
    await s.db.query(`UPDATE commands SET sent_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    expect(await sweepCommands(s.db, 60)).toContainEqual({
      id,
      deviceId: ids.VFCMDA0004,
      status: 'timed_out',
      reason: null,
      finishedAt: expect.any(String),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(tokens.a, id)).toBe('timed_out');
    expect(received).toHaveLength(1);
    await silent.endAsync();
  });

  it('pushes status changes live to a user who may see the device, not to one who may not', async () => {
    const seen = { a: [] as LiveMessage[], b: [] as LiveMessage[] };
    const sockets: WebSocket[] = [];
    for (const who of ['a', 'b'] as const) {
      sockets.push(
        await s.app.injectWS(
          '/api/ws',
          { headers: { token: tokens[who] } },
          { onInit: (ws) => ws.on('message', (d) => seen[who].push(JSON.parse(String(d)) as LiveMessage)) },
        ),
      );
    }
    await expect.poll(() => seen.a.length > 0 && seen.b.length > 0).toBe(true);
    const id = (await issue(tokens.a, { deviceIds: [ids.VFCMDA0001], kind: 'workMode', value: 2 })).body.data
      .commands[0]!.id;
    await expect
      .poll(() =>
        seen.a.filter((m) => m.type === 'commandStatus' && m.commandId === id).map((m) => 'status' in m && m.status),
      )
      .toEqual(['sent', 'succeeded']);
    // The outcome carries the stored finishing time: the page's live table shows what the control records show.
    const heard = seen.a.filter((m) => m.type === 'commandStatus' && m.commandId === id);
    const stored = (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token: tokens.a })).body.data;
    expect(stored.finishedAt).not.toBeNull();
    expect(heard.map((m) => 'finishedAt' in m && m.finishedAt)).toEqual([null, stored.finishedAt]);
    expect(seen.b.some((m) => m.type === 'commandStatus')).toBe(false);
    for (const ws of sockets) ws.terminate();
  });
});

describe('selection limits, password and scope', () => {
  it('a selection above the limit needs the batch permission and an explicit confirmation', async () => {
    const three = [ids.VFCMDA0001!, ids.VFCMDA0002!, ids.VFCMDA0003!];
    const refused = await issue(tokens.a, { deviceIds: three, kind: 'socLowerLimitPct', value: 40, confirm: true });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You may not issue to more than 2 devices at once');
    const unconfirmed = await issue(tokens.batch, { deviceIds: three, kind: 'socLowerLimitPct', value: 40 });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.data).toMatchObject({
      issues: [{ path: 'confirm', message: 'More than 2 devices are selected: confirm to issue' }],
    });
    const confirmed = await issue(tokens.batch, {
      deviceIds: three,
      kind: 'socLowerLimitPct',
      value: 40,
      confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.commands).toHaveLength(3);
  });

  it('power off needs the password again, and the right one', async () => {
    const body = { deviceIds: [ids.VFCMDA0002], kind: 'powerOff' };
    const missing = await issue(tokens.a, body, 'de');
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({
      issues: [{ path: 'password', message: 'Geben Sie zum Ausschalten Ihr Passwort erneut ein' }],
    });
    const key = await publicKey(s.app);
    const wrong = await issue(tokens.a, { ...body, password: encryptPassword(key, 'not-my-password') });
    expect(wrong.body.data).toMatchObject({ issues: [{ path: 'password', message: 'The password is wrong' }] });
    expect((await s.db.query(`SELECT 1 FROM commands WHERE kind = 'powerOff'`)).rows).toHaveLength(0);
    const right = await issue(tokens.a, { ...body, password: encryptPassword(key, 'Passw0rd-1') });
    expect(right.status).toBe(200);
    const id = right.body.data.commands[0]!.id;
    await expect.poll(() => statusOf(tokens.a, id), { timeout: 5000 }).toBe('succeeded');
  });

  it('checks every value against the catalogue and the model rating, in the caller language', async () => {
    const empty = await issue(tokens.a, { deviceIds: [ids.VFCMDA5K01], kind: 'workMode' }, 'zh');
    expect(empty.body.data).toMatchObject({ issues: [{ path: 'value', message: '参数不能为空' }] });
    const above = await issue(tokens.a, { deviceIds: [ids.VFCMDA5K01], kind: 'gridConnectionLimitW', value: 6000 });
    expect(above.status).toBe(400);
    expect(above.body.data).toMatchObject({
      issues: [{ path: 'value', message: 'The value must be between 0 and 5000 W' }],
    });
    const fine = await issue(tokens.a, { deviceIds: [ids.VFCMDA0001], kind: 'gridConnectionLimitW', value: 6000 });
    expect(fine.status).toBe(200);
  });

  it('a device outside the caller subtree answers 404 for commands and records', async () => {
    const other = await issue(tokens.a, { deviceIds: [ids.VFCMDB0001], kind: 'restart' });
    expect(other.status).toBe(404);
    const mixed = await issue(tokens.a, { deviceIds: [ids.VFCMDA0001, ids.VFCMDB0001], kind: 'restart' });
    expect(mixed.status).toBe(404);
    const mine = (await issue(tokens.a, { deviceIds: [ids.VFCMDA0003], kind: 'restart' })).body.data.commands[0]!.id;
    expect((await api(s.app, 'GET', `/api/commands/${mine}`, { token: tokens.b })).status).toBe(404);
    const records = await api<{ items: Command[]; total: number }>(s.app, 'GET', '/api/control-records', {
      token: tokens.b,
    });
    expect(records.body.data.total).toBe(0);
  });

  it('control records filter and page the commands in scope', async () => {
    const all = await api<{ items: Command[]; total: number }>(s.app, 'GET', '/api/control-records?pageSize=5', {
      token: tokens.a,
    });
    expect(all.body.data.items).toHaveLength(5);
    const { rows } = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM commands c JOIN devices d ON d.id = c.device_id JOIN users u ON u.id = d.owner_id
        WHERE u.username = 'cmdA'`,
    );
    expect(all.body.data.total).toBe(rows[0]!.n);
    const filtered = await api<{ items: Command[]; total: number }>(
      s.app,
      'GET',
      '/api/control-records?objectType=device&object=A0002&kind=socLowerLimitPct&status=succeeded&user=cmdA',
      { token: tokens.a },
    );
    expect(filtered.body.data.items.map((c) => [c.deviceSn, c.kind, c.status, c.username])).toEqual([
      ['VFCMDA0002', 'socLowerLimitPct', 'succeeded', 'cmdA'],
    ]);
    const future = await api<{ total: number }>(s.app, 'GET', '/api/control-records?from=2999-01-01T00:00:00Z', {
      token: tokens.a,
    });
    expect(future.body.data.total).toBe(0);
  });

  it('the device picker finds inverters in scope by serial number', async () => {
    const found = await api<{ items: { sn: string }[] }>(s.app, 'GET', '/api/commands/devices?q=VFCMD', {
      token: tokens.a,
    });
    expect(found.body.data.items.map((d) => d.sn)).toEqual([
      'VFCMDA0001',
      'VFCMDA0002',
      'VFCMDA0003',
      'VFCMDA0004',
      'VFCMDA5K01',
    ]);
  });
});

describe('limits for the form', () => {
  it('tells the form above how many devices it must ask for a confirmation', async () => {
    const res = await api<{ batchLimit: number }>(s.app, 'GET', '/api/commands/limits', { token: tokens.c });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ batchLimit: 2 });
    expect((await api(s.app, 'GET', '/api/commands/limits')).status).toBe(401);
  });
});
