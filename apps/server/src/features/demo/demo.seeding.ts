/** Where the seeding of the demo's history stands, as GET /api/demo/seeding answers it. */
export interface DemoSeedingStatus {
  /**
   * off: this process seeds no history (no demo fleet, DEMO_HISTORY_DAYS=0, or the demo was seeded without one);
   * pending: the demo is starting; running: history is being written; done: the history is complete (now or on an
   * earlier start); failed: seeding stopped with an error (the live run goes on; the next start resumes it).
   */
  state: 'off' | 'pending' | 'running' | 'done' | 'failed';
  /** While running: writing the readings (`history`), then pricing their earnings (`earnings`, the fleet is live). */
  phase: 'history' | 'earnings' | null;
  /** How far the whole seeding is, 0–100 (the history about 80, its earnings the rest). */
  percent: number;
  /** The simulated instant up to which every history reading is committed (ISO 8601). */
  simulatedUntil: string | null;
  /** Days of history this seeding covers (0 when off). */
  days: number;
  /** Readings this process's seeding submitted to the ingest so far. */
  readings: number;
  readingsPerSecond: number;
}

/** The status holder the demo runner updates and the route reads (one per process). */
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
