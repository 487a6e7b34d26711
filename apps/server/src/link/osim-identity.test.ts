// OSIM identity: a serial number that is live is not taken over (docs/security.md, "OSIM"). The world (real gateway
// over TCP on loopback, simulated and hand-driven inverters, the real app) is in src/test/osim-identity-world.ts.
import { describe, expect, it } from 'vitest';
import { commandCode } from '@voltfleet/osim';
import type { IdentityConflict, LinkDevice } from './link.types.js';
import { sleep, waitFor } from './test-support.js';
import {
  useOsimIdentityWorld,
  s,
  stockIn,
  gateway,
  realInverter,
  rawClient,
  answersAs,
  identification,
  detailOf,
  warnings,
} from '../test/osim-identity-world.js';

useOsimIdentityWorld();

describe('a serial number that is live is not taken over', () => {
  it('a spoofer answering 98 with a connected inverter’s serial number is refused; the real one keeps its connection and its polls; the conflict is counted, emitted and shown on the device page', async () => {
    const { sn, id } = await stockIn();
    const g = await gateway({ pollIntervalMs: 500, requestTimeoutMs: 1000 });
    const conflicts: [LinkDevice, IdentityConflict][] = [];
    g.events.on('identityConflict', (device, conflict) => conflicts.push([device, conflict]));
    const real = await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the real inverter to answer its first poll');
    const holder = g.connection(sn);
    const started = Date.now();
    const spoofer = await rawClient(g, answersAs(sn));
    const closedAt = await spoofer.closed;
    // Refused as soon as the real one answered the liveness check, not after a timeout.
    expect(closedAt - started).toBeLessThan(1000);
    expect(spoofer.asked).toEqual(['98']);
    expect(g.connection(sn)).toBe(holder);
    expect(real.isConnected).toBe(true);
    expect(g.counters.identityConflicts).toBe(1);
    expect(g.counters.takeovers).toBe(0);
    expect(conflicts).toEqual([
      [
        { id, sn },
        {
          claimant: expect.stringMatching(/127\.0\.0\.1/),
          holder: { link: 'osim', remote: expect.stringMatching(/127\.0\.0\.1/) },
          at: expect.any(Number),
        },
      ],
    ]);
    expect(warnings()).toContain(
      'osim: identity conflict: the serial number is live elsewhere; the claiming connection is refused',
    );
    // The real inverter goes on being polled on its connection.
    const polled = real.asked.filter((code) => code === '0C').length;
    await waitFor(() => real.asked.filter((code) => code === '0C').length >= polled + 2, 'two more polls', 5000);
    expect(g.connection(sn)).toBe(holder);
    await expect.poll(async () => (await detailOf(id)).identityConflict, { timeout: 5000 }).not.toBeNull();
    expect((await detailOf(id)).identityConflict).toEqual({
      count: 1,
      lastAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      remote: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('claims arriving together share one liveness check: the real inverter is asked for its 98 once', async () => {
    const { sn } = await stockIn();
    const g = await gateway();
    // The holder answers polls at once and 98 after 600 ms, so the five claims below overlap its liveness check.
    let identified = false;
    const holder = await rawClient(g, (frame, socket) => {
      const code = commandCode(frame.command);
      if (code !== '98') return answersAs(sn)(frame, socket);
      if (!identified) {
        identified = true;
        return void socket.write(identification(sn));
      }
      setTimeout(() => socket.write(identification(sn)), 600);
    });
    await waitFor(() => g.commandReady(sn), 'the holder to be proven');
    await waitFor(() => g.connection(sn)?.backlog === 0, 'its first poll to end');
    const claims = await Promise.all([1, 2, 3, 4, 5].map(() => rawClient(g, answersAs(sn))));
    await Promise.all(claims.map((c) => c.closed));
    expect(holder.asked.filter((code) => code === '98')).toHaveLength(2);
    expect(g.counters.identityConflicts).toBe(5);
    expect(holder.socket.destroyed).toBe(false);
    expect(g.commandReady(sn)).toBe(true);
  });

  it('identity conflicts count against the claimant’s address: its next connection is refused unasked', async () => {
    const { sn } = await stockIn();
    const g = await gateway({
      identifyLimits: { perAddress: 2, addressWindowMs: 60_000, perSn: 2, snWindowMs: 60_000 },
    });
    await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the real inverter to be proven');
    for (let i = 0; i < 2; i += 1) await (await rawClient(g, answersAs(sn))).closed;
    expect(g.counters.identityConflicts).toBe(2);
    const refused = await rawClient(g, answersAs(sn));
    await refused.closed;
    expect(refused.asked).toEqual([]);
    expect(g.counters.identityConflicts).toBe(2);
    // The serial number itself is not held against anyone: the real inverter stays, and stays ready.
    expect(g.commandReady(sn)).toBe(true);
  });

  it('two claimants racing for a dead connection’s serial number: the first takes it over, the second is refused', async () => {
    const { sn } = await stockIn();
    const g = await gateway({ requestTimeoutMs: 400 });
    // The first connection answers 98 and its first poll query, then goes dead without closing (half-open).
    let answering = true;
    const dead = await rawClient(g, (frame, socket) => {
      if (!answering) return;
      answersAs(sn)(frame, socket);
      if (commandCode(frame.command) !== '98') answering = false;
    });
    await waitFor(() => g.commandReady(sn), 'the first connection to be proven');
    const old = g.connection(sn);
    const real = await realInverter(g, sn);
    // The real inverter's claim is being checked: the dead connection was asked for its 98 again.
    await waitFor(() => dead.asked.filter((code) => code === '98').length === 2, 'the liveness check');
    const spoofer = await rawClient(g, answersAs(sn));
    await spoofer.closed;
    await waitFor(() => g.commandReady(sn) && g.connection(sn) !== old, 'the real inverter to hold the serial number');
    await sleep(200);
    expect(real.isConnected).toBe(true);
    expect(old!.closed).toBe(true);
    expect(g.counters.takeovers).toBe(1);
    expect(g.counters.identityConflicts).toBe(1);
  });

  it('a serial number live on the MQTT link is not taken over OSIM; once it is offline there, it may be', async () => {
    const { sn, id } = await stockIn();
    await s.db.query(`UPDATE devices SET last_seen_at = now() WHERE id = $1`, [id]);
    const g = await gateway();
    const conflicts: IdentityConflict[] = [];
    g.events.on('identityConflict', (_device, conflict) => conflicts.push(conflict));
    const claim = await rawClient(g, answersAs(sn));
    await claim.closed;
    expect(conflicts.map((c) => c.holder)).toEqual([{ link: 'mqtt' }]);
    const { rows } = await s.db.query<{ protocol: string }>(`SELECT protocol FROM devices WHERE id = $1`, [id]);
    expect(rows[0]!.protocol).toBe('mqtt');
    await expect.poll(async () => (await detailOf(id)).identityConflict?.count, { timeout: 5000 }).toBe(1);
    // Silent on MQTT for longer than the offline threshold (5 minutes by default): an inverter that moved to OSIM.
    await s.db.query(`UPDATE devices SET last_seen_at = now() - interval '6 minutes' WHERE id = $1`, [id]);
    await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the OSIM inverter to be proven');
    const after = await s.db.query<{ protocol: string }>(`SELECT protocol FROM devices WHERE id = $1`, [id]);
    expect(after.rows[0]!.protocol).toBe('osim');
  });
});
