import type { DemoSeedingStatus } from '@voltfleet/domain';

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
