import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startMqttBroker, type MqttBroker } from './mqtt-broker.js';
import {
  closed,
  connectDevice,
  connectOutcome,
  MemoryDirectory,
  readingJson,
  TestSink,
  waitFor,
} from './test-support.js';

const A = 'VFTESTA0001';
const B = 'VFTESTB0002';
let broker: MqttBroker;
let url: string;
const directory = new MemoryDirectory();
const sink = new TestSink();

beforeAll(async () => {
  await directory.add(A, B);
  broker = await startMqttBroker({ port: 0, host: '127.0.0.1', directory, sink });
  url = `mqtt://127.0.0.1:${broker.port}`;
});
afterAll(() => broker.close());

const device = (sn: string) => connectDevice(url, sn, directory.secret(sn));
const reasons = () => broker.counters.rejectedByReason;

test('a port already taken is reported, not ignored', async () => {
  await expect(startMqttBroker({ port: broker.port, host: '127.0.0.1', directory, sink })).rejects.toThrow(
    'EADDRINUSE',
  );
});

describe('login', () => {
  const secretOfA = () => directory.secret(A);
  test.each([
    ['wrong secret', () => ({ clientId: A, username: A, password: 'x'.repeat(32) }), 'Bad username or password'],
    [
      'an unknown serial number',
      () => ({ clientId: 'VFUNKNOWN99', username: 'VFUNKNOWN99', password: secretOfA() }),
      'Bad username or password',
    ],
    ['no credentials', () => ({ clientId: A }), 'Bad username or password'],
    ["another device's client id", () => ({ clientId: B, username: A, password: secretOfA() }), 'Identifier rejected'],
  ])('%s is refused', async (_name, options, refusal) => {
    expect(await connectOutcome(url, { protocolVersion: 4, ...options() })).toContain(refusal);
  });

  test('the right serial number and secret connect, and the device comes online', async () => {
    const online: string[] = [];
    broker.events.on('online', (d) => online.push(d.sn));
    const client = await device(A);
    await waitFor(() => online.includes(A), 'online event');
    await client.endAsync();
  });
});

describe('publishing', () => {
  test("publishing to another device's topic closes the connection; nothing is stored", async () => {
    const client = await device(A);
    const before = sink.submitted;
    client.publish(`dev/${B}/up/reading`, readingJson(B), { qos: 1 });
    await closed(client);
    expect(sink.submitted).toBe(before);
    expect(reasons()['link.topic']).toBeGreaterThanOrEqual(1);
  });

  test.each([`dev/${A}/down/cmd`, '$SYS/broker/x', `dev/${A}/up/other`, 'anything'])(
    'publishing to %s closes the connection',
    async (topic) => {
      const client = await device(A);
      client.publish(topic, '{}', { qos: 0 });
      await closed(client);
    },
  );

  test.each([
    ['another serial number in the payload', readingJson(B), 'link.snMismatch'],
    ['malformed JSON', '{"sn": ', 'link.malformedJson'],
    [
      'an out-of-range value',
      JSON.stringify({ sn: A, ts: Date.now(), values: { pvPowerW: -5 } }),
      'reading.outOfRange',
    ],
    ['an unknown field', JSON.stringify({ sn: A, ts: Date.now(), values: { madeUpW: 1 } }), 'reading.unknownField'],
    ['a reading from 40 days ago', readingJson(A, 1, Date.now() - 40 * 86_400_000), 'reading.tooOld'],
    ['a bad status', '{"status":"asleep"}', 'link.status'],
  ])('%s is acknowledged, dropped and counted; the connection stays', async (_name, payload, reason) => {
    const client = await device(A);
    const before = reasons()[reason] ?? 0;
    const submitted = sink.submitted;
    const topic = reason === 'link.status' ? `dev/${A}/up/status` : `dev/${A}/up/reading`;
    await client.publishAsync(topic, payload, { qos: 1 });
    expect(reasons()[reason]).toBe(before + 1);
    expect(sink.submitted).toBe(submitted);
    expect(client.connected).toBe(true);
    await client.publishAsync(`dev/${A}/up/reading`, readingJson(A, 7), { qos: 1 });
    expect(sink.committed.at(-1)).toMatchObject({ sn: A, seq: 7 });
    await client.endAsync();
  });

  test('a packet over 65 KB closes the connection and the broker carries on', async () => {
    const client = await device(A);
    client.publish(`dev/${A}/up/reading`, 'x'.repeat(70_000), { qos: 1 });
    await closed(client);
    const again = await device(A);
    await again.publishAsync(`dev/${A}/up/reading`, readingJson(A, 8), { qos: 1 });
    await again.endAsync();
  });

  test('garbage before CONNECT, and a header announcing 200 MB, are cut off', async () => {
    for (const bytes of [Buffer.from('GET / HTTP/1.1\r\n\r\n'), Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f])]) {
      const socket = connect(broker.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(bytes);
      await new Promise((resolve) => socket.once('close', resolve));
    }
    expect(await connectOutcome(url, { clientId: A, username: A, password: directory.secret(A) })).toBe('connected');
  });
});

describe('subscribing and commands', () => {
  let a: MqttClient;
  beforeAll(async () => {
    a = await device(A);
  });
  afterAll(() => a.endAsync());

  test.each(['#', `dev/${B}/down/#`, `dev/${B}/down/cmd`, `+/${A}/down/#`, 'dev/+/down/#', '$SYS/#', `dev/${A}/up/#`])(
    'subscribing to %s is refused (granted 128)',
    async (filter) => {
      const before = reasons()['link.subscribe'] ?? 0;
      await expect(a.subscribeAsync(filter, { qos: 1 })).rejects.toThrow('Subscribe error');
      expect(reasons()['link.subscribe']).toBe(before + 1);
      expect(a.connected).toBe(true);
    },
  );

  test('a device receives its own commands only, and its answers reach the ack handlers', async () => {
    const b = await device(B);
    const [grant] = await a.subscribeAsync(`dev/${A}/down/#`, { qos: 1 });
    expect(grant?.qos).toBe(1);
    const seen: string[] = [];
    a.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    expect(await broker.send(B, { commandId: 'c0', type: 'readParameter', key: 'workMode' })).toBe('offline');
    await b.subscribeAsync(`dev/${B}/down/cmd`, { qos: 1 });
    expect(await broker.send(B, { commandId: 'c1', type: 'readParameter', key: 'workMode' })).toBe('sent');
    const command = { commandId: 'c2', type: 'setParameter', key: 'socLowerLimitPct', value: 30 } as const;
    expect(await broker.send(A, command)).toBe('sent');
    await waitFor(() => seen.length === 1, 'command');
    expect(seen).toEqual([`dev/${A}/down/cmd ${JSON.stringify(command)}`]);

    const acks: unknown[] = [];
    const off = broker.onAck((d, ack) => void acks.push({ sn: d.sn, ...ack }));
    await a.publishAsync(`dev/${A}/up/ack`, JSON.stringify({ commandId: 'c2', ok: true, value: 30 }), { qos: 1 });
    await a.publishAsync(`dev/${A}/up/ack`, JSON.stringify({ commandId: 'c2', ok: 'yes' }), { qos: 1 });
    expect(acks).toEqual([{ sn: A, commandId: 'c2', ok: true, value: 30 }]);
    expect(reasons()['link.ack']).toBe(1);
    off();
    await b.endAsync();
  });

  test('a session taken over by a new connection of the same device stays online', async () => {
    const events: string[] = [];
    const record = (state: string) => (d: { sn: string }) => d.sn === B && events.push(state);
    broker.events.on('online', record('online'));
    broker.events.on('offline', record('offline'));
    const first = await device(B);
    const second = await device(B);
    await closed(first);
    await second.subscribeAsync(`dev/${B}/down/#`, { qos: 1 });
    expect(events.at(-1)).toBe('online');
    expect(await broker.send(B, { commandId: 'c3', type: 'readParameter', key: 'onOff' })).toBe('sent');
    await second.endAsync();
    await waitFor(() => events.at(-1) === 'offline', 'offline event');
  });
});

/** Where the guesser connects from: another loopback address, so the limits tell it apart from the owner. */
