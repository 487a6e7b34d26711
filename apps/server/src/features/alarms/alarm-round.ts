import {
  alarmByCode,
  raiseReopens,
  severityRank,
  trackerRaised,
  unknownAlarm,
  type AlarmAction,
  type AlarmEventKind,
  type AlarmEntry,
  type AlarmRuleOptions,
  type FaultTracker,
} from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';
import {
  insertAlarms,
  recoverAlarms,
  type NewAlarm,
  reopenFlapping,
  type AlarmChange,
  type AlarmEventRow,
  type RaiseQuery,
} from './alarms.repository.js';
import { raiseKey, type KnownRaises } from './fault-memory.js';

// The alarm engine's writes for one round of a batch (every device's first reading, then every second one, …): a
// statement per kind of change for all the round's devices, rather than one per change.

/** One change the engine made to an alarm, as `inTransaction` and the live push see it. */
export interface AlarmTransition {
  event: AlarmEventKind;
  alarm: AlarmChange;
}

/** What one batch's evaluation collects while it steps the rules (written at its end or kept after its commit). */
export interface BatchWork {
  changes: AlarmTransition[];
  events: AlarmEventRow[];
  /** The raise times this batch has read and made, by device and code (RaiseMemory). */
  raises: Map<string, KnownRaises>;
  /** The "last seen" this batch's new alarms were written with, by alarm (no need to write it again). */
  seenWritten: Map<number, number>;
}

/** An action of the rules for one device, with that device's trackers (which a raise updates). */
export interface DeviceAction {
  deviceId: number;
  trackers: Map<string, FaultTracker>;
  action: AlarmAction;
}

/** Writes one round's actions: the recoveries in one statement, the flapping reopenings, the raises in one. */
export async function applyRound(
  tx: Queryable,
  actions: DeviceAction[],
  work: BatchWork,
  rules: AlarmRuleOptions,
  raisedInWindow: (tx: Queryable, queries: RaiseQuery[], raises: Map<string, KnownRaises>) => Promise<number[]>,
): Promise<void> {
  const { changes, events } = work;
  const recovers: { alarmId: number; at: number; lastSeenAt: number }[] = [];
  const raises: (DeviceAction & { action: { kind: 'raise' } })[] = [];
  for (const a of actions) {
    const { action } = a;
    // The fault of an active alarm came back before it recovered.
    if (action.kind === 'seen') events.push({ alarmId: action.alarmId, at: action.at, kind: 'seen' });
    else if (action.kind === 'recover')
      recovers.push({ alarmId: action.alarmId, at: action.at, lastSeenAt: action.lastSeenAt });
    else raises.push({ ...a, action });
  }
  for (const alarm of await recoverAlarms(tx, recovers, events)) if (alarm) changes.push({ event: 'recovered', alarm });
  if (raises.length === 0) return;
  const counts = await raisedInWindow(
    tx,
    raises.map(({ deviceId, action }) => ({ deviceId, code: action.code, since: action.at - rules.flapWindowMs })),
    work.raises,
  );
  const fresh: typeof raises = [];
  for (const [i, r] of raises.entries()) {
    const { deviceId, trackers, action } = r;
    const reopened = raiseReopens(counts[i]!, rules)
      ? await reopenFlapping(tx, deviceId, action.code, action.at, events)
      : null;
    if (!reopened) {
      fresh.push(r);
      continue;
    }
    trackerRaised(trackers, action.code, reopened.alarm.id, true);
    changes.push({ event: reopened.becameFlapping ? 'flapping' : 'seen', alarm: reopened.alarm });
  }
  const made = await insertAlarms(
    tx,
    fresh.map(({ deviceId, action }) => {
      return {
        deviceId,
        code: action.code,
        deviceCode: action.deviceCode,
        ...catalogueColumns(action.code, action.deviceCode),
        raisedAt: action.raisedAt,
        seenAt: action.at,
      };
    }),
    events,
  );
  for (const [i, result] of made.entries()) {
    const { deviceId, trackers, action } = fresh[i]!;
    // The device is gone (deleted meanwhile): its tracker stays unraised.
    if (!result) continue;
    const { alarm, created } = result;
    trackerRaised(trackers, action.code, alarm.id, alarm.flapping);
    if (!created) continue;
    changes.push({ event: 'raised', alarm });
    work.seenWritten.set(alarm.id, action.at);
    work.raises.get(raiseKey(deviceId, action.code))?.times.push(action.raisedAt);
  }
}

/**
 * What an alarm row copies from the catalogue entry of a code the rules raise (an unknown device code has its own
 * "unknown code N" entry): group, severity and its rank, so filters and counts need no catalogue join.
 */
export function catalogueColumns(
  code: string,
  deviceCode: number | null,
): Pick<NewAlarm, 'group' | 'severity' | 'severityRank'> {
  const entry: AlarmEntry = alarmByCode(code) ?? unknownAlarm(deviceCode ?? 0);
  return { group: entry.group, severity: entry.severity, severityRank: severityRank(entry.severity) };
}
