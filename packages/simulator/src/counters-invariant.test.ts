import { describe, expect, test } from 'vitest';
import { ENERGY_COUNTERS, ENERGY_QUANTITIES, type Reading } from '@voltfleet/domain/telemetry';
import { demoFleetConfig } from './demo-fleet.js';
import { createFleet, type Fleet } from './fleet.js';
import { DAY, HOUR, MINUTE } from './test-support.js';

const START = Date.UTC(2026, 5, 10, 0);
const config = demoFleetConfig({ startMs: START });
/** One plant of each kind of site is enough; the whole demo is slow for a unit test. */
const plantIds = new Set(['cz-praha-home', config.plants.at(-1)!.id]);
const part = (startMs: number) =>
  createFleet({
    ...demoFleetConfig({ startMs }),
    plants: config.plants.filter((p) => plantIds.has(p.id)),
    devices: config.devices.filter((d) => plantIds.has(d.plantId)),
  });

/** Every quantity whose lifetime register reads below its register of the day, in one reading. */
function below(reading: Reading): string[] {
  return ENERGY_QUANTITIES.filter((q) => {
    const { today, total } = ENERGY_COUNTERS[q];
    const t = reading.values[today];
    const T = reading.values[total];
    return t !== undefined && T !== undefined && T < t;
  }).map((q) => `${reading.sn} ${new Date(reading.ts).toISOString()} ${q}`);
}

/** Runs the fleet to `toMs` in one-minute steps and collects every violation in its 5-minute readings. */
function run(fleet: Fleet, toMs: number, each: (t: number) => void = () => undefined): string[] {
  const found: string[] = [];
  for (let t = fleet.now + 5 * MINUTE; t <= toMs; t += 5 * MINUTE) {
    fleet.advance(t, 60);
    each(t);
    for (const r of fleet.readings()) found.push(...below(r));
  }
  return found;
}

describe("a simulated inverter's lifetime energy registers never read below today's", () => {
  test('from its first day on, through a firmware upgrade', () => {
    const fleet = part(START);
    const upgradeAt = START + DAY + 11 * HOUR;
    const found = run(fleet, START + 2 * DAY, (t) => {
      if (t === upgradeAt) for (const inv of fleet.inverters) inv.firmwareChange({ pcuVersion: '6.1.0' });
    });
    expect(found.slice(0, 5)).toEqual([]);
    expect(fleet.inverters[0]!.pcuVersion).toBe('6.1.0');
  });

  test('after a restart that continues the registers it last reported', () => {
    const first = part(START);
    run(first, START + 13 * HOUR);
    const reported = first.readings();
    const again = part(first.now);
    for (const r of reported) again.restoreRegisters(r.sn, r.values, r.ts);
    expect(run(again, START + 20 * HOUR).slice(0, 5)).toEqual([]);
  });
});
