import { z } from 'zod';

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

/** Where the seeding of the demo's history stands, as GET /api/demo/seeding answers it. */
export const demoSeedingStatusSchema = z.object({
  state: z.enum(DEMO_SEEDING_STATES),
  phase: z.enum(DEMO_SEEDING_PHASES).nullable(),
  /** How far the whole seeding is, 0–100 (the history about 80, its earnings the rest). */
  percent: z.number(),
  /** The simulated instant up to which every history reading is committed (ISO 8601). */
  simulatedUntil: z.string().nullable(),
  /** Days of history this seeding covers (0 when off). */
  days: z.number().int(),
  /** Readings this process's seeding submitted to the ingest so far. */
  readings: z.number().int(),
  readingsPerSecond: z.number(),
});
export type DemoSeedingStatus = z.infer<typeof demoSeedingStatusSchema>;

/** Whether the seeding is still under way (pending or running), so its status is worth asking again. */
export function isDemoSeedingUnderway(state: DemoSeedingState | undefined): boolean {
  return state === 'pending' || state === 'running';
}
