import {
  raiseReopens,
  readingFaults,
  stepFaults,
  trackerRaised,
  type AlarmEventKind,
  type AlarmRuleOptions,
  type FaultTracker,
} from '@voltfleet/domain/alarms';
import { type Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import { catalogueColumns } from './alarm-round.js';
import { raiseKey } from './fault-memory.js';
import { anyAlarmBefore, extendAlarmBack, insertPastAlarms, type PastAlarmRow } from './past-alarms.repository.js';

/** An alarm of the past as the rules made it; `recoveredAt` null while it still stands. */
interface PastAlarm {
  deviceId: number;
  code: string;
  deviceCode: number | null;
  raisedAt: number;
  lastSeenAt: number;
  recoveredAt: number | null;
  flaps: number;
  flapping: boolean;
  events: { at: number; kind: AlarmEventKind }[];
}

/** How long after the boundary the engine's own alarm of a fault standing at the boundary may have been raised. */
const BOUNDARY_MATCH_MS = 30 * 60_000;

/**
 * The alarms a stretch of the past raises, by the same rules as the alarm engine (debounce and recovery by
 * severity, flapping), worked out in memory and written at the end in one transaction: for readings written after
 * newer ones (the demo seeds its recent week first, then the months before it), which the engine, having taken the
 * newer readings in, rightly ignores. No notification follows (these alarms are history, not news) and no fault
 * tracker is kept: the engine's trackers already stand at the newer readings.
 *
 * Feed it each device's readings in time order (`observe`), then `write` with the instant the stretch ends.
 */
export class PastAlarms {
  private readonly trackers = new Map<number, Map<string, FaultTracker>>();
  /** Every alarm so far; a tracker's alarmId is its index here. */
  private readonly alarms: PastAlarm[] = [];
  /** Raise times (oldest first) and the newest alarm, by device and code: the flapping rule's memory. */
  private readonly raises = new Map<string, number[]>();
  private readonly newest = new Map<string, number>();

  constructor(private readonly rules: AlarmRuleOptions) {}

  /** Alarms so far (raised, recovered or not). */
  get count(): number {
    return this.alarms.length;
  }

  /** One reading of a device (each device's in time order; one older than the last is ignored, as the engine does). */
  observe(deviceId: number, reading: Pick<Reading, 'ts' | 'values' | 'extra'>): void {
    const stated = readingFaults(reading.values.faultWord, reading.extra?.faultCodes);
    if (!stated) return;
    let trackers = this.trackers.get(deviceId);
    if (!trackers) {
      if (stated.faults.length === 0) return;
      this.trackers.set(deviceId, (trackers = new Map()));
    }
    for (const action of stepFaults(trackers, reading.ts, stated.faults, this.rules)) {
      if (action.kind === 'seen') this.alarms[action.alarmId]!.events.push({ at: action.at, kind: 'seen' });
      else if (action.kind === 'recover') {
        const alarm = this.alarms[action.alarmId]!;
        alarm.recoveredAt = Math.max(alarm.raisedAt, action.at);
        alarm.lastSeenAt = Math.max(alarm.lastSeenAt, action.lastSeenAt);
        alarm.events.push({ at: action.at, kind: 'recovered' });
      } else this.raise(deviceId, trackers, action);
    }
    // The newest report of each standing alarm, as the engine touches it.
    for (const t of trackers.values())
      if (t.alarmId !== null && t.absentSince === null) this.alarms[t.alarmId]!.lastSeenAt = t.lastSeenAt;
    if (trackers.size === 0) this.trackers.delete(deviceId);
  }

  private raise(
    deviceId: number,
    trackers: Map<string, FaultTracker>,
    action: { code: string; deviceCode: number | null; raisedAt: number; at: number },
  ): void {
    const key = raiseKey(deviceId, action.code);
    const times = this.raises.get(key) ?? [];
    const since = action.at - this.rules.flapWindowMs;
    const newest = this.newest.get(key);
    // Flapping: the newest alarm of the device and code comes back, flagged, instead of a new one (as reopenFlapping).
    if (newest !== undefined && raiseReopens(times.filter((t) => t >= since).length, this.rules)) {
      const alarm = this.alarms[newest]!;
      alarm.events.push({ at: action.at, kind: alarm.flapping ? 'seen' : 'flapping' });
      alarm.recoveredAt = null;
      alarm.flapping = true;
      alarm.flaps += 1;
      alarm.lastSeenAt = Math.max(alarm.lastSeenAt, action.at);
      trackerRaised(trackers, action.code, newest, true);
      return;
    }
    const id = this.alarms.length;
    this.alarms.push({
      deviceId,
      code: action.code,
      deviceCode: action.deviceCode,
      raisedAt: action.raisedAt,
      lastSeenAt: action.at,
      recoveredAt: null,
      flaps: 0,
      flapping: false,
      events: [{ at: action.raisedAt, kind: 'raised' }],
    });
    this.raises.set(key, [...times.filter((t) => t >= since), action.raisedAt]);
    this.newest.set(key, id);
    trackerRaised(trackers, action.code, id, false);
  }

  /**
   * Writes the alarms, in one transaction, as the stretch ends at `boundaryMs` (where newer readings took over): the
   * recovered ones as they are; one still standing there merges with the alarm the engine raised for the same fault
   * from the newer readings (it takes the earlier start), or, when the engine raised none (the fault went before its
   * debounce), is recovered at the boundary. Writes nothing when `devices` have alarms before `boundaryMs` already
   * (an earlier run wrote them). Returns how many alarms it wrote.
   */
  async write(db: Db, devices: readonly number[], boundaryMs: number): Promise<number> {
    return db.transaction(async (tx) => {
      if (await anyAlarmBefore(tx, devices, boundaryMs)) return 0;
      const rows: PastAlarmRow[] = [];
      for (const alarm of this.alarms) {
        if (alarm.recoveredAt === null) {
          if (await extendAlarmBack(tx, alarm, boundaryMs, BOUNDARY_MATCH_MS)) continue;
          alarm.recoveredAt = boundaryMs;
          alarm.events.push({ at: boundaryMs, kind: 'recovered' });
        }
        rows.push({ ...alarm, recoveredAt: alarm.recoveredAt, ...catalogueColumns(alarm.code, alarm.deviceCode) });
      }
      return insertPastAlarms(tx, rows);
    });
  }
}
