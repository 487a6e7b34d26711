import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable, SqlParam } from '../../db/db.js';
import type { DbLease } from '../../db/lease.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { AlarmEngine } from './alarm-engine.js';

// The engine keeps the fault trackers of the devices it owns in memory (FaultMemory) and touches the database only for
// what a restart, another process taking the devices over or a user must see. Against the real database (both
// engines); the statements are counted by a Db that passes every call through, its lease's included.

const RULES = { debounceMs: 0, recoverMs: 120_000, flapCount: 3, flapWindowMs: 3_600_000 };
const GRID_HIGH = 1 << 6;
const T0 = Date.parse('2026-03-03T08:00:00Z');

let db: Db;
let owner: number;
let serial = 0;

/** Every engine a test made, stopped after it (it owns its devices' shards until then). */
const engines: AlarmEngine[] = [];
/** An engine that checks the handoff table only when told (its periodic look would be counted). */
function newEngine(on: Db, options: { seenPersistMs?: number } = {}): AlarmEngine {
  const e = new AlarmEngine(on, { rules: RULES, handoffPollMs: 3_600_000, ...options });
  engines.push(e);
  return e;
}

beforeAll(async () => {
  db = await openTestDb();
  owner = await adminId(db);
});
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});
afterAll(() => db.close());

async function newDevice(): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id) VALUES ($1, 'inverter', '10K', $2) RETURNING id`,
    [`VFMEMORY${String(++serial).padStart(5, '0')}`, owner],
  );
  return rows[0]!.id;
}

/** `db` with every statement counted (by its first words), and optionally one kind of statement failing once. */
function counted(failOnce?: RegExp): { db: Db; statements: string[] } {
  const statements: string[] = [];
  let failing = failOnce;
  const wrap = <Q extends Queryable>(q: Q): Q => ({
    ...q,
    query: (sql: string, params?: readonly SqlParam[]) => {
      statements.push(sql.replace(/\s+/g, ' ').trim().slice(0, 40));
      if (failing?.test(sql)) {
        failing = undefined;
        return Promise.reject(new Error('injected failure'));
      }
      return q.query(sql, params);
    },
  });
  return {
    statements,
    db: {
      ...db,
      ...wrap(db),
      transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
      // The engine's own connection, where it reads and writes the alarm state.
      lease: async (name: string): Promise<DbLease> => {
        const lease = await db.lease(name);
        return { ...wrap(lease), transaction: (fn) => lease.transaction((tx) => fn(wrap(tx))) };
      },
    } as Db,
  };
}

/** Hands one reading per device (seconds after T0, faultWord) to the engine and waits for it. */
async function send(engine: AlarmEngine, readings: [number, number, number][]): Promise<void> {
  engine.onStored(
    readings.map(([deviceId, s, faultWord]) => ({
      deviceId,
      plantId: null,
      ts: T0 + s * 1000,
      values: { faultWord },
      extra: null,
    })),
  );
  await engine.flush();
}

async function alarm(deviceId: number) {
  const { rows } = await db.query<{ state: string; last_seen_at: Date }>(
    `SELECT state, last_seen_at FROM alarms WHERE device_id = $1 ORDER BY id`,
    [deviceId],
  );
  return rows.map((r) => `${r.state}, last seen ${(new Date(r.last_seen_at).getTime() - T0) / 1000}`);
}

describe('alarm engine (fault state in memory)', () => {
  it('reads a device once, and evaluates readings that change nothing without a statement', async () => {
    const [clean, faulty] = [await newDevice(), await newDevice()];
    const c = counted();
    const engine = newEngine(c.db, { seenPersistMs: 60_000 });
    await send(engine, [
      [clean, 0, 0],
      [faulty, 0, GRID_HIGH],
    ]);
    expect(c.statements.filter((s) => s.startsWith('SELECT f.device_id'))).toHaveLength(1);
    expect(await alarm(faulty)).toEqual(['active, last seen 0']);
    expect(engine.stats).toMatchObject({ batches: 1, transactions: 1 });
    c.statements.length = 0;
    for (let s = 60; s <= 300; s += 60)
      await send(engine, [
        [clean, s, 0],
        [faulty, s, GRID_HIGH],
      ]);
    expect(c.statements).toEqual([]);
    expect(engine.stats).toMatchObject({ batches: 6, transactions: 1 });
  });

  it("writes a standing fault's last seen at most every seenPersistMs, and its last report when it goes", async () => {
    const device = await newDevice();
    const often = newEngine(db, { seenPersistMs: 0 });
    await send(often, [[device, 0, GRID_HIGH]]);
    await send(often, [[device, 60, GRID_HIGH]]);
    expect(await alarm(device)).toEqual(['active, last seen 60']);
    await often.stop();

    const seldom = newEngine(db, { seenPersistMs: 3_600_000 });
    await send(seldom, [[device, 120, GRID_HIGH]]);
    await send(seldom, [[device, 180, GRID_HIGH]]);
    expect(await alarm(device)).toEqual(['active, last seen 60']);
    await send(seldom, [[device, 240, 0]]);
    expect(await alarm(device)).toEqual(['active, last seen 180']);
    // A restart reads what was written: the fault absent since 240, recovered 120 s later.
    await seldom.stop();
    const restarted = newEngine(db);
    await send(restarted, [[device, 360, 0]]);
    expect(await alarm(device)).toEqual(['recovered, last seen 180']);
  });

  it('keeps nothing of a batch that failed: the next batch reads the database again and raises', async () => {
    const device = await newDevice();
    const c = counted(/^\s*INSERT INTO alarms /);
    const engine = newEngine(c.db);
    await send(engine, [[device, 0, GRID_HIGH]]);
    expect(engine.stats.failedBatches).toBe(1);
    expect(await alarm(device)).toEqual([]);
    c.statements.length = 0;
    await send(engine, [[device, 60, GRID_HIGH]]);
    expect(c.statements.filter((s) => s.startsWith('SELECT f.device_id'))).toHaveLength(1);
    expect(await alarm(device)).toEqual(['active, last seen 60']);
  });

  it("writes a round's raises in one statement and its recoveries in another, and no last seen the database has", async () => {
    const devices = [await newDevice(), await newDevice(), await newDevice()];
    const c = counted();
    const engine = newEngine(c.db, { seenPersistMs: 3_600_000 });
    await send(engine, [[devices[0]!, 0, 0]]);
    c.statements.length = 0;
    await send(
      engine,
      devices.map((d) => [d, 0, GRID_HIGH]),
    );
    expect(c.statements.filter((s) => s.startsWith('INSERT INTO alarms'))).toHaveLength(1);
    // The fault goes with the reading after the raise: its last seen is the raise's own, written by the INSERT.
    c.statements.length = 0;
    await send(
      engine,
      devices.map((d) => [d, 60, 0]),
    );
    expect(c.statements.filter((s) => s.startsWith('UPDATE alarms a SET last_seen_at'))).toEqual([]);
    c.statements.length = 0;
    await send(
      engine,
      devices.map((d) => [d, 180, 0]),
    );
    expect(c.statements.filter((s) => s.startsWith('UPDATE alarms'))).toHaveLength(1);
    for (const d of devices) expect(await alarm(d)).toEqual(['recovered, last seen 0']);
  });

  it('counts raises for the flapping rule from memory, and from the database after a restart', async () => {
    const device = await newDevice();
    const c = counted();
    const first = newEngine(c.db);
    const toggles: [number, number][] = [
      [0, GRID_HIGH],
      [60, 0],
      [180, 0],
      [240, GRID_HIGH],
      [300, 0],
      [420, 0],
      [480, GRID_HIGH],
      [540, 0],
      [660, 0],
    ];
    for (const [s, word] of toggles) await send(first, [[device, s, word]]);
    expect(await states(device)).toEqual(['recovered', 'recovered', 'recovered']);
    // The device's raises were read once, with its trackers; never per code as it raised.
    expect(c.statements.filter((s) => s.startsWith('SELECT device_id, code, raised_at'))).toHaveLength(1);
    expect(c.statements.filter((s) => s.startsWith('SELECT q.n, a.raised_at'))).toHaveLength(0);
    // The fourth raise within the window reopens the newest as flapping, also in a process that just started.
    await first.stop();
    await send(newEngine(db), [[device, 720, GRID_HIGH]]);
    expect(await states(device)).toEqual(['recovered', 'recovered', 'active, flapping']);
  });
});

async function states(deviceId: number): Promise<string[]> {
  const { rows } = await db.query<{ state: string; flapping: boolean }>(
    `SELECT state, flapping FROM alarms WHERE device_id = $1 ORDER BY id`,
    [deviceId],
  );
  return rows.map((r) => `${r.state}${r.flapping ? ', flapping' : ''}`);
}
