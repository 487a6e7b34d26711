// Failed MQTT logins slow the guesser and never the owner (decisions 0010, 0011), over raw sockets to the real broker.
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMqttBroker, type MqttBroker } from './mqtt-broker.js';
import { closed, connectDevice, connectOutcome, MemoryDirectory, TestSink, waitFor } from './test-support.js';

const A = 'VFTESTA0001';
const B = 'VFTESTB0002';
let broker: MqttBroker;
const directory = new MemoryDirectory();
const sink = new TestSink();

beforeAll(async () => {
  await directory.add(A, B);
  broker = await startMqttBroker({ port: 0, host: '127.0.0.1', directory, sink });
});
afterAll(() => broker.close());

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
      // rest wait for room; once those five failed the address is over its limit and they are checked one at a time.
      const burst = Array.from({ length: 30 }, (_, i) => rawLogin(g.broker.port, GUESSER, ghost(i), `guess-${i}`));
      await waitFor(() => g.checks.length === 5, 'five checks under the limit');
      // Thirty more that send CONNECT and leave while the checks wait: nobody is there to answer, nothing is checked.
      const refusedBefore = g.broker.counters.rejectedByReason['link.auth'] ?? 0;
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => rawLogin(g.broker.port, GUESSER, ghost(100 + i), 'x', true)),
      );
      g.open();
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.code)).toEqual(Array(30).fill(4));
      // The bounded work: never more than the five under the limit at once (then one at a time), one check per attempt
      // that stayed, none for those that left (they are counted as refused).
      expect(g.gate.most).toBe(5);
      expect(g.checks).toHaveLength(30);
      expect(g.checks.every((sn) => sn < ghost(100))).toBe(true);
      expect((g.broker.counters.rejectedByReason['link.auth'] ?? 0) - refusedBefore).toBe(60);
      // Over the limit the failures were answered only after the tarpit.
      expect(answers.filter((a) => a.ms >= TARPIT_MS - 50).length).toBeGreaterThanOrEqual(25);
    } finally {
      await g.broker.close();
    }
  });

  test('a crowd of correct devices behind one address is checked up to its limit at once, none slowed or refused', async () => {
    // After a broker restart every device of a site (or of a NAT) reconnects at once from one address, and nothing is
    // remembered yet. Seven times the address limit of correct logins: they must not be sent to the guessers' lane.
    const crowd = Array.from({ length: 35 }, (_, i) => `VFCROWD${String(i).padStart(4, '0')}`);
    await directory.add(...crowd);
    const g = await guardedBroker({ limits: { ...limits, perAddress: 5 }, hold: () => true });
    try {
      const logins = crowd.map((sn) => rawLogin(g.broker.port, GUESSER, sn, directory.secret(sn)));
      await waitFor(() => g.gate.waiting.length === 5, 'five checks under the limit');
      // The five end correct: the next five are checked together (the lane would check one at a time).
      g.gate.waiting.splice(0).forEach((release) => release());
      await waitFor(() => g.gate.waiting.length === 5, 'the next five checked at once');
      expect(g.checks).toHaveLength(10);
      g.open();
      const answers = await Promise.all(logins);
      expect(answers.map((a) => a.code)).toEqual(Array(crowd.length).fill(0));
      expect(g.checks).toHaveLength(crowd.length);
      expect(g.gate.most).toBe(5);
      expect(g.broker.counters.rejectedByReason['link.auth'] ?? 0).toBe(0);
      // The address counted no failure: a guess from it right after is checked at once, not over a limit.
      expect(await rawLogin(g.broker.port, GUESSER, ghost(1), 'guess').then((a) => a.code)).toBe(4);
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
