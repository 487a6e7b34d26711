// OSIM continuity (commands and debug frames only after an answered poll) and garbage on the port (docs/security.md,
// "OSIM"), in the world of src/test/osim-identity-world.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Command } from '@voltfleet/domain/commands';
import { buildQuery, commandCode } from '@voltfleet/osim';
import { OsimDevice } from '@voltfleet/simulator';
import { api } from '../test/harness.js';
import { testSimInverter } from '../test/sim-inverter.js';
import { sleep, waitFor } from './test-support.js';
import {
  useOsimIdentityWorld,
  s,
  token,
  lines,
  stockIn,
  gateway,
  realInverter,
  rawClient,
  answersAs,
  identification,
  warnings,
} from '../test/osim-identity-world.js';

useOsimIdentityWorld();

describe('continuity', () => {
  it('a command issued right after identification waits until the connection has answered a poll', async () => {
    const { sn, id } = await stockIn();
    const g = await gateway({ requestTimeoutMs: 3000 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sim = new OsimDevice({ host: '', port: 0, inverter: testSimInverter(sn) });
    const client = await rawClient(g, (frame, socket) => {
      const code = commandCode(frame.command);
      if (code === '98') return void socket.write(identification(sn));
      // Poll answers (and anything else) wait for the test; writes are answered as the simulated inverter would.
      void held.then(() => {
        const replies = code === '70' ? sim.write(frame, Date.now()) : sim.replies(code, Date.now());
        for (const reply of replies) socket.write(reply);
      });
    });
    await waitFor(() => g.isConnected(sn), 'identification');
    expect(g.commandReady(sn)).toBe(false);
    const res = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
      token,
      body: { idempotencyKey: randomUUID(), deviceIds: [id], kind: 'restart' },
    });
    expect(res.status).toBe(200);
    const commandId = res.body.data.commands[0]!.id;
    const statusOf = async () =>
      (await api<Command>(s.app, 'GET', `/api/commands/${commandId}`, { token })).body.data.status;
    // The dispatcher tries every 100 ms: for a second, nothing goes out and the command stays queued.
    await sleep(1000);
    expect(await statusOf()).toBe('queued');
    expect(client.asked).not.toContain('70');
    release();
    await expect.poll(statusOf, { timeout: 8000 }).toBe('acknowledged');
    // The reset went out after the first poll query (whose answer proved continuity).
    expect(client.asked.indexOf('70')).toBeGreaterThan(client.asked.indexOf('0C'));
  });

  it('an online-debug frame is not sent to a connection that has not answered a poll', async () => {
    const { sn } = await stockIn();
    const g = await gateway({ requestTimeoutMs: 600 });
    // Answers 98 only: its poll queries time out one after the other.
    const client = await rawClient(g, (frame, socket) => {
      if (commandCode(frame.command) === '98') socket.write(identification(sn));
    });
    await waitFor(() => g.isConnected(sn), 'identification');
    const query = buildQuery('A2', 603);
    if (!query.ok) throw new Error('query');
    expect(await g.exchange(sn, query.value)).toBeUndefined();
    await sleep(700);
    expect(client.asked).not.toContain('A2');
  });

  it('an inverter that closed its connection and dials again gets in at once', async () => {
    const { sn } = await stockIn();
    const g = await gateway();
    const events: string[] = [];
    g.events.on('online', () => events.push('online'));
    g.events.on('offline', () => events.push('offline'));
    const real = await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the first connection to be proven');
    const first = g.connection(sn);
    await real.close();
    const started = Date.now();
    await real.start();
    await waitFor(() => g.commandReady(sn) && g.connection(sn) !== first, 'the new connection to be proven');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(first!.closed).toBe(true);
    expect(g.counters.identityConflicts).toBe(0);
    await waitFor(() => events.length >= 3, 'online again');
    expect(events).toEqual(['online', 'offline', 'online']);
  });
});

describe('garbage on the port', () => {
  it('bytes that are no frame close the connection at once, not after the 10 s identification timeout', async () => {
    const g = await gateway({ requestTimeoutMs: 10_000 });
    const client = await rawClient(g);
    const started = Date.now();
    client.socket.write('GET / HTTP/1.1\r\nHost: example\r\n\r\n');
    expect((await client.closed) - started).toBeLessThan(1000);
    expect(g.counters.invalidConnections).toBe(1);
  });

  it('a sound frame that is not the 98 answer closes an unidentified connection at once', async () => {
    const g = await gateway({ requestTimeoutMs: 10_000 });
    // A whole, well-formed 0A answer, as an inverter would send it to a poll.
    const reply = new OsimDevice({ host: '', port: 0, inverter: testSimInverter('VFIDEN9999') }).replies(
      '0A',
      Date.now(),
    );
    expect(reply).toHaveLength(1);
    const client = await rawClient(g);
    const started = Date.now();
    client.socket.write(reply[0]!);
    expect((await client.closed) - started).toBeLessThan(1000);
    expect(g.counters.invalidConnections).toBe(1);
  });

  it('the header of another frame closes an unidentified connection before the rest of it arrives', async () => {
    const g = await gateway({ requestTimeoutMs: 10_000 });
    const client = await rawClient(g);
    const started = Date.now();
    // FE 55, inverter → cloud, command 0A, 200 bytes of data announced, none sent.
    client.socket.write(Uint8Array.from([0xfe, 0x55, 0x14, 0x64, 0x0a, 0x00, 200]));
    expect((await client.closed) - started).toBeLessThan(1000);
    expect(g.counters.invalidConnections).toBe(1);
  });

  it('an identified inverter that sends garbage is closed too, and gets in again when it dials back', async () => {
    const { sn } = await stockIn();
    const g = await gateway({ requestTimeoutMs: 10_000 });
    const offline: string[] = [];
    g.events.on('offline', (d) => offline.push(d.sn));
    const noisy = await rawClient(g, answersAs(sn));
    await waitFor(() => g.commandReady(sn), 'identification and a poll answered');
    await waitFor(() => g.connection(sn)?.backlog === 0, 'the first poll to end');
    const started = Date.now();
    noisy.socket.write(Uint8Array.from([0x00, 0x01, 0x02, 0xfe, 0x00]));
    expect((await noisy.closed) - started).toBeLessThan(1000);
    await waitFor(() => offline.length === 1, 'the device to go offline');
    expect(g.counters.invalidConnections).toBe(1);
    await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the inverter back');
    expect(g.counters.identityConflicts).toBe(0);
  });

  it('a flood of garbage is counted, logged at debug level at most once per interval, and never warned about', async () => {
    const g = await gateway({ requestTimeoutMs: 10_000 });
    for (let i = 0; i < 12; i += 1) {
      const client = await rawClient(g);
      client.socket.write(Uint8Array.from({ length: 64 }, (_, j) => (i * 31 + j * 7 + 1) % 256 || 1));
      await client.closed;
    }
    expect(g.counters.invalidConnections).toBe(12);
    expect(warnings()).toEqual([]);
    const debug = lines.filter((l) => l.level === 'debug' && l.msg === 'osim: invalid frame, connection closed');
    expect(debug).toHaveLength(1);
    await waitFor(() => g.connectionCount === 0, 'the connections to be forgotten');
  });
});
