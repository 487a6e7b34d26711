import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { adminId, openTestDatabase } from '../../test/harness.js';
import { REPO_ROOT } from '../../test/server-process.js';
import { testTemplate } from '../../test/template.js';
import { compactReadings } from './compaction.job.js';
import { Ingest } from './ingest.js';
import { READING_VALUE_COLUMNS, readingsIn } from './readings-source.js';

/*
 * Compaction stopped hard and run twice at once (issue 39), on native PostgreSQL only: a second process (or a second
 * connection running at the same time) cannot open a PGlite database, which one process holds with one connection.
 * Six devices report every 5 minutes for 30 days; everything older than 7 days is due (some 140 device-days).
 * - A child process runs a round and is killed with SIGKILL after some days: nothing lost or doubled, and the next
 *   round finishes the work.
 * - Two rounds at once on one pool: each device-day compacted exactly once.
 */

const POSTGRES = testTemplate().kind === 'postgres';
const DAY = 86_400_000;
const STEP = 5 * 60_000;
const DEVICES = 6;
const now = Date.now();
const start = Math.floor(now / DAY) * DAY - 30 * DAY;
const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };

let db: Db;
let url: string | undefined;
const devices: { id: number; sn: string }[] = [];

async function setUp(prefix: string): Promise<void> {
  const owner = await adminId(db);
  devices.length = 0;
  for (let i = 0; i < DEVICES; i++) {
    const sn = `${prefix}${String(i).padStart(6, '0')}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id) VALUES ($1, 'inverter', '10K', $2) RETURNING id`,
      [sn, owner],
    );
    devices.push({ id: rows[0]!.id, sn });
  }
  const sink = new Ingest(db, { maxBatch: 2000 });
  const submits: Promise<unknown>[] = [];
  for (const [i, device] of devices.entries()) {
    let total = 100 * i;
    for (let ts = start; ts < now - STEP; ts += STEP) {
      const minute = (ts % DAY) / 60_000;
      const powerW = Math.round(Math.max(0, Math.sin(((minute - 360) / 720) * Math.PI)) * 6000) + i;
      total = Math.round((total + powerW / 12_000) * 1000) / 1000;
      const values: Reading['values'] = {
        pvPowerW: powerW,
        pvEnergyTotalKwh: total,
        gridVoltageAV: 230 + (minute % 9) / 10,
      };
      submits.push(sink.submit(device, { sn: device.sn, ts, values }));
    }
  }
  await Promise.all(submits);
  await sink.flush();
}

/** Every reading of the test's devices, raw and compacted alike, every value as text. */
async function snapshot(): Promise<unknown[]> {
  const { rows } = await db.query(
    `SELECT r.device_id, r.ts::text AS ts, ${READING_VALUE_COLUMNS.map((c) => `r.${c}::text AS ${c}`).join(', ')}
       FROM ${readingsIn({ devices: '$1', from: "'-infinity'", to: "'infinity'", columns: READING_VALUE_COLUMNS })} r
      ORDER BY r.device_id, r.ts`,
    [devices.map((d) => d.id)],
  );
  return rows;
}

async function count(sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, [devices.map((d) => d.id)]);
  return Number(rows[0]!.n);
}

/** Readings both raw and compacted (must be none). */
const inBoth = () =>
  count(`SELECT count(*) AS n FROM readings r JOIN readings_compact c
           ON c.device_id = r.device_id AND c.day = (r.ts AT TIME ZONE 'UTC')::date
          WHERE r.device_id = ANY($1)`);
const compactedDays = () => count(`SELECT count(*) AS n FROM readings_compact WHERE device_id = ANY($1)`);
/** Device-days before the horizon (7 days), all due. */
const dueDays = () => DEVICES * 23;

beforeAll(async () => {
  if (POSTGRES) ({ db, url } = await openTestDatabase());
}, 60_000);
afterAll(() => db?.close());

describe.skipIf(!POSTGRES)('compaction on PostgreSQL: killed mid-round, and two rounds at once', () => {
  it('loses and doubles nothing when its process is killed with SIGKILL mid-round; the next round finishes', async () => {
    await setUp('VFCKL');
    const before = await snapshot();
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/features/telemetry/compaction-child.test-support.ts'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: url, COMPACT_NOW: String(now), COMPACT_PAUSE_MS: '20' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let committed = 0;
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        committed += chunk.toString().split('day').length - 1;
        // Killed after some 10 days, in the middle of a later one (the pause is after a commit; the next day's
        // transaction starts right away).
        if (committed >= 10) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`the compaction child ended before it was killed:\n${output}`)));
    });
    expect(await exited).toBe('SIGKILL');
    const done = await compactedDays();
    expect(done).toBeGreaterThanOrEqual(10);
    expect(done).toBeLessThan(dueDays());
    expect(await inBoth()).toBe(0);
    expect(await snapshot()).toEqual(before);

    const rest = await compactReadings(db, 7, quiet, { now });
    expect(rest.failed).toBe(0);
    expect(rest.days + done).toBe(dueDays());
    expect(await compactedDays()).toBe(dueDays());
    expect(await inBoth()).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it('compacts each device-day exactly once when two rounds run at once', async () => {
    await setUp('VFCTW');
    const before = await snapshot();
    const rounds = await Promise.all([compactReadings(db, 7, quiet, { now }), compactReadings(db, 7, quiet, { now })]);
    expect(rounds.map((r) => r.failed)).toEqual([0, 0]);
    expect(rounds[0]!.days + rounds[1]!.days).toBe(dueDays());
    // Both took part (the second does not just wait for the first: SKIP LOCKED moves it on to another device).
    expect(rounds.every((r) => r.days > 0)).toBe(true);
    expect(await compactedDays()).toBe(dueDays());
    expect(await inBoth()).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
