import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet, demoFleetConfig, type FleetConfig } from '@voltfleet/simulator';
import { ENERGY_QUANTITIES, type Reading } from '@voltfleet/domain/telemetry';
import { adminId, startTestServer, type TestServer } from '../../test/harness.js';
import { insertFleet } from '../../test/fleet-fixture.js';
import { Ingest } from './ingest.js';
import { rollupColumn } from './columns.js';

// A week across the end of European summer time (25 Oct 2026), for plants in three zones.
const START = Date.parse('2026-10-21T00:00:00Z');
const END = Date.parse('2026-10-28T00:00:00Z');
const ZONES = ['Europe/Prague', 'Asia/Shanghai', 'America/Sao_Paulo'];

function smallFleet(): FleetConfig {
  const demo = demoFleetConfig({ startMs: START, seed: 7 });
  const plants = ZONES.map((z) => demo.plants.find((p) => p.timeZone === z)!).filter(Boolean);
  const ids = new Set(plants.map((p) => p.id));
  return { seed: 7, startMs: START, plants, devices: demo.devices.filter((d) => ids.has(d.plantId)) };
}

let s: TestServer;
let truth: ReturnType<ReturnType<typeof createFleet>['groundTruth']>;
let ids: Awaited<ReturnType<typeof insertFleet>>;
let ingest: Ingest;
const sent = { readings: 0, duplicates: 0, backfilled: 0 };

beforeAll(async () => {
  s = await startTestServer();
  const config = smallFleet();
  expect(new Set(config.plants.map((p) => p.timeZone))).toEqual(new Set(ZONES));
  ids = await insertFleet(s.db, config, await adminId(s.db));
  ingest = new Ingest(s.db, { maxBatch: 500 });
  const fleet = createFleet(config);
  const outageSn = config.devices.find((d) => d.kind === 'inverter')!.sn;
  const resetSn = config.devices.filter((d) => d.kind === 'inverter').at(-1)!.sn;
  const outage = {
    from: Date.parse('2026-10-23T08:00:00Z'),
    to: Date.parse('2026-10-23T10:00:00Z'),
    release: Date.parse('2026-10-23T16:00:00Z'),
  };
  const held: Reading[] = [];
  let pending: Promise<void>[] = [];
  const send = (r: Reading) => {
    pending.push(ingest.submit({ id: ids.deviceIds.get(r.sn)!, sn: r.sn }, r));
    sent.readings += 1;
  };
  let resetDone = false;
  for (let t = START; t < END; t += 3_600_000) {
    if (!resetDone && t >= Date.parse('2026-10-26T12:00:00Z')) {
      fleet.inverter(resetSn)!.counters.resetTotals(); // total counters restart from zero (a replaced board)
      resetDone = true;
    }
    fleet.advance(t + 3_600_000, 60, (reading) => {
      if (reading.sn === outageSn && reading.ts > outage.from && reading.ts <= outage.to)
        return void held.push(reading);
      send(reading);
      if (sent.readings % 37 === 0) {
        send(reading); // a redelivery within the same batch
        sent.duplicates += 1;
      }
    });
    if (t + 3_600_000 >= outage.release && held.length) {
      held.splice(0).forEach((r) => {
        send(r);
        sent.backfilled += 1;
      });
    }
    // Redeliver a reading from an earlier batch, as a device does after a lost PUBACK.
    await Promise.all(pending);
    pending = [];
  }
  await ingest.flush();
  truth = fleet.groundTruth();
}, 240_000);
afterAll(() => s.close());

const within = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= Math.max(0.005 * Math.abs(expected), 0.12);

describe('ingest energy accuracy against the simulator’s ground truth', () => {
  it('stored every reading once, ignoring duplicates', async () => {
    const { rows } = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings`);
    expect(rows[0]!.n).toBe(sent.readings - sent.duplicates);
    expect(sent.backfilled).toBe(120);
    expect(ingest.stats.duplicates).toBe(sent.duplicates);
  });

  it('daily device totals are within 0.5 % of the truth, in each plant’s own days', async () => {
    const { rows } = await s.db.query<Record<string, number | string>>(
      `SELECT d.sn, to_char(e.day, 'YYYY-MM-DD') AS day, ${ENERGY_QUANTITIES.map((q) => `e.${rollupColumn(q)} AS "${q}"`).join(', ')}
         FROM device_energy_day e JOIN devices d ON d.id = e.device_id`,
    );
    let checked = 0;
    for (const [sn, series] of Object.entries(truth.devices)) {
      for (const [day, totals] of Object.entries(series.daily)) {
        const row = rows.find((r) => r.sn === sn && r.day === day);
        for (const q of ENERGY_QUANTITIES) {
          const actual = Number(row?.[q] ?? 0);
          expect(within(actual, totals[q]), `${sn} ${day} ${q}: stored ${actual} vs truth ${totals[q]}`).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('daily and monthly plant totals match the truth', async () => {
    const day = await s.db.query<Record<string, number | string>>(
      `SELECT plant_id, to_char(day, 'YYYY-MM-DD') AS at, ${ENERGY_QUANTITIES.map((q) => `${rollupColumn(q)} AS "${q}"`).join(', ')} FROM plant_energy_day`,
    );
    const month = await s.db.query<Record<string, number | string>>(
      `SELECT plant_id, to_char(month, 'YYYY-MM') AS at, ${ENERGY_QUANTITIES.map((q) => `${rollupColumn(q)} AS "${q}"`).join(', ')} FROM plant_energy_month`,
    );
    for (const [simId, series] of Object.entries(truth.plants)) {
      const plantId = ids.plantIds.get(simId);
      for (const [rows, bucket] of [
        [day.rows, series.daily],
        [month.rows, series.monthly],
      ] as const) {
        for (const [at, totals] of Object.entries(bucket)) {
          const row = rows.find((r) => r.plant_id === plantId && r.at === at);
          for (const q of ENERGY_QUANTITIES) {
            const actual = Number(row?.[q] ?? 0);
            expect(within(actual, totals[q]), `plant ${simId} ${at} ${q}: ${actual} vs ${totals[q]}`).toBe(true);
          }
        }
      }
    }
  });

  it('5-minute buckets add up to the daily totals', async () => {
    const { rows } = await s.db.query<{ diff: number }>(
      `SELECT max(abs(f.total - d.pv_kwh)) AS diff FROM device_energy_day d
         JOIN devices dev ON dev.id = d.device_id JOIN plants p ON p.id = dev.plant_id
         JOIN LATERAL (SELECT sum(pv_kwh) AS total FROM device_energy_5m f
                        WHERE f.device_id = d.device_id AND (f.bucket AT TIME ZONE p.time_zone)::date = d.day) f ON true`,
    );
    expect(rows[0]!.diff).toBeLessThan(1e-6);
  });
});
