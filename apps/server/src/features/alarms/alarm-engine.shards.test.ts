import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import { readingFaults, type AlarmLiveEvent } from '@voltfleet/domain/alarms';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import type { StoredReading } from '../telemetry/index.js';
import { AlarmEngine } from './alarm-engine.js';
import { handOver } from './alarm-handoff.repository.js';
import { shardOf } from './alarm-shards.js';

// Several engines on one database (ingest processes behind one shared subscription): each device is evaluated by the
// engine that owns its shard, whichever engine received its readings, and a shard changes hands without losing or
// doubling a reading's evaluation. Every case must end exactly as one engine that saw every reading ends.

const RULES = { debounceMs: 60_000, recoverMs: 120_000, flapCount: 3, flapWindowMs: 3_600_000 };
const GRID_HIGH = 1 << 6;
const T0 = Date.parse('2026-03-03T08:00:00Z');
/** Seconds after T0 and faultWord: raised, seen again, recovered, then raised and cleared until it flaps. */
const SCRIPT: [number, number][] = [
  [0, GRID_HIGH],
  [60, GRID_HIGH],
  [120, 0],
  [180, GRID_HIGH],
  [240, 0],
  [360, 0],
  ...[600, 900, 1200, 1500].flatMap((s): [number, number][] => [
    [s, GRID_HIGH],
    [s + 60, GRID_HIGH],
    [s + 120, 0],
    [s + 240, 0],
  ]),
  [1800, 0],
];
const HALF = 10;

let db: Db;
let owner: number;
let serial = 0;
const engines: AlarmEngine[] = [];
/** Every alarm event any engine pushed, by device. */
const pushed = new Map<number, string[]>();

beforeAll(async () => {
  db = await openTestDb();
  owner = await adminId(db);
});
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});
afterAll(() => db.close());

function newEngine(handoffPollMs?: number): AlarmEngine {
  const e = new AlarmEngine(db, { rules: RULES, ...(handoffPollMs ? { handoffPollMs } : {}) });
  e.on('alarm', ({ event, alarm }: AlarmLiveEvent) => {
    const list = pushed.get(alarm.deviceId) ?? [];
    pushed.set(alarm.deviceId, [...list, `${event}:${alarm.state}`]);
  });
  engines.push(e);
  return e;
}

async function newDevice(): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id) VALUES ($1, 'inverter', '10K', $2) RETURNING id`,
    [`VFSHARDS${String(++serial).padStart(5, '0')}`, owner],
  );
  return rows[0]!.id;
}

const stored = (deviceId: number, [s, faultWord]: [number, number]): StoredReading => ({
  deviceId,
  plantId: null,
  ts: T0 + s * 1000,
  values: { faultWord },
  extra: null,
});

/** Hands readings to `engine` and waits until they are evaluated, by it or by the engine it handed them to. */
async function send(engine: AlarmEngine, deviceId: number, readings: [number, number][]): Promise<void> {
  engine.onStored(readings.map((r) => stored(deviceId, r)));
  await engine.flush();
  await handedOverEvaluated();
}

/** Waits (10 s at most) until no reading waits in the handoff table and every engine has evaluated what it took. */
async function handedOverEvaluated(): Promise<void> {
  const waiting = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alarm_handoff`)).rows[0]!.n;
  for (let tries = 0; (await waiting()) > 0; tries++) {
    if (tries === 500) throw new Error('readings still wait in alarm_handoff');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await Promise.all(engines.map((e) => e.flush()));
}

/** The device's alarms, their timelines and what was pushed, with times relative to T0. */
async function outcome(deviceId: number) {
  const s = (d: Date | null) => (d === null ? '-' : String((new Date(d).getTime() - T0) / 1000));
  const alarms = await db.query<{ state: string; raised_at: Date; recovered_at: Date | null; flapping: boolean }>(
    `SELECT state, raised_at, recovered_at, flapping FROM alarms WHERE device_id = $1 ORDER BY id`,
    [deviceId],
  );
  const events = await db.query<{ kind: string; at: Date }>(
    `SELECT e.kind, e.at FROM alarm_events e JOIN alarms a ON a.id = e.alarm_id WHERE a.device_id = $1 ORDER BY e.id`,
    [deviceId],
  );
  return {
    alarms: alarms.rows.map((r) => `${r.state}:${s(r.raised_at)}-${s(r.recovered_at)}${r.flapping ? ':flapping' : ''}`),
    timeline: events.rows.map((r) => `${r.kind}@${s(r.at)}`),
    pushed: pushed.get(deviceId) ?? [],
  };
}

/** The handoff rows a process that received these readings would have written. */
const handed = (deviceId: number, readings: [number, number][]) =>
  readings.map(([s, word]) => ({
    shard: shardOf(deviceId),
    deviceId,
    ts: T0 + s * 1000,
    faults: readingFaults(word, undefined)!.faults,
  }));

describe('alarm engines sharing a database', () => {
  let alone: Awaited<ReturnType<typeof outcome>>;
  beforeAll(async () => {
    const device = await newDevice();
    const one = newEngine();
    for (const r of SCRIPT) await send(one, device, [r]);
    alone = await outcome(device);
    for (const e of engines.splice(0)) await e.stop();
  });

  it('one engine that sees every reading makes what the rules make', () => {
    // The fourth raise within the flapping window (at 1200) reopens the third as flapping.
    expect(alone.alarms).toEqual(['recovered:0-240', 'recovered:600-720', 'active:900--:flapping']);
    expect(alone.timeline.slice(0, 3)).toEqual(['raised@0', 'seen@180', 'recovered@240']);
  });

  it('two engines receiving a device’s readings alternately: the owner evaluates each once, in order', async () => {
    const device = await newDevice();
    const two = [newEngine(), newEngine()];
    for (const [i, r] of SCRIPT.entries()) await send(two[i % 2]!, device, [r]);
    expect(await outcome(device)).toEqual(alone);
    // The first reading made the first engine the owner: the second handed over every reading it received.
    const second = Math.floor(SCRIPT.length / 2);
    expect(two.map((e) => e.stats.handedOver)).toEqual([0, second]);
    expect(two.map((e) => e.stats.takenOver)).toEqual([second, 0]);
  });

  it('an owner that stops: the next engine to receive the device’s readings takes the shard and continues', async () => {
    const device = await newDevice();
    const [a, b] = [newEngine(), newEngine()];
    await send(a, device, SCRIPT.slice(0, HALF));
    await a.stop();
    await send(b, device, SCRIPT.slice(HALF));
    expect(b.stats.handedOver).toBe(0);
    expect(await outcome(device)).toEqual(alone);
  });

  it('readings handed to an owner that died first are evaluated by the next owner, before its own', async () => {
    const device = await newDevice();
    const [a, c] = [newEngine(), newEngine()];
    await send(a, device, SCRIPT.slice(0, HALF));
    await a.stop();
    // Another process found the shard held and handed these over, as the owner died.
    await handOver(db, handed(device, SCRIPT.slice(HALF, HALF + 3)));
    await send(c, device, SCRIPT.slice(HALF + 3));
    expect(c.stats.takenOver).toBe(3);
    expect(await outcome(device)).toEqual(alone);
  });

  it('readings waiting for a shard nobody owns are taken up by the poll', async () => {
    const device = await newDevice();
    const a = newEngine();
    await send(a, device, SCRIPT.slice(0, HALF));
    await a.stop();
    await handOver(db, handed(device, SCRIPT.slice(HALF)));
    // An engine that has its connection (it evaluated another device) but receives nothing of this one.
    const c = newEngine(20);
    await send(c, await newDevice(), [[0, 0]]);
    await handedOverEvaluated();
    expect(c.stats.takenOver).toBe(SCRIPT.length - HALF);
    expect(await outcome(device)).toEqual(alone);
  });

  // PGlite is one in-process session: there is no connection to lose.
  it.skipIf(testTemplate().kind !== 'postgres')(
    'an owner whose connection is lost forgets the shard; the engine that takes it over continues',
    async () => {
      const device = await newDevice();
      const [a, b] = [newEngine(), newEngine()];
      await send(a, device, SCRIPT.slice(0, HALF));
      // The server ends the owner's connection (a restart, a failover): its shards are free at once.
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'voltfleet-alarms' AND datname = current_database()`,
      );
      await send(b, device, SCRIPT.slice(HALF, HALF + 3));
      expect(b.stats.handedOver).toBe(0);
      // The first engine, on a new connection, finds the shard held: it hands its readings to the new owner.
      await send(a, device, SCRIPT.slice(HALF + 3));
      expect(a.stats.handedOver).toBe(SCRIPT.length - HALF - 3);
      expect(a.stats.failedBatches).toBe(0);
      expect(await outcome(device)).toEqual(alone);
    },
  );
});
