import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { demoFleetConfig } from './demo-fleet.js';
import { createFleet, type Fleet } from './fleet.js';

const START = Date.UTC(2024, 5, 10);

function smallFleet(): Fleet {
  const demo = demoFleetConfig({ startMs: START });
  return createFleet({
    ...demo,
    plants: demo.plants.filter((p) => p.id === 'cz-praha-home'),
    devices: demo.devices.filter((d) => d.plantId === 'cz-praha-home'),
  });
}

describe('runAccelerated', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) }));
  afterEach(() => vi.useRealTimers());

  test('advances factor × wall time, in whole steps, and stops on request', async () => {
    const fleet = smallFleet();
    let readings = 0;
    const run = fleet.runAccelerated({ factor: 3600, stepSeconds: 60, onReading: () => (readings += 1) });
    vi.advanceTimersByTime(3000);
    expect(fleet.now).toBe(START + 3 * 3_600_000);
    expect(readings).toBe(180);
    vi.advanceTimersByTime(250);
    expect(fleet.now).toBe(START + 3 * 3_600_000);
    run.stop();
    await expect(run.done).resolves.toBeUndefined();
    vi.advanceTimersByTime(5000);
    expect(fleet.now).toBe(START + 3 * 3_600_000);
  });

  test('stops by itself at untilMs', async () => {
    const fleet = smallFleet();
    const run = fleet.runAccelerated({ factor: 7200, tickMs: 500, untilMs: START + 3_600_000, onReading: () => {} });
    vi.advanceTimersByTime(10_000);
    await expect(run.done).resolves.toBeUndefined();
    expect(fleet.now).toBe(START + 3_600_000);
  });

  test('a listener that throws stops the run and rejects done', async () => {
    const fleet = smallFleet();
    const run = fleet.runAccelerated({
      factor: 600,
      onReading: () => {
        throw new Error('broker down');
      },
    });
    vi.advanceTimersByTime(1000);
    await expect(run.done).rejects.toThrow('broker down');
  });

  test('refuses a factor that is not positive', () => {
    expect(() => smallFleet().runAccelerated({ factor: 0, onReading: () => {} })).toThrow(RangeError);
  });
});
