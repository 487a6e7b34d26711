import type { DemoSeedingStatus } from '@voltfleet/domain/demo';
import type { Config } from '../../config.js';

/** The status holder the demo runner updates and the route reads (one per process); its shape is the domain's. */
export class DemoSeeding {
  private current: DemoSeedingStatus = {
    state: 'off',
    phase: null,
    percent: 0,
    simulatedUntil: null,
    days: 0,
    readings: 0,
    readingsPerSecond: 0,
  };

  get status(): DemoSeedingStatus {
    return { ...this.current };
  }

  update(change: Partial<DemoSeedingStatus>): void {
    this.current = { ...this.current, ...change };
  }
}

/**
 * A process's status holder (services.ts). With the demo fleet and a history configured it says `pending` from the
 * start, until the runner knows whether there is one to seed (the HTTP server listens before the runtime starts).
 */
export function demoSeedingFor(config: Pick<Config, 'demoFleet' | 'demoHistoryDays'>): DemoSeeding {
  const seeding = new DemoSeeding();
  if (config.demoFleet && config.demoHistoryDays > 0)
    seeding.update({ state: 'pending', days: config.demoHistoryDays });
  return seeding;
}
