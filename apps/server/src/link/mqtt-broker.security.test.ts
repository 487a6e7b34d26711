import { once } from 'node:events';
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
    const off = broker.onAck((d, ack) => acks.push({ sn: d.sn, ...ack }));
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

/** An MQTT 3.1.1 CONNECT with client id and user name `sn`, password `password`, clean session, keepalive 60 s. */
function connectPacket(sn: string, password: string): Buffer {
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
  };
  const body = Buffer.concat([field('MQTT'), Buffer.from([4, 0xc2, 0, 60]), field(sn), field(sn), field(password)]);
  const length: number[] = [];
  for (let n = body.length; ;) {
    const byte = n % 128;
    n = Math.floor(n / 128);
    length.push(n > 0 ? byte | 0x80 : byte);
    if (n === 0) break;
  }
  return Buffer.concat([Buffer.from([0x10, ...length]), body]);
}

/** Where the guesser connects from: another loopback address, so the limits tell it apart from the owner. */
const GUESSER = '127.0.0.2';

/**
 * A login over a raw socket from `from` (how a guessing tool talks): resolves with the CONNACK return code (0 accepted,
 * 4 bad user name or password, 3 server unavailable) and the time it took. With `leave` the client closes its side
 * right after sending CONNECT and resolves once the broker closed the connection too (it noticed the client left).
 */
async function rawLogin(
  port: number,
  from: string,
  sn: string,
  password: string,
  leave = false,
): Promise<{ code: number | 'closed'; ms: number }> {
  const started = Date.now();
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(connectPacket(sn, password));
  if (leave) {
    socket.end();
    await once(socket, 'close');
    return { code: 'closed', ms: Date.now() - started };
  }
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4) return;
      resolve({ code: received[3]!, ms: Date.now() - started });
      socket.destroy();
    });
    socket.on('close', () => resolve({ code: 'closed', ms: Date.now() - started }));
  });
}

describe('failed logins slow the guesser, never the owner', () => {
  const limits = { perAddress: 20, addressWindowMs: 60_000, perSn: 3, snWindowMs: 60_000 };
  const TARPIT_MS = 300;

  /**
   * A broker whose directory counts its checks (each one a lookup and, for a stocked-in serial number, a PBKDF2 hash)
   * and how many ran at once. Checks that `hold` selects wait until `open()`, so a test can see what queues behind
   * them.
   */
  async function guardedBroker(
    options: {
      limits?: typeof limits;
      clock?: () => number;
      hold?: (sn: string, secret: string) => boolean;
    } = {},
  ) {
    const checks: string[] = [];
    const gate = { open: false, waiting: [] as (() => void)[], running: 0, most: 0 };
    const counted = {
      authenticate: async (sn: string, secret: string) => {
        checks.push(sn);
        gate.running += 1;
        gate.most = Math.max(gate.most, gate.running);
        try {
          if (!gate.open && options.hold?.(sn, secret)) await new Promise<void>((r) => gate.waiting.push(r));
          return await directory.authenticate(sn, secret);
        } finally {
          gate.running -= 1;
        }
      },
    };
    const b = await startMqttBroker({
      port: 0,
      host: '127.0.0.1',
      directory: counted,
      sink,
      loginLimits: options.limits ?? limits,
      loginTarpitMs: TARPIT_MS,
      ...(options.clock ? { loginClock: options.clock } : {}),
    });
    const open = () => {
      gate.open = true;
      gate.waiting.splice(0).forEach((release) => release());
    };
    return { broker: b, url: `mqtt://127.0.0.1:${b.port}`, checks, gate, open };
  }
  const login = (u: string, sn: string, password: string) =>
    connectOutcome(u, { protocolVersion: 4, clientId: sn, username: sn, password });
  const ghost = (i: number) => `VFGHOST${String(i).padStart(4, '0')}`;

  test('twelve wrong secrets for a serial number do not keep the real device out', async () => {
    const g = await guardedBroker();
    try {
      for (let i = 0; i < 12; i += 1) expect(await login(g.url, A, `guess-${i}`)).toContain('Bad username or password');
      expect(await login(g.url, A, directory.secret(A))).toBe('connected');
      expect(g.broker.counters.rejectedByReason['link.auth']).toBeGreaterThanOrEqual(12);
    } finally {
      await g.broker.close();
    }
  });

  test('forty failures from one address do not keep a correct device behind it out', async () => {
    const g = await guardedBroker();
    try {
      for (let i = 0; i < 40; i += 1)
        expect(await login(g.url, ghost(i), `guess-${i}`)).toContain('Bad username or password');
      expect(await login(g.url, B, directory.secret(B))).toBe('connected');
    } finally {
      await g.broker.close();
    }
  });

  test('over a limit a failure is answered late, and a known serial number costs no check at all', async () => {
    const g = await guardedBroker();
    try {
      // The device logs in once: its secret is remembered.
      expect(await login(g.url, A, directory.secret(A))).toBe('connected');
      for (let i = 0; i < 3; i += 1) await login(g.url, A, `guess-${i}`);
      const before = g.checks.length;
      const started = Date.now();
      const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => login(g.url, A, `flood-${i}`)));
      expect(outcomes.every((o) => o.includes('Bad username or password'))).toBe(true);
      // Refused without hashing or a lookup (the remembered secret says they are wrong) …
      expect(g.checks.length).toBe(before);
      // … and answered only after the tarpit.
      expect(Date.now() - started).toBeGreaterThanOrEqual(TARPIT_MS - 50);
      // The owner is recognised at once, without a check either.
      expect(await login(g.url, A, directory.secret(A))).toBe('connected');
      expect(g.checks.length).toBe(before);
    } finally {
      await g.broker.close();
    }
  });

  test('a burst from one address is checked one at a time past its limit, and attempts that leave are never checked', async () => {
    const g = await guardedBroker({ limits: { ...limits, perAddress: 5 }, hold: () => true });
    try {
      // Thirty concurrent guesses: the first five are under the address limit (they count while being checked), the
      // rest wait for the address's turn, one at a time.
      const burst = Array.from({ length: 30 }, (_, i) => rawLogin(g.broker.port, GUESSER, ghost(i), `guess-${i}`));
      await waitFor(() => g.checks.length === 6, 'five checks under the limit and the first over it');
      // Thirty more that send CONNECT and leave while the checks wait: nobody is there to answer, nothing is checked.
      const refusedBefore = g.broker.counters.rejectedByReason['link.auth'] ?? 0;
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => rawLogin(g.broker.port, GUESSER, ghost(100 + i), 'x', true)),
      );
      g.open();
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.code)).toEqual(Array(30).fill(4));
      // The bounded work: never more than the five under the limit plus one over it at once, one check per attempt
      // that stayed, none for those that left (they are counted as refused).
      expect(g.gate.most).toBe(6);
      expect(g.checks).toHaveLength(30);
      expect(g.checks.every((sn) => sn < ghost(100))).toBe(true);
      expect((g.broker.counters.rejectedByReason['link.auth'] ?? 0) - refusedBefore).toBe(60);
      // Over the limit the failures were answered only after the tarpit.
      expect(answers.filter((a) => a.ms >= TARPIT_MS - 50).length).toBeGreaterThanOrEqual(25);
    } finally {
      await g.broker.close();
    }
  });

  test('the owner of a serial number that strangers flood elsewhere is checked in its turn, not behind their queue', async () => {
    // A fresh broker: the device's secret is not remembered (as after a restart), so its login must be checked.
    const g = await guardedBroker({ hold: (sn, secret) => sn === A && secret !== directory.secret(A) });
    try {
      g.open();
      for (let i = 0; i < 3; i += 1) expect((await rawLogin(g.broker.port, GUESSER, A, `guess-${i}`)).code).toBe(4);
      g.gate.open = false;
      // Twenty guesses for A wait from the guesser's address (the first one's check is held) …
      const flood = Array.from({ length: 20 }, (_, i) => rawLogin(g.broker.port, GUESSER, A, `flood-${i}`));
      await waitFor(() => g.gate.waiting.length === 1, 'the first guess being checked');
      // … and the real device, over A's limit too, is checked at its own address's first turn and gets in.
      expect(await login(g.url, A, directory.secret(A))).toBe('connected');
      expect(g.gate.waiting).toHaveLength(1);
      g.open();
      // The rest are refused from the remembered secret, without a check, and late.
      const answers = await Promise.all(flood);
      expect(answers.map((a) => a.code)).toEqual(Array(20).fill(4));
      expect(g.checks.filter((sn) => sn === A)).toHaveLength(3 + 1 + 1);
      expect(Math.min(...answers.map((a) => a.ms))).toBeGreaterThanOrEqual(TARPIT_MS - 50);
    } finally {
      await g.broker.close();
    }
  });

  test('the secret stays remembered while the device is connected, and is forgotten ten minutes after it left', async () => {
    const clock = { now: Date.now() };
    const hour = 60 * 60_000;
    const g = await guardedBroker({ clock: () => clock.now, limits: { ...limits, snWindowMs: 2 * hour } });
    try {
      const online = await connectDevice(g.url, A, directory.secret(A));
      // Connected for an hour, then strangers guess: over the limit, the memory refuses them without a check.
      clock.now += hour;
      for (let i = 0; i < 3; i += 1) expect((await rawLogin(g.broker.port, GUESSER, A, `guess-${i}`)).code).toBe(4);
      const before = g.checks.length;
      const flood = await Promise.all(
        Array.from({ length: 10 }, (_, i) => rawLogin(g.broker.port, GUESSER, A, `flood-${i}`)),
      );
      expect(flood.map((a) => a.code)).toEqual(Array(10).fill(4));
      expect(g.checks.length).toBe(before);
      // The device reconnects (its old connection is taken over): recognised without a check.
      const again = await connectDevice(g.url, A, directory.secret(A));
      await closed(online);
      expect(g.checks.length).toBe(before);
      const offline: string[] = [];
      g.broker.events.on('offline', (d) => offline.push(d.sn));
      await again.endAsync();
      await waitFor(() => offline.includes(A), 'offline event');
      // The device's login cleared A's failures: strangers push it over its limit again (checked, under the limit).
      clock.now += 9 * 60_000;
      for (let i = 0; i < 3; i += 1) expect((await rawLogin(g.broker.port, GUESSER, A, `again-${i}`)).code).toBe(4);
      const over = g.checks.length;
      // Nine minutes after the session ended the memory still refuses a guess without a check …
      expect((await rawLogin(g.broker.port, GUESSER, A, 'late-1')).code).toBe(4);
      expect(g.checks.length).toBe(over);
      // … ten minutes after, it is gone and a guess is checked again.
      clock.now += 60_000 + 1;
      expect((await rawLogin(g.broker.port, GUESSER, A, 'late-2')).code).toBe(4);
      expect(g.checks.length).toBe(over + 1);
    } finally {
      await g.broker.close();
    }
  });
});
