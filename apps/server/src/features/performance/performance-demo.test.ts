import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_RULES } from '@voltfleet/domain/alarms';
import { localDayStart } from '@voltfleet/domain/time';
import { createFleet, demoFleetConfig } from '@voltfleet/simulator';
import { adminId, startTestServer, type TestServer } from '../../test/harness.js';
import { AlarmEngine } from '../alarms/index.js';
import { demoSkyLookup } from '../demo/index.js';
import { PerformanceJob } from './performance.job.js';

// The rules against the simulator: the demo fleet's own PV energy over 45 days of its weather (its clouds, grey
// spells, soiling between rains, and the string VF10K2400103 loses ten days before the demo's present), judged with
// the demo's sky. Only the lost string may raise an alarm; every other plant's ordinary weather raises none. A fixed
// present, so the weather and the season are the same on every run.
const NOW = Date.UTC(2026, 10, 30, 12);
const DAY = 86_400_000;
const DAYS = 45;

let s: TestServer;
let engine: AlarmEngine;
const deviceIds = new Map<string, number>();

beforeAll(async () => {
  s = await startTestServer();
  const config = demoFleetConfig({ startMs: NOW - DAYS * DAY, nowMs: NOW });
  const fleet = createFleet(config);
  fleet.advance(NOW, 3600);
  const truth = fleet.groundTruth();
  const owner = await adminId(s.db);
  const plantIds = new Map<string, number>();
  for (const p of config.plants) {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, time_zone, owner_id,
                           azimuth_deg, inclination_deg)
       VALUES ($1, $2, $3, $4, $5, $6, '', $7, $8, $9, $10) RETURNING id`,
      [
        p.name,
        p.type,
        p.powerKw,
        p.capacityKwh,
        p.longitude,
        p.latitude,
        p.timeZone,
        owner,
        p.azimuthDeg,
        p.inclinationDeg,
      ],
    );
    plantIds.set(p.id, rows[0]!.id);
  }
  for (const d of config.devices) {
    if (d.kind !== 'inverter') continue;
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', $2, $3, $4) RETURNING id`,
      [d.sn, d.model, owner, plantIds.get(d.plantId)!],
    );
    deviceIds.set(d.sn, rows[0]!.id);
    // Whole local days only: the first and the last are partial.
    const days = Object.entries(truth.devices[d.sn]!.daily).sort().slice(1, -1);
    for (const [day, totals] of days) {
      await s.db.query(`INSERT INTO device_energy_day (device_id, day, pv_kwh) VALUES ($1, $2, $3)`, [
        rows[0]!.id,
        day,
        totals.pv,
      ]);
      await s.db.query(
        `INSERT INTO plant_energy_day (plant_id, day, pv_kwh) VALUES ($1, $2, $3)
         ON CONFLICT (plant_id, day) DO UPDATE SET pv_kwh = plant_energy_day.pv_kwh + excluded.pv_kwh`,
        [plantIds.get(d.plantId)!, day, totals.pv],
      );
    }
  }
  engine = new AlarmEngine(s.db, { rules: DEFAULT_ALARM_RULES });
  const job = new PerformanceJob(s.db, engine, { settings: s.config.performance.settings, demoSky: demoSkyLookup() });
  await job.round(NOW);
}, 120_000);
afterAll(async () => {
  await engine?.stop();
  await s?.close();
});

describe('the demo fleet judged', () => {
  it('chooses the demo sky for every demo plant day, with believable ratios', async () => {
    const { rows } = await s.db.query<{ source: string; n: number; pr: number }>(
      `SELECT i.source, count(*)::int AS n, sum(e.pv_kwh) / sum(p.power_kw * i.poa_kwh_m2) AS pr
         FROM plant_irradiance_days i JOIN plant_energy_day e USING (plant_id, day) JOIN plants p ON p.id = i.plant_id
        WHERE i.sunny GROUP BY i.source`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('demoSky');
    expect(rows[0]!.n).toBeGreaterThan(100);
    // Sunny days of a fleet with soiling, a lost string and off-grid curtailment: below a clean array's 0.8.
    expect(rows[0]!.pr).toBeGreaterThan(0.6);
    expect(rows[0]!.pr).toBeLessThan(0.85);
  });

  it('raises the sibling alarm for the simulated lost string, dated from the first low sunny day after the loss', async () => {
    const { rows } = await s.db.query<{ sn: string; code: string; raised_at: Date; time_zone: string }>(
      `SELECT d.sn, a.code, a.raised_at, p.time_zone FROM alarms a JOIN devices d ON d.id = a.device_id
         JOIN plants p ON p.id = d.plant_id WHERE a.state = 'active' AND a.group_name = 'performance'`,
    );
    expect(rows.map((r) => [r.sn, r.code])).toEqual([['VF10K2400103', 'performance.deviceBelowSiblings']]);
    const lostFrom = NOW - 10 * DAY;
    const raised = rows[0]!.raised_at.getTime();
    expect(raised).toBeGreaterThanOrEqual(
      localDayStart(new Date(lostFrom).toISOString().slice(0, 10), rows[0]!.time_zone)!,
    );
    expect(raised).toBeLessThan(lostFrom + 5 * DAY);
  });
});
