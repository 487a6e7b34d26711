import type { Registry } from 'prom-client';
import { BATTERY_HEALTH_FALLING_CODE } from '@voltfleet/domain/alarms';
import type { PerformanceSettings } from '@voltfleet/domain/performance';
import type { Queryable } from '../../db/db.js';
import { startPeriodic, type PeriodicLog } from '../../platform/periodic.js';
import type { AlarmEngine } from '../alarms/index.js';
import { judgeBatteries } from './battery-health.service.js';

/** How often the batteries are judged: their daily health moves once a day, an hour is prompt enough. */
export const BATTERY_HEALTH_EVERY_MS = 3_600_000;

/**
 * Judges every battery's health trend every hour (jobs role), the first round at once, and raises or recovers the
 * battery-health alarm through the alarm engine (one active alarm per battery, notifications through the outbox).
 * Several processes may run it: the alarms' unique index keeps one active row. Returns a stop function that waits for
 * a running round.
 */
export function startBatteryHealthJob(
  db: Queryable,
  alarms: Pick<AlarmEngine, 'syncConditions'>,
  settings: PerformanceSettings,
  log: PeriodicLog,
  metrics?: Registry,
  everyMs = BATTERY_HEALTH_EVERY_MS,
): () => Promise<void> {
  const round = async () => {
    await alarms.syncConditions(BATTERY_HEALTH_FALLING_CODE, await judgeBatteries(db, settings));
  };
  return startPeriodic({ name: 'battery-health', everyMs, run: round, log, metrics, runAtStart: true }).stop;
}
