import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlarmLiveEvent } from '@voltfleet/domain/alarms';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { Ingest } from '../telemetry/ingest.js';
import { AlarmEngine } from './alarm-engine.js';

// The engine against a real database, fed by the real ingest: readings carry faultWord (bit 6 = device code 7,
// grid overvoltage) and extra.faultCodes, exactly as devices send them.

const RULES = { debounceMs: 60_000, recoverMs: 120_000, flapCount: 3, flapWindowMs: 3_600_000 };
const GRID_HIGH = 1 << 6;
const T0 = Date.parse('2026-03-03T08:00:00Z');
/** A fault that comes back within the recovery time, then stays away: one alarm, seen again, recovered at 240. */
const BACK_WITHIN_RECOVERY: [number, number][] = [
  [0, GRID_HIGH],
  [60, GRID_HIGH],
  [120, 0],
  [180, GRID_HIGH],
  [240, 0],
  [300, 0],
  [360, 0],
];
/** One raise-and-clear cycle of four minutes from `start` (with the test rules: raised, then recovered). */
const flapCycle = (start: number): [number, number][] => [
  [start, GRID_HIGH],
  [start + 60, GRID_HIGH],
  [start + 120, 0],
  [start + 240, 0],
];

let db: Db;
let owner: number;
let serial = 0;
/** Every engine a test made, stopped after it (an engine owns its devices' shards until it stops). */
const engines: AlarmEngine[] = [];
const newEngine = (): AlarmEngine => {
  const e = new AlarmEngine(db, { rules: RULES });
  engines.push(e);
  return e;
};
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});

beforeAll(async () => {
  db = await openTestDb();
  owner = await adminId(db);
});
afterAll(() => db.close());

async function newDevice(): Promise<{ id: number; sn: string }> {
  const sn = `VFALARM${String(++serial).padStart(5, '0')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id) VALUES ($1, 'inverter', '10K', $2) RETURNING id`,
    [sn, owner],
  );
  return { id: rows[0]!.id, sn };
}

interface World {
  device: { id: number; sn: string };
  ingest: Ingest;
  engine: AlarmEngine;
  events: AlarmLiveEvent[];
  /** Sends readings (seconds after T0, faultWord, faultCodes) through ingest and waits for the engine. */
  send(readings: [number, number?, string?][]): Promise<void>;
}

function world(device: { id: number; sn: string }, engine = newEngine()): World {
  const ingest = new Ingest(db, { maxDelayMs: 1 });
  ingest.on('stored', engine.onStored);
  const events: AlarmLiveEvent[] = [];
  engine.on('alarm', (e: AlarmLiveEvent) => events.push(e));
  return {
    device,
    ingest,
    engine,
    events,
    async send(readings) {
      for (const [s, faultWord, faultCodes] of readings) {
        const reading: Reading = {
          sn: device.sn,
          ts: T0 + s * 1000,
          values: { pvPowerW: 1000, ...(faultWord === undefined ? {} : { faultWord }) },
          ...(faultCodes ? { extra: { faultCodes } } : {}),
        };
        await ingest.submit(device, reading);
        await engine.flush();
      }
    },
  };
}

async function alarmsOf(deviceId: number) {
  const { rows } = await db.query<{
    code: string;
    state: string;
    raised_at: Date;
    recovered_at: Date | null;
    flapping: boolean;
    device_code: number | null;
  }>(
    `SELECT code, state, raised_at, recovered_at, flapping, device_code FROM alarms WHERE device_id = $1 ORDER BY id`,
    [deviceId],
  );
  const s = (d: Date | null) => (d === null ? '-' : String((new Date(d).getTime() - T0) / 1000));
  return rows.map((r) => `${r.code}:${r.state}:${s(r.raised_at)}-${s(r.recovered_at)}${r.flapping ? ':flapping' : ''}`);
}

async function timeline(deviceId: number): Promise<string[]> {
  const { rows } = await db.query<{ kind: string; at: Date }>(
    `SELECT e.kind, e.at FROM alarm_events e JOIN alarms a ON a.id = e.alarm_id WHERE a.device_id = $1 ORDER BY e.id`,
    [deviceId],
  );
  return rows.map((r) => `${r.kind}@${(new Date(r.at).getTime() - T0) / 1000}`);
}

describe('alarm engine', () => {
  let w: World;
  beforeEach(async () => {
    w = world(await newDevice());
  });

  it.each([
    ['no faultWord states nothing', [[0], [60], [120]], []],
    [
      'a fault shorter than the debounce raises nothing',
      [
        [0, GRID_HIGH],
        [30, GRID_HIGH],
        [60, 0],
      ],
      [],
    ],
    [
      'a debounced fault is one active alarm however often it is reported',
      [
        [0, GRID_HIGH],
        [60, GRID_HIGH],
        [120, GRID_HIGH],
        [180, GRID_HIGH],
      ],
      ['grid.voltageHigh:active:0--'],
    ],
    [
      'it recovers after the recovery time without the fault, dated when it went away',
      [
        [0, GRID_HIGH],
        [60, GRID_HIGH],
        [120, 0],
        [180, 0],
        [240, 0],
      ],
      ['grid.voltageHigh:recovered:0-120'],
    ],
    [
      'a fault back within the recovery time stays one alarm',
      BACK_WITHIN_RECOVERY,
      ['grid.voltageHigh:recovered:0-240'],
    ],
    [
      'codes beyond the fault word and unknown codes raise their own alarms',
      [
        [0, 0, '63,4242'],
        [60, 0, '63,4242'],
      ],
      ['insulation.positiveBus:active:0--', 'unknown.4242:active:0--'],
    ],
  ] as const)('%s', async (_name, readings, expected) => {
    await w.send(readings as unknown as [number, number?, string?][]);
    expect(await alarmsOf(w.device.id)).toEqual(expected);
  });

  it('keeps the timeline: raised, seen again, recovered; and pushes raised and recovered', async () => {
    await w.send(BACK_WITHIN_RECOVERY);
    expect(await timeline(w.device.id)).toEqual(['raised@0', 'seen@180', 'recovered@240']);
    expect(w.events.map((e) => `${e.event}:${e.alarm.state}`)).toEqual(['raised:active', 'recovered:recovered']);
  });

  it('folds a fault that raises and clears more than the flapping count within the window into one flapping alarm', async () => {
    // Six raise-and-clear cycles of four minutes each: three alarms, then the third reopened as flapping.
    await w.send([0, 300, 600, 900, 1200, 1500].flatMap(flapCycle));
    const list = await alarmsOf(w.device.id);
    expect(list).toHaveLength(3);
    expect(list[2]).toMatch(/^grid\.voltageHigh:active:600--:flapping$/);
    expect((await timeline(w.device.id)).filter((e) => e.startsWith('flapping'))).toEqual(['flapping@960']);
    // A flapping alarm recovers only after a whole window without the fault.
    await w.send([[1800 + 3600, 0]]);
    expect((await alarmsOf(w.device.id))[2]).toBe('grid.voltageHigh:recovered:600-1620:flapping');
  });

  it('evaluates many readings of many devices in one batch as it evaluates them one at a time', async () => {
    // Per device: flapping (six cycles, then a whole window without the fault), seen again before recovering,
    // two codes at once with one clearing, a fault too short to raise, and nothing.
    const scripts: [number, number, string?][][] = [
      [...[0, 300, 600, 900, 1200, 1500].flatMap(flapCycle), [5400, 0]],
      BACK_WITHIN_RECOVERY,
      [
        [0, 0, '63,4242'],
        [60, 0, '63,4242'],
        [120, 0, '63'],
        [240, 0, '63'],
        [300, 0, '63'],
      ],
      [
        [0, GRID_HIGH],
        [30, 0],
        [90, 0],
      ],
      [
        [0, 0],
        [60, 0],
      ],
    ];
    const stored = (deviceId: number, [s, faultWord, faultCodes]: [number, number, string?]) => ({
      deviceId,
      plantId: null,
      ts: T0 + s * 1000,
      values: { faultWord },
      extra: faultCodes === undefined ? null : { faultCodes },
    });
    const outcome = async (batched: boolean) => {
      const engine = new AlarmEngine(db, { rules: RULES });
      engines.push(engine);
      const pushed: string[] = [];
      engine.on('alarm', (e: AlarmLiveEvent) => pushed.push(`${e.alarm.deviceId}:${e.event}:${e.alarm.code}`));
      const ids: number[] = [];
      for (const _ of scripts) ids.push((await newDevice()).id);
      const all = scripts.flatMap((script, i) => script.map((r) => stored(ids[i]!, r)));
      if (batched) engine.onStored(all);
      else for (const r of all) engine.onStored([r]);
      await engine.flush();
      expect(engine.stats.failedBatches).toBe(0);
      const perDevice = [];
      for (const [i, id] of ids.entries())
        perDevice.push({
          alarms: await alarmsOf(id),
          timeline: await timeline(id),
          pushed: pushed.filter((p) => p.startsWith(`${id}:`)).map((p) => p.slice(p.indexOf(':') + 1)),
          script: i,
        });
      return perDevice;
    };
    const one = await outcome(false);
    const batch = await outcome(true);
    expect(batch).toEqual(one);
    // And the outcome is the rules', not just the same twice.
    expect(one[0]!.alarms).toEqual([
      'grid.voltageHigh:recovered:0-120',
      'grid.voltageHigh:recovered:300-420',
      'grid.voltageHigh:recovered:600-1620:flapping',
    ]);
    expect(one[1]!.timeline).toEqual(['raised@0', 'seen@180', 'recovered@240']);
    expect(one[2]!.alarms).toEqual(['insulation.positiveBus:active:0--', 'unknown.4242:recovered:0-120']);
    expect(one[3]!.alarms).toEqual([]);
    expect(one[4]!.alarms).toEqual([]);
  });

  it('survives a restart: a new engine continues from the stored state', async () => {
    await w.send([
      [0, GRID_HIGH],
      [60, GRID_HIGH],
      [120, 0],
    ]);
    await w.engine.stop();
    const restarted = world(w.device);
    await restarted.send([
      [180, 0],
      [240, 0],
    ]);
    expect(await alarmsOf(w.device.id)).toEqual(['grid.voltageHigh:recovered:0-120']);
    // Debounce state too: a fault first seen before the restart is raised after it.
    const other = world(await newDevice());
    await other.send([[0, GRID_HIGH]]);
    await other.engine.stop();
    const again = world(other.device);
    await again.send([[60, GRID_HIGH]]);
    expect(await alarmsOf(other.device.id)).toEqual(['grid.voltageHigh:active:0--']);
  });

  it('raises no data for a silent inverter and recovers it when data return', async () => {
    const noData = newEngine();
    const events: AlarmLiveEvent[] = [];
    noData.on('alarm', (e: AlarmLiveEvent) => events.push(e));
    const silent = await newDevice();
    const never = await newDevice();
    await db.query(`UPDATE devices SET last_seen_at = now() - interval '10 minutes' WHERE id = $1`, [silent.id]);
    await noData.checkNoData(300);
    await noData.checkNoData(300);
    expect(await alarmsOf(silent.id)).toEqual([expect.stringMatching(/^communication\.noData:active:/)]);
    expect(await alarmsOf(never.id)).toEqual([]);
    await db.query(`UPDATE devices SET last_seen_at = now() WHERE id = $1`, [silent.id]);
    await noData.checkNoData(300);
    expect(await alarmsOf(silent.id)).toEqual([expect.stringMatching(/^communication\.noData:recovered:/)]);
    expect(events.filter((e) => e.alarm.deviceId === silent.id).map((e) => e.event)).toEqual(['raised', 'recovered']);
  });

  it('raises no no-data alarm while an inverter restarts after an upgrade', async () => {
    const noData = newEngine();
    const restarting = await newDevice();
    await db.query(
      `UPDATE devices SET last_seen_at = now() - interval '10 minutes', restart_until = now() + interval '10 minutes'
        WHERE id = $1`,
      [restarting.id],
    );
    await noData.checkNoData(300);
    expect(await alarmsOf(restarting.id)).toEqual([]);
  });
});

/** Waits until no reading waits in the handoff table, and the engines have evaluated what they took. */
async function handedOverEvaluated(list: AlarmEngine[]): Promise<void> {
  await expect
    .poll(async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alarm_handoff`)).rows[0]!.n)
    .toBe(0);
  await Promise.all(list.map((e) => e.flush()));
}

describe('alarm engines of two ingest processes', () => {
  it('raise one active alarm when both see the same fault at once', async () => {
    const device = await newDevice();
    const two = [newEngine(), newEngine()];
    const events: AlarmLiveEvent[] = [];
    for (const e of two) e.on('alarm', (m: AlarmLiveEvent) => events.push(m));
    const stored = (s: number) => [
      { deviceId: device.id, plantId: null, ts: T0 + s * 1000, values: { faultWord: GRID_HIGH }, extra: null },
    ];
    // The same committed readings handed to both processes' engines at once, many times over.
    for (let k = 0; k < 20; k++) {
      two[0]!.onStored(stored(k * 60));
      two[1]!.onStored(stored(k * 60));
      await Promise.all(two.map((e) => e.flush()));
    }
    await handedOverEvaluated(two);
    // One engine owns the device; the other handed each of its readings over, and the owner evaluated each once.
    const [handed, taken] = [two.map((e) => e.stats.handedOver), two.map((e) => e.stats.takenOver)];
    expect([...handed].sort()).toEqual([0, 20]);
    expect(taken).toEqual([handed[1], handed[0]]);
    expect(await alarmsOf(device.id)).toEqual(['grid.voltageHigh:active:0--']);
    expect(events.filter((e) => e.event === 'raised')).toHaveLength(1);
  });

  it('keep one active no-data alarm per device when both check at once', async () => {
    const device = await newDevice();
    await db.query(`UPDATE devices SET last_seen_at = now() - interval '1 hour' WHERE id = $1`, [device.id]);
    const two = [newEngine(), newEngine()];
    await Promise.all([...two, ...two].map((e) => e.checkNoData(300)));
    expect(await alarmsOf(device.id)).toHaveLength(1);
  });
});
