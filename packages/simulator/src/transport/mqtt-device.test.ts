import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { Aedes } from 'aedes';
import type { Reading } from '@voltfleet/domain/telemetry';
import { testInverter } from '../test-support.js';
import { MqttDevice } from './mqtt-device.js';
import { inverterCommands, parseCommand } from './commands.js';

const SN = 'VF10K2400101';
const SECRET = 'a-random-device-secret-of-32-chars';

interface TestBroker {
  port: number;
  /** Messages devices published, as `topic payload`. */
  published: string[];
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** A plain Aedes that checks the device's login and records what devices publish. */
async function startBroker(port = 0): Promise<TestBroker> {
  const published: string[] = [];
  const aedes = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => done(null, username === SN && password?.toString() === SECRET),
  });
  aedes.on('publish', (packet, client) => {
    if (client) published.push(`${packet.topic} ${packet.payload.toString()}`);
  });
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    published,
    publish: (topic, payload) =>
      new Promise((resolve) =>
        aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, () =>
          resolve(),
        ),
      ),
    close: async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}

async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const reading = (seq: number): Reading => ({
  sn: SN,
  ts: 1_700_000_000_000 + seq * 1000,
  seq,
  values: { pvPowerW: seq },
});
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(options: { bufferLimit?: number } = {}) {
  const broker = await startBroker();
  cleanup.push(() => broker.close());
  const inverter = testInverter();
  const url = `mqtt://127.0.0.1:${broker.port}`;
  const device = new MqttDevice({
    url,
    sn: SN,
    secret: SECRET,
    onCommand: inverterCommands(inverter),
    reconnectPeriodMs: 50,
    ...options,
  });
  await device.start();
  cleanup.push(() => device.close());
  return { broker, inverter, device, url };
}

describe('MqttDevice', () => {
  test('refuses to start with a wrong secret', async () => {
    const broker = await startBroker();
    cleanup.push(() => broker.close());
    const device = new MqttDevice({ url: `mqtt://127.0.0.1:${broker.port}`, sn: SN, secret: 'wrong' });
    await expect(device.start()).rejects.toThrow('Not authorized');
  });

  test('announces itself and publishes readings with QoS 1 until acknowledged', async () => {
    const { broker, device } = await setup();
    for (let seq = 1; seq <= 5; seq++) device.publishReading(reading(seq));
    expect(await device.drain()).toBe(true);
    expect(device.acknowledged).toBe(5);
    expect(broker.published[0]).toMatch(new RegExp(`^dev/${SN}/up/status \\{"status":"online","ts":\\d+\\}$`));
    expect(broker.published.filter((m) => m.startsWith(`dev/${SN}/up/reading`))).toHaveLength(5);
  });

  test('executes commands on the inverter once and answers with the value read back', async () => {
    const { broker, inverter } = await setup();
    const acks = () =>
      broker.published.filter((m) => m.startsWith(`dev/${SN}/up/ack`)).map((m) => JSON.parse(m.split(' ')[1]!));
    await until(() => broker.published.length > 0, 'the device to subscribe');
    const cmd = (body: object) => broker.publish(`dev/${SN}/down/cmd`, JSON.stringify(body));
    await cmd({ commandId: 'c1', type: 'setParameter', key: 'socLowerLimitPct', value: 40 });
    await cmd({ commandId: 'c2', type: 'setParameter', key: 'socLowerLimitPct', value: 5 });
    await cmd({ commandId: 'c1', type: 'setParameter', key: 'socLowerLimitPct', value: 60 });
    await cmd({ commandId: 'c3', type: 'readParameter', key: 'workMode' });
    await cmd({ commandId: 'c4', type: 'setParameter', key: 'workMode', value: 2, expiresAt: Date.now() - 1 });
    await until(() => acks().length === 5, 'five answers');
    expect(acks()).toEqual([
      { commandId: 'c1', ok: true, value: 40 },
      { commandId: 'c2', ok: false, reason: 'outOfRange' },
      { commandId: 'c1', ok: true, value: 40 },
      { commandId: 'c3', ok: true, value: 1 },
      { commandId: 'c4', ok: false, reason: 'expired' },
    ]);
    expect(inverter.parameters.socLowerLimitPct).toBe(40);
  });

  test('keeps readings while the broker is gone and delivers them after reconnecting; the buffer is bounded', async () => {
    const first = await startBroker();
    const port = first.port;
    const device = new MqttDevice({
      url: `mqtt://127.0.0.1:${port}`,
      sn: SN,
      secret: SECRET,
      bufferLimit: 10,
      reconnectPeriodMs: 50,
    });
    await device.start();
    cleanup.push(() => device.close());
    await first.close();
    await until(() => !device.isConnected, 'the connection to drop');
    for (let seq = 1; seq <= 30; seq++) device.publishReading(reading(seq));
    expect(device.unacknowledged).toBe(10);
    expect(device.dropped).toBe(20);

    const second = await startBroker(port);
    cleanup.push(() => second.close());
    expect(await device.drain()).toBe(true);
    const seqs = second.published
      .filter((m) => m.startsWith(`dev/${SN}/up/reading`))
      .map((m) => (JSON.parse(m.slice(m.indexOf(' ') + 1)) as Reading).seq);
    expect(seqs).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  test('a lost connection makes the broker publish the last will: offline', async () => {
    const { broker, device } = await setup();
    device.dropConnection();
    await until(() => broker.published.includes(`dev/${SN}/up/status {"status":"offline"}`), 'the last will');
  });
});

describe('parseCommand', () => {
  test.each([
    ['{"commandId":"a","type":"readParameter","key":"workMode"}', true],
    ['{"commandId":"a","type":"setParameter","key":"onOff","value":0,"expiresAt":1}', true],
    ['{"commandId":"","type":"readParameter","key":"workMode"}', false],
    ['{"commandId":"a","type":"reboot","key":"x"}', false],
    ['{"commandId":"a","type":"setParameter","key":"onOff","value":"0"}', false],
    ['not json', false],
    ['null', false],
  ])('%s → %s', (payload, ok) => {
    expect(parseCommand(Buffer.from(payload)) !== null).toBe(ok);
  });
});
