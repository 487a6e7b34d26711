import type { Registry } from 'prom-client';
import { BATTERY_HEALTH_FALLING_CODE } from '@voltfleet/domain/alarms';
import type { PerformanceSettings } from '@voltfleet/domain/performance';
import type { Queryable } from '../../db/db.js';
import { startPeriodic, type PeriodicLog } from '../../platform/periodic.js';
import type { AlarmEngine } from '../alarms/index.js';
import { fillBatteryDays } from './battery-health.days.js';
import { batterySubjects } from './battery-health.repository.js';
import { judgeBatteries } from './battery-health.service.js';

/** How often a round runs: a day's readings (the demo's history is seeded while the server runs) are read within it. */
export const BATTERY_HEALTH_EVERY_MS = 60_000;
/** How often the batteries are judged when no day was filled: their daily health moves once a day. */
export const BATTERY_HEALTH_JUDGE_EVERY_MS = 3_600_000;

export interface BatteryHealthJobOptions {
  /** How far back days are filled (the demo seeds about 13 months). */
  lookbackDays?: number;
  /** The span a quiet minutely round looks at: yesterday, and late readings of the last week. */
  recentDays?: number;
  /** Device-days read per round at most. */
  batch?: number;
  judgeEveryMs?: number;
}

/**
 * Fills the battery-health days (battery-health.days.ts) and judges the batteries. A round fills up to `batch` due
 * device-days, the newest first; it looks at the whole lookback on the hourly round and while the last round filled
 * days (a backlog: an upgraded fleet's year, the demo's history being seeded), at the last `recentDays` otherwise (one
 * statement that finds nothing). The batteries are judged when a round filled days and emptied the backlog, or once an
 * hour, and the alarm is raised or recovered through the alarm engine (one active alarm per battery, notifications
 * through the outbox). Several processes may run it: they write the same rows, and the alarms' unique index keeps one
 * active row.
 */
export class BatteryHealthJob {
  private judgedAtMs = -Infinity;
  private backlog = true;

  constructor(
    private readonly db: Queryable,
    private readonly alarms: Pick<AlarmEngine, 'syncConditions'>,
    private readonly settings: PerformanceSettings,
    private readonly options: BatteryHealthJobOptions = {},
  ) {}

  async round(nowMs = Date.now()): Promise<{ filledDays: number; judged: number }> {
    const hourly = nowMs - this.judgedAtMs >= (this.options.judgeEveryMs ?? BATTERY_HEALTH_JUDGE_EVERY_MS);
    const subjects = await batterySubjects(this.db);
    const sources = [...new Set(subjects.map((s) => s.source_id))];
    const { filled, more } = await fillBatteryDays(this.db, sources, {
      nowMs,
      lookbackDays: hourly || this.backlog ? (this.options.lookbackDays ?? 400) : (this.options.recentDays ?? 7),
      batch: this.options.batch ?? 500,
    });
    this.backlog = more || filled > 0;
    // Judged once the days filled have caught up (not half-way through a backlog: the fall rate and the date the alarm
    // is raised from would be a part's), and once an hour.
    if (!hourly && (filled === 0 || more)) return { filledDays: filled, judged: 0 };
    const verdicts = await judgeBatteries(this.db, this.settings, nowMs);
    await this.alarms.syncConditions(BATTERY_HEALTH_FALLING_CODE, verdicts);
    this.judgedAtMs = nowMs;
    return { filledDays: filled, judged: verdicts.length };
  }
}

/**
 * Runs the battery-health job every minute (jobs role), the first round at once. Returns a stop function that waits
 * for a running round.
 */
export function startBatteryHealthJob(
  db: Queryable,
  alarms: Pick<AlarmEngine, 'syncConditions'>,
  settings: PerformanceSettings,
  log: PeriodicLog,
  metrics?: Registry,
  everyMs = BATTERY_HEALTH_EVERY_MS,
  options: BatteryHealthJobOptions = {},
): () => Promise<void> {
  const job = new BatteryHealthJob(db, alarms, settings, options);
  return startPeriodic({ name: 'battery-health', everyMs, run: () => job.round(), log, metrics, runAtStart: true })
    .stop;
}
