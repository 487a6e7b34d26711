import { openDb } from '../../db/db.js';
import { compactReadings } from './compaction.job.js';

/*
 * A compaction round in a process of its own, for compaction.postgres.test.ts to kill with SIGKILL mid-round:
 * DATABASE_URL, COMPACT_NOW (the clock, ms) and COMPACT_PAUSE_MS (a pause after each compacted day, so the kill
 * lands between and inside days' transactions). Prints "day" after each committed day.
 */
const db = await openDb({ databaseUrl: process.env.DATABASE_URL });
const pause = Number(process.env.COMPACT_PAUSE_MS ?? 0);
const log = { info: () => undefined, debug: () => undefined, error: (obj: object) => console.error(obj) };
await compactReadings(db, 7, log, {
  now: Number(process.env.COMPACT_NOW),
  afterDay: async () => {
    process.stdout.write('day\n');
    await new Promise((resolve) => setTimeout(resolve, pause));
  },
});
await db.close();
