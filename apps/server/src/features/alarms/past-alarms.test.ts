import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_RULES } from '@voltfleet/domain/alarms';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { AlarmEngine } from './alarm-engine.js';
import { insertDevice } from './alarm-world.test-support.js';
import { PastAlarms } from './past-alarms.js';

// PastAlarms works out the alarms of readings older than those the engine has taken in (the demo's months before its
// recent week). It must make exactly the alarms the engine makes of the same readings: the same stream goes to the
// engine for one device and to PastAlarms for another, with the default rules (debounce and recovery by severity,
// flapping), and the two devices' alarms and timelines must be the same.

const T0 = Date.parse('2026-03-03T00:00:00Z');
const MINUTE = 60_000;

let db: Db;
let owner: number;
let serial = 0;

beforeAll(async () => {
  db = await openTestDb();
  owner = await adminId(db);
});
afterAll(() => db.close());

const newDevice = () => insertDevice(db, `VFPAST${String(++serial).padStart(6, '0')}`, owner, null);

/** A seeded random number in [0, 1) (mulberry32), so the stream is the same in every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface StreamReading {
  ts: number;
  values: { faultWord?: number };
  extra?: { faultCodes: string };
}

/**
 * Faults that come and go, each a two-state chain stepped once a minute (chance per minute to begin, to end):
 * critical (ac.leakageCurrent, bit 1), major (grid.voltageHigh, bit 6) in bursts that flap, minor
 * (pv.pv1Undervoltage, bit 27) mostly shorter than its 5-minute debounce, two device codes of one alarm
 * (bus.batteryStartFailure, bits 20 and 21), and a warning (battery.socLow, code 46) sent as `faultCodes`. One reading
 * in fifty states no fault set (no faultWord). One hour of the second day a major fault flaps (grid.frequencyHigh,
 * bit 8). The last two hours have no fault, so every alarm recovers.
 */
function stream(days: number, seed: number): StreamReading[] {
  const next = random(seed);
  const faults = [
    { bit: 1, begin: 0.0008, end: 0.2 },
    { bit: 6, begin: 0.004, end: 0.35 },
    { bit: 27, begin: 0.01, end: 0.3 },
    { bit: 20, begin: 0.002, end: 0.1 },
    { bit: 21, begin: 0.002, end: 0.1 },
    { code: 46, begin: 0.003, end: 0.05 },
  ];
  const on = faults.map(() => false);
  const out: StreamReading[] = [];
  const minutes = days * 24 * 60;
  for (let m = 0; m < minutes; m++) {
    const quiet = m >= minutes - 120;
    for (const [i, f] of faults.entries()) on[i] = !quiet && (on[i] ? next() >= f.end : next() < f.begin);
    if (next() < 0.02) {
      out.push({ ts: T0 + m * MINUTE, values: {} });
      continue;
    }
    // A fault that flaps: three minutes on, four off, for an hour (grid.frequencyHigh, bit 8).
    const flapping = m >= 34 * 60 && m < 35 * 60 && m % 7 < 3;
    let word = flapping ? 2 ** 8 : 0;
    const codes: number[] = [];
    for (const [i, f] of faults.entries()) {
      if (!on[i]) continue;
      if (f.bit !== undefined) word += 2 ** f.bit;
      else codes.push(f.code);
    }
    out.push({
      ts: T0 + m * MINUTE,
      values: { faultWord: word },
      ...(codes.length > 0 ? { extra: { faultCodes: codes.join(',') } } : {}),
    });
  }
  return out;
}

/** A device's alarms and their timelines, in a form two devices can be compared by. */
async function alarmsOf(deviceId: number) {
  const { rows } = await db.query<{
    id: string;
    code: string;
    device_code: number | null;
    severity: string;
    state: string;
    raised_at: Date;
    last_seen_at: Date;
    recovered_at: Date | null;
    flaps: number;
    flapping: boolean;
  }>(
    `SELECT id, code, device_code, severity, state, raised_at, last_seen_at, recovered_at, flaps, flapping
       FROM alarms WHERE device_id = $1 ORDER BY raised_at, code`,
    [deviceId],
  );
  const out = [];
  for (const r of rows) {
    const events = await db.query<{ kind: string; at: Date }>(
      `SELECT kind, at FROM alarm_events WHERE alarm_id = $1 ORDER BY at, id`,
      [r.id],
    );
    out.push({
      code: r.code,
      deviceCode: r.device_code,
      severity: r.severity,
      state: r.state,
      raisedAt: new Date(r.raised_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at).toISOString(),
      recoveredAt: r.recovered_at && new Date(r.recovered_at).toISOString(),
      flaps: r.flaps,
      flapping: r.flapping,
      events: events.rows.map((e) => `${e.kind} ${new Date(e.at).toISOString()}`),
    });
  }
  return out;
}

describe('past alarms', () => {
  it('makes of a stream of readings exactly the alarms and timelines the alarm engine makes of it', async () => {
    const readings = stream(4, 7);
    const [live, past] = [await newDevice(), await newDevice()];
    const engine = new AlarmEngine(db, { rules: DEFAULT_ALARM_RULES });
    for (let i = 0; i < readings.length; i += 200)
      engine.onStored(readings.slice(i, i + 200).map((r) => ({ deviceId: live, plantId: null, ...r })));
    await engine.flush();
    expect(engine.stats.failedBatches).toBe(0);

    const alarms = new PastAlarms(DEFAULT_ALARM_RULES);
    for (const r of readings) alarms.observe(past, r);
    const end = readings.at(-1)!.ts + MINUTE;
    expect(await alarms.write(db, [past], end)).toBe(alarms.count);

    const made = await alarmsOf(live);
    expect(await alarmsOf(past)).toEqual(made);
    // The stream is varied enough to tell: every severity, an alarm seen again, one flapping, all recovered.
    expect(new Set(made.map((a) => a.severity))).toEqual(new Set(['critical', 'major', 'minor', 'warning']));
    expect(made.some((a) => a.events.some((e) => e.startsWith('seen')))).toBe(true);
    expect(made.some((a) => a.flapping && a.flaps > 0)).toBe(true);
    expect(made.every((a) => a.state === 'recovered')).toBe(true);
    expect(made.length).toBeGreaterThan(10);
  });

  it("merges an alarm standing at the boundary with the engine's own from after it, and writes once", async () => {
    const device = await newDevice();
    const boundary = T0 + 10 * 24 * 60 * MINUTE;
    // The engine's alarm of a major fault present from the boundary on (debounced a minute later).
    const engine = new AlarmEngine(db, { rules: DEFAULT_ALARM_RULES });
    engine.onStored(
      [0, 1, 2].map((m) => ({ deviceId: device, plantId: null, ts: boundary + m * MINUTE, values: { faultWord: 64 } })),
    );
    await engine.flush();
    // Before the boundary: the same fault from 20 minutes before it, and a critical one from 10 minutes before.
    const alarms = new PastAlarms(DEFAULT_ALARM_RULES);
    for (let m = 30; m > 0; m--) {
      const word = (m <= 20 ? 64 : 0) + (m <= 10 ? 2 : 0);
      alarms.observe(device, { ts: boundary - m * MINUTE, values: { faultWord: word } });
    }
    expect(await alarms.write(db, [device], boundary)).toBe(1);
    const rows = await alarmsOf(device);
    expect(rows).toEqual([
      expect.objectContaining({
        code: 'grid.voltageHigh',
        state: 'active',
        raisedAt: new Date(boundary - 20 * MINUTE).toISOString(),
        events: [`raised ${new Date(boundary - 20 * MINUTE).toISOString()}`],
      }),
      expect.objectContaining({
        code: 'ac.leakageCurrent',
        state: 'recovered',
        raisedAt: new Date(boundary - 10 * MINUTE).toISOString(),
        recoveredAt: new Date(boundary).toISOString(),
      }),
    ]);
    // Written once: a second run (a restart that replayed the same months) adds nothing.
    expect(await alarms.write(db, [device], boundary)).toBe(0);
    expect(await alarmsOf(device)).toEqual(rows);
  });
});
