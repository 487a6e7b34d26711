import {
  ENERGY_QUANTITIES,
  attributeToDays,
  energyDeltas,
  type EnergyQuantity,
  type Reading,
} from '@voltfleet/domain/telemetry';
import { localDay } from '@voltfleet/domain/time';
import { describe, expect, test } from 'vitest';
import { demoFleetConfig } from './demo-fleet.js';
import { createFleet } from './fleet.js';
import { DAY, HOUR } from './test-support.js';

// The simulator is the ground truth for the server's rollups: the pure delta algorithm of the domain package,
// fed with the rounded readings (including a counter reset and a gap over midnight), must reproduce it.
describe('energy rollups from readings match the ground truth', () => {
  test('Prague household: 4 days, a counter reset, a gap across midnight', () => {
    const start = Date.UTC(2024, 5, 9, 22); // local midnight, 10 June
    const demo = demoFleetConfig({ startMs: start, seed: 3 });
    const fleet = createFleet({
      ...demo,
      plants: demo.plants.filter((p) => p.id === 'cz-praha-home'),
      devices: demo.devices.filter((d) => d.plantId === 'cz-praha-home'),
    });
    const inv = fleet.inverters[0];
    if (!inv) throw new Error('no inverter');
    const resetAt = start + DAY + 13 * HOUR;
    const gap = { from: start + 2 * DAY - 3 * HOUR, to: start + 2 * DAY + 4 * HOUR }; // 21:00 → 04:00 local
    const readings: Reading[] = [];
    for (let t = start + 5 * 60_000; t <= start + 4 * DAY; t += 5 * 60_000) {
      fleet.advance(t, 60);
      if (t === resetAt) inv.counters.resetTotals();
      if (t > gap.from && t < gap.to) continue;
      readings.push(inv.reading(t));
    }

    const rolled = new Map<string, Record<EnergyQuantity, number>>();
    const sources = new Set<string>();
    for (let i = 1; i < readings.length; i++) {
      const prev = readings[i - 1] as Reading;
      const next = readings[i] as Reading;
      const deltas = energyDeltas(prev, next, { timeZone: 'Europe/Prague', ratedPowerW: inv.ratedW });
      for (const q of ENERGY_QUANTITIES) {
        sources.add(deltas[q].source);
        for (const share of attributeToDays(prev.ts, next.ts, deltas[q], 'Europe/Prague')) {
          const day = rolled.get(share.day) ?? {
            pv: 0,
            load: 0,
            gridImport: 0,
            gridExport: 0,
            batCharge: 0,
            batDischarge: 0,
          };
          day[q] += share.kwh;
          rolled.set(share.day, day);
        }
      }
    }
    expect([...sources].sort()).toEqual(['today', 'total']);

    const truth = fleet.groundTruth().devices[inv.sn]?.daily ?? {};
    // Within a day the daily deltas telescope (error ≤ one 0.01 kWh step); the pair across each midnight takes its
    // part before midnight from the total counter, so one 0.1 kWh step of it may land on the neighbouring day.
    const tolerance = 0.1 + 0.01 + 1e-6;
    // The first day misses the five minutes before the first reading, so compare the three full days after it.
    for (const day of ['2024-06-11', '2024-06-12', '2024-06-13']) {
      for (const q of ENERGY_QUANTITIES) {
        const expected = truth[day]?.[q] ?? 0;
        expect(Math.abs((rolled.get(day)?.[q] ?? 0) - expected), `${day} ${q}`).toBeLessThanOrEqual(tolerance);
      }
    }
    expect(localDay(gap.from, 'Europe/Prague')).toBe('2024-06-11');
    expect(truth['2024-06-12']?.pv).toBeGreaterThan(10);
  });
});
