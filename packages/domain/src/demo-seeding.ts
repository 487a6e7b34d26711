/**
 * off: this process seeds no history (no demo fleet, DEMO_HISTORY_DAYS=0, or the demo was seeded without one);
 * pending: the demo is starting; running: history is being written; done: the history is complete (now or on an
 * earlier start); failed: seeding stopped with an error (the live run goes on; the next start resumes it).
 */
export const DEMO_SEEDING_STATES = ['off', 'pending', 'running', 'done', 'failed'] as const;
export type DemoSeedingState = (typeof DEMO_SEEDING_STATES)[number];

/**
 * While running: writing the last week's readings (`recent`; the fleet goes live after it), then the months before it
 * (`history`, the fleet is live), then pricing their earnings (`earnings`).
 */
export const DEMO_SEEDING_PHASES = ['recent', 'history', 'earnings'] as const;
export type DemoSeedingPhase = (typeof DEMO_SEEDING_PHASES)[number];

/** Whether the seeding is still under way (pending or running), so its status is worth asking again. */
export function isDemoSeedingUnderway(state: DemoSeedingState | undefined): boolean {
  return state === 'pending' || state === 'running';
}
