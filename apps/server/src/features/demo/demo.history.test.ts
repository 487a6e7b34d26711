import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_RULES } from '@voltfleet/domain/alarms';
import { createFleet, demoFleetConfig, type Fleet } from '@voltfleet/simulator';
import type { Db } from '../../db/db.js';
import { openTestDb } from '../../test/harness.js';
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { deviceDirectory } from '../devices/device-directory.js';
import { Ingest } from '../telemetry/ingest.js';
import { AlarmEngine } from '../alarms/alarm-engine.js';
import { PastAlarms } from '../alarms/past-alarms.js';
import { advanceHistory, type HistoryPlan } from './demo.history.js';
import { runDemoFleet, type DemoRun } from './demo.runner.js';
import { DemoSeeding } from './demo.seeding.js';
import { demoAnchorMs, readHistoryState, type HistoryState } from './demo.state.js';

const HOUR = 3_600_000;
/** Three days, the last of them recent (seeded first, 5-minute readings), the two before it hourly (seeded after). */
const DAYS = 3;
const RECENT_DAYS = 1;
/**
 * The simulated clock runs 60 times faster than the real one, and six hours behind it (the device link refuses
 * readings from the future), so the live run's minutes pass in seconds.
 */
const SPEED = 60;
const REAL_START = Date.now();
const clock = () => REAL_START - 6 * HOUR + (Date.now() - REAL_START) * SPEED;

const demo = demoFleetConfig({ startMs: 0 });
const INVERTERS = demo.devices.filter((d) => d.kind === 'inverter').map((d) => d.sn);

/**
 * One server's worth of what the history goes through: database, ingest, alarm engine, in-process broker, and the
 * quiet ingest of the older months (nothing listens to it, as in runtime.ts).
 */
interface Platform {
  db: Db;
  dataDir: string;
  ingest: Ingest;
  older: Ingest;
  alarms: AlarmEngine;
  broker: MqttBroker;
}

async function platform(): Promise<Platform> {
  const db = await openTestDb();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vf-demo-history-'));
  const ingest = new Ingest(db);
  const alarms = new AlarmEngine(db, { rules: DEFAULT_ALARM_RULES });
  ingest.on('stored', alarms.onStored);
  const broker = await startMqttBroker({ port: 0, host: '127.0.0.1', directory: deviceDirectory(db), sink: ingest });
  return { db, dataDir, ingest, older: new Ingest(db), alarms, broker };
}

async function close(p: Platform): Promise<void> {
  await p.broker.close();
  await p.ingest.flush();
  await p.older.flush();
  await p.alarms.flush();
  await p.db.close();
  await rm(p.dataDir, { recursive: true, force: true });
}

function start(p: Platform, seeding = new DemoSeeding()): Promise<DemoRun> {
  return runDemoFleet(p.db, {
    dataDir: p.dataDir,
    mqttUrl: `mqtt://127.0.0.1:${p.broker.port}`,
    hash: async (pw) => `hash:${pw}`,
    log: () => undefined,
    historyDays: DAYS,
    historyRecentDays: RECENT_DAYS,
    ingest: p.ingest,
    olderIngest: p.older,
    alarmRules: DEFAULT_ALARM_RULES,
    seeding,
    wallClock: clock,
  });
}

const num = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string | number | null }>(sql, params as never[])).rows[0]?.n ?? 0);

/** Resolves once every inverter has a reading after `afterMs` (the live run reports over MQTT). */
async function liveReadings(db: Db, afterMs: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reporting = await num(
      db,
      `SELECT count(DISTINCT r.device_id) AS n
         FROM readings r JOIN devices d ON d.id = r.device_id
        WHERE r.ts > $1 AND d.kind = 'inverter'`,
      [new Date(afterMs)],
    );
    if (reporting === INVERTERS.length) return;
    if (Date.now() > deadline) throw new Error(`only ${reporting} inverters reported live`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the seeding is done (its earnings priced after the live run started). */
async function seeded(seeding: DemoSeeding): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (seeding.status.state !== 'done') {
    if (Date.now() > deadline) throw new Error(`seeding is ${JSON.stringify(seeding.status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Readings whose lifetime PV counter is below the one before them, per inverter (a counter reset). */
const counterResets = (db: Db) =>
  num(
    db,
    `SELECT count(*) AS n FROM (
       SELECT pv_energy_total_kwh - lag(pv_energy_total_kwh) OVER (PARTITION BY device_id ORDER BY ts) AS step
         FROM readings) s
      WHERE step < -0.0001`,
  );

/** Every device's PV energy per local day from the rollups, against the simulator's exact energy of full days. */
async function compareDays(db: Db, fleet: Fleet, fromMs: number, toMs: number) {
  const truth = fleet.groundTruth();
  const { rows } = await db.query<{ sn: string; day: string; pv: number }>(
    `SELECT d.sn, to_char(e.day, 'YYYY-MM-DD') AS day, e.pv_kwh AS pv
       FROM device_energy_day e JOIN devices d ON d.id = e.device_id`,
  );
  const stored = new Map(rows.map((r) => [`${r.sn} ${r.day}`, Number(r.pv)]));
  const compared: { key: string; stored: number; truth: number }[] = [];
  for (const [sn, series] of Object.entries(truth.devices)) {
    const days = Object.keys(series.daily).sort();
    // The first and last local days are partial (the history starts and the comparison ends within them).
    for (const day of days.slice(1, -1)) {
      const dayMs = Date.parse(`${day}T12:00:00Z`);
      if (dayMs < fromMs || dayMs > toMs) continue;
      compared.push({ key: `${sn} ${day}`, stored: stored.get(`${sn} ${day}`) ?? 0, truth: series.daily[day]!.pv });
    }
  }
  return compared;
}

/** The alarms of the history's older part: the same fleet replayed over it, its readings through PastAlarms. */
async function pastAlarmCount(db: Db, plan: HistoryPlan): Promise<number> {
  const ids = await db.query<{ id: number; sn: string }>(`SELECT id, sn FROM devices`);
  const bySn = new Map(ids.rows.map((r) => [r.sn, Number(r.id)]));
  const past = new PastAlarms(DEFAULT_ALARM_RULES);
  const fleet = createFleet(demoFleetConfig({ startMs: plan.startMs }));
  advanceHistory(fleet, plan, plan.recentFromMs, (reading) => past.observe(bySn.get(reading.sn)!, reading));
  return past.count;
}

describe('demo history', () => {
  let p: Platform;
  beforeAll(async () => {
    p = await platform();
  });
  afterAll(async () => {
    await close(p);
  });

  it('seeds the recent day first, goes live, then the days before it, and the same energy as one fleet', async () => {
    // Each phase the seeding enters, and whether the fleet was live by then.
    const run: { current?: DemoRun } = {};
    const phases: string[] = [];
    const seeding = new (class extends DemoSeeding {
      override update(change: Parameters<DemoSeeding['update']>[0]): void {
        if (change.phase && change.phase !== this.status.phase)
          phases.push(`${change.phase} ${run.current?.fleet ? 'live' : 'not live'}`);
        super.update(change);
      }
    })();
    const first = (run.current = await start(p, seeding));
    expect(seeding.status.state).not.toBe('off');
    await first.live;
    expect(first.fleet).toBeDefined();
    await seeded(seeding);
    expect(phases).toEqual(['recent not live', 'history live', 'earnings live']);
    expect(seeding.status).toMatchObject({ state: 'done', percent: 100, days: DAYS, phase: null });
    const historyEnd = Date.parse(seeding.status.simulatedUntil!);
    expect(historyEnd).toBeGreaterThan(clock() - 20 * 60_000);
    const state = (await readHistoryState(p.dataDir))!;
    expect(Date.parse(state.liveAt!)).toBeLessThanOrEqual(Date.parse(state.completedAt!));
    expect(state.recentFromMs - state.startMs).toBe((DAYS - RECENT_DAYS) * 24 * HOUR);

    // Readings: the recent day one every 5 minutes (and every minute around fault changes) per inverter, the days
    // before it one an hour (and every 5 minutes through an hour in which faults come or go).
    const perInverter = (sql: string) =>
      num(p.db, `SELECT min(n) AS n FROM (SELECT count(*) AS n FROM readings WHERE ${sql} GROUP BY device_id) c`);
    const from = new Date(state.recentFromMs);
    expect(await perInverter(`ts > '${from.toISOString()}'`)).toBeGreaterThanOrEqual(RECENT_DAYS * 288 * 0.95);
    expect(await perInverter(`ts <= '${from.toISOString()}'`)).toBeGreaterThanOrEqual((DAYS - RECENT_DAYS) * 24);
    const oldest = await num(p.db, `SELECT extract(epoch FROM min(ts)) * 1000 AS n FROM readings`);
    expect(oldest).toBeLessThan(clock() - (DAYS - 0.1) * 24 * HOUR);

    // Rollups: every plant and device has daily and monthly energy, with PV on the days.
    const plants = demo.plants.length;
    expect(await num(p.db, `SELECT count(DISTINCT plant_id) AS n FROM plant_energy_day WHERE pv_kwh > 0.5`)).toBe(
      plants,
    );
    expect(await num(p.db, `SELECT count(DISTINCT plant_id) AS n FROM plant_energy_month WHERE pv_kwh > 1`)).toBe(
      plants,
    );
    expect(await num(p.db, `SELECT count(DISTINCT device_id) AS n FROM device_energy_month WHERE pv_kwh > 1`)).toBe(
      INVERTERS.length,
    );
    const sunnyDays = await num(
      p.db,
      `SELECT min(n) AS n FROM (SELECT count(*) AS n FROM plant_energy_day WHERE pv_kwh > 0.5 GROUP BY plant_id) c`,
    );
    expect(sunnyDays).toBeGreaterThanOrEqual(DAYS - 1);
    // The earnings of the history's days are priced already.
    expect(await num(p.db, `SELECT count(DISTINCT plant_id) AS n FROM plant_earnings_day`)).toBe(plants);

    // Alarms over the history, raised by the alarm engine from the readings' faults; those of the days before the
    // recent one worked out by the same rules from the same readings (PastAlarms), once.
    await p.alarms.flush();
    expect(
      await num(p.db, `SELECT count(*) AS n FROM alarms WHERE raised_at < $1`, [new Date(historyEnd - HOUR)]),
    ).toBeGreaterThan(0);
    expect(await num(p.db, `SELECT count(*) AS n FROM alarms WHERE raised_at < $1`, [from])).toBe(
      await pastAlarmCount(p.db, state),
    );

    // Recorded: a restart will not seed again.
    expect(await readHistoryState(p.dataDir)).toMatchObject({
      days: DAYS,
      completedAt: expect.any(String),
      pricedAt: expect.any(String),
    });
    expect(JSON.parse(await readFile(path.join(p.dataDir, 'demo.json'), 'utf8'))).toHaveProperty('secrets');

    // Live: every inverter reports over MQTT after the history, its counters carrying on from it.
    await liveReadings(p.db, historyEnd);
    expect(await counterResets(p.db)).toBe(0);
    const fleet = first.fleet!;
    await first.stop();
    await p.ingest.flush();

    // What the rollups hold of each full day is the simulator's own energy (no reading lost or counted twice).
    const days = await compareDays(p.db, fleet, 0, historyEnd);
    expect(days.length).toBeGreaterThanOrEqual(INVERTERS.length * (DAYS - 1));
    const off = days.filter((d) => Math.abs(d.stored - d.truth) > 0.3 + d.truth * 0.002);
    expect(off.slice(0, 5)).toEqual([]);
  }, 180_000);

  it('does not seed again on a restart, and the restarted fleet continues the counters it reported', async () => {
    // A worn battery: the restarted fleet goes on from the health its inverter last reported, not from a new pack.
    const worn = `SELECT d.id FROM devices d WHERE d.sn = 'VF10K2401201'`;
    await p.db.query(
      `UPDATE readings r SET bat_soh_pct = 77 WHERE r.device_id = (${worn})
          AND r.ts = (SELECT max(x.ts) FROM readings x WHERE x.device_id = r.device_id)`,
    );
    const readingsBefore = await num(p.db, `SELECT count(*) AS n FROM readings`);
    const lastBefore = await num(p.db, `SELECT extract(epoch FROM max(ts)) * 1000 AS n FROM readings`);
    const seeding = new DemoSeeding();
    const again = await start(p, seeding);
    await again.live;
    expect(seeding.status).toMatchObject({ state: 'done', readings: 0 });
    // Nothing was written before the restart's live readings.
    expect(await num(p.db, `SELECT count(*) AS n FROM readings WHERE ts <= $1`, [new Date(lastBefore)])).toBe(
      readingsBefore,
    );
    await liveReadings(p.db, lastBefore);
    await again.stop();
    await p.ingest.flush();
    expect(await counterResets(p.db)).toBe(0);
    const soh = await num(p.db, `SELECT max(bat_soh_pct) AS n FROM readings WHERE device_id = (${worn}) AND ts > $1`, [
      new Date(lastBefore),
    ]);
    expect(soh).toBeLessThanOrEqual(77);
    expect(soh).toBeGreaterThan(76);
  }, 120_000);
});

describe('demo history, interrupted', () => {
  let p: Platform;
  beforeAll(async () => {
    p = await platform();
  });
  afterAll(async () => {
    await close(p);
  });

  /** Starts the demo and stops it, as a stopped server would, once `when` holds of its seeding. */
  async function interrupted(when: (status: DemoSeeding['status']) => boolean): Promise<HistoryState> {
    const seeding = new DemoSeeding();
    const run = await start(p, seeding);
    const deadline = Date.now() + 60_000;
    while (!when(seeding.status) && seeding.status.state !== 'done' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await run.stop();
    const state = (await readHistoryState(p.dataDir))!;
    expect(state.completedAt).toBeUndefined();
    return state;
  }

  it('continues each part from its checkpoint on the next start, without doubled energy or alarms', async () => {
    // Stopped in the recent day: the fleet never went live.
    const inRecent = await interrupted((s) => s.phase === 'recent' && s.percent > 20);
    expect(inRecent.liveAt).toBeUndefined();
    expect(inRecent.recentUntil).toBeGreaterThan(inRecent.recentFromMs);
    // Stopped in the days before it: the fleet went live, the older part is under way.
    const inOlder = await interrupted((s) => s.phase === 'history' && s.readings > 200);
    expect(inOlder.liveAt).toEqual(expect.any(String));
    expect(inOlder.committedUntil).toBeGreaterThan(inOlder.startMs);
    expect(inOlder.committedUntil).toBeLessThan(inOlder.recentFromMs);

    const again = new DemoSeeding();
    const last = await start(p, again);
    await last.live;
    await seeded(again);
    const state = (await readHistoryState(p.dataDir))!;
    expect(state).toMatchObject({ startMs: inRecent.startMs, completedAt: expect.any(String) });
    const historyEnd = Date.parse(again.status.simulatedUntil!);
    await last.stop();
    await p.ingest.flush();
    await p.alarms.flush();
    expect(await counterResets(p.db)).toBe(0);
    expect(
      await num(p.db, `SELECT count(*) AS n FROM alarms WHERE raised_at < $1`, [new Date(state.recentFromMs)]),
    ).toBe(await pastAlarmCount(p.db, state));

    // The same history replayed in one go has the energy the interrupted one stored.
    // With the history's anchor, as the seeding had it (the demo's losses are placed from it).
    const whole = createFleet(demoFleetConfig({ startMs: state.startMs, ...demoAnchorMs(state) }));
    advanceHistory(whole, state, historyEnd);
    const days = await compareDays(p.db, whole, 0, historyEnd - 24 * HOUR);
    expect(days.length).toBeGreaterThanOrEqual(INVERTERS.length * (DAYS - 2));
    const off = days.filter((d) => Math.abs(d.stored - d.truth) > 0.3 + d.truth * 0.002);
    expect(off.slice(0, 5)).toEqual([]);
  }, 240_000);
});
