// The schemas of demo-seeding.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { DEMO_SEEDING_STATES, DEMO_SEEDING_PHASES } from './demo-seeding.js';

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
