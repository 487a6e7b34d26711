import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  NO_DATA_ALARM_CODE,
  alarmByCode,
  readingFaults,
  severityRank,
  stepFaults,
  type AlarmEventKind,
  type AlarmLiveEvent,
  type AlarmRuleOptions,
  type FaultTracker,
  type ReportedFault,
} from '@voltfleet/domain/alarms';
import type { Db, Queryable } from '../../db/db.js';
import type { StoredReading } from '../telemetry/index.js';
import {
  addEvents,
  loadTrackers,
  lockDeviceAlarms,
  raiseTimes,
  raisesOfDevices,
  saveTrackers,
  syncNoDataAlarms,
  touchAlarms,
  type AlarmChange,
  type AlarmEventRow,
  type RaiseQuery,
} from './alarms.repository.js';
import { applyRound, type AlarmTransition, type BatchWork, type DeviceAction } from './alarm-round.js';
import { FaultMemory, RaiseMemory, raiseKey, type KnownRaises } from './fault-memory.js';

export interface AlarmEngineOptions {
  rules: AlarmRuleOptions;
  /**
   * How long a device known to have no fault state is skipped while it reports no fault, before the database is
   * asked again (another process may have taken its faults over). Bounds how stale this process's view can be.
   */
  cleanCacheMs?: number;
  /** PGlite: how often at most a fault's newer "last seen" alone is written (FaultMemory). */
  seenPersistMs?: number;
  /**
   * Runs inside the transaction that raised, flagged or recovered alarms, with those changes: what must follow from
   * them (the notification outbox) commits or rolls back with them.
   */
  inTransaction?: (tx: Queryable, changes: readonly AlarmTransition[]) => Promise<void>;
}

/** A device's readings of one batch that state their fault set, oldest first. */
interface DeviceReadings {
  deviceId: number;
  readings: { ts: number; faults: ReportedFault[] }[];
}

/**
 * Raises and recovers alarms from the fault codes of committed readings (both links), right after each ingest
 * commit, so it never holds up the ingest transaction: readings wait in a queue and are evaluated in order, a
 * batch at a time, in one transaction per batch. Only devices that report a fault, or have fault state from
 * earlier readings, cost a query; a fleet without faults costs one cheap lookup per device and `cleanCacheMs`.
 * The state lives in the database (alarm_faults, alarms), so it survives restarts, and an advisory lock per device
 * plus the one-active-alarm index keep several ingest processes exact. Emits 'alarm' (AlarmLiveEvent) after commit.
 */
export class AlarmEngine extends EventEmitter {
  private queue: StoredReading[] = [];
  private running: Promise<void> | undefined;
  /** Devices with no fault state, until when that is trusted. */
  private readonly clean = new Map<number, number>();
  private readonly cleanCacheMs: number;
  /** PGlite (one process writes it): the trackers in memory, read once and written when they change. */
  private readonly memory: FaultMemory | null;
  /** PGlite: the raise times the flapping rule counts, likewise. */
  private readonly raises: RaiseMemory | null;
  readonly stats = {
    batches: 0,
    transactions: 0,
    evaluatedDevices: 0,
    raised: 0,
    recovered: 0,
    failedBatches: 0,
    invalidCodes: 0,
  };

  constructor(
    private readonly db: Db,
    private readonly options: AlarmEngineOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    super();
    this.cleanCacheMs = options.cleanCacheMs ?? 60_000;
    this.memory = db.kind === 'pglite' ? new FaultMemory(options.seenPersistMs ?? 30_000) : null;
    this.raises = db.kind === 'pglite' ? new RaiseMemory(options.rules.flapWindowMs) : null;
  }

  /** Takes a committed batch (the Ingest 'stored' event); evaluation runs after it, in arrival order. */
  readonly onStored = (readings: StoredReading[]): void => {
    this.queue.push(...readings);
    this.running ??= this.drain().finally(() => (this.running = undefined));
  };

  /** Resolves when everything handed over so far has been evaluated. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, 5000);
      try {
        await this.evaluate(batch);
        this.stats.batches += 1;
      } catch (err) {
        // The readings are stored; their faults are evaluated again with the device's next reading.
        this.stats.failedBatches += 1;
        this.log?.error({ err }, 'alarm evaluation failed');
      }
    }
  }

  /** The readings that state a fault set, by device; devices that need no work are left out. */
  private candidates(batch: StoredReading[], now: number): DeviceReadings[] {
    const byDevice = new Map<number, DeviceReadings>();
    for (const r of batch) {
      const stated = readingFaults(r.values.faultWord, r.extra?.faultCodes);
      if (!stated) continue;
      this.stats.invalidCodes += stated.invalid.length;
      let d = byDevice.get(r.deviceId);
      if (!d) {
        // Most readings: no fault from a device known to have no fault state, which changes nothing (a fault later
        // in the batch still takes the device in, from that reading on).
        if (stated.faults.length === 0 && this.knownClean(r.deviceId, now)) continue;
        byDevice.set(r.deviceId, (d = { deviceId: r.deviceId, readings: [] }));
      }
      d.readings.push({ ts: r.ts, faults: stated.faults });
    }
    return [...byDevice.values()]
      .map((d) => ({ ...d, readings: d.readings.sort((a, b) => a.ts - b.ts) }))
      .sort((a, b) => a.deviceId - b.deviceId);
  }

  /** The device has no fault state: known from the memory (PGlite), or trusted for `cleanCacheMs` (PostgreSQL). */
  private knownClean(deviceId: number, now: number): boolean {
    if (this.memory) return this.memory.knows(deviceId) && !this.memory.hasFaults(deviceId);
    return (this.clean.get(deviceId) ?? 0) > now;
  }

  private async evaluate(batch: StoredReading[]): Promise<void> {
    const now = Date.now();
    const devices = this.candidates(batch, now);
    if (devices.length === 0) return;
    const ids = devices.map((d) => d.deviceId);
    const { memory } = this;
    if (memory) {
      const unknown = ids.filter((id) => !memory.knows(id));
      if (unknown.length > 0) {
        memory.loaded(unknown, await loadTrackers(this.db, unknown), now);
        // Their raises within the flapping window before the oldest of their readings here, read with their trackers
        // (one statement for the devices, rather than one per device and code as they raise).
        const first = new Set(unknown);
        let oldest = Infinity;
        for (const d of devices) if (first.has(d.deviceId)) oldest = Math.min(oldest, d.readings[0]!.ts);
        const since = oldest - this.options.rules.flapWindowMs;
        this.raises?.loaded(unknown, await raisesOfDevices(this.db, unknown, since), since);
      }
      if (this.quiet(devices, memory, now)) return;
    }
    const changes: AlarmTransition[] = [];
    const after = new Map<number, FaultTracker[]>();
    const written = new Set<number>();
    const raises = new Map<string, KnownRaises>();
    this.stats.transactions += 1;
    try {
      await this.db.transaction(async (tx) => {
        changes.length = 0;
        const events: AlarmEventRow[] = [];
        after.clear();
        written.clear();
        raises.clear();
        // PostgreSQL: other processes' engines share the trackers; read them under the devices' locks.
        const stored = memory ? null : (await lockDeviceAlarms(tx, ids), await loadTrackers(tx, ids));
        const kept: { deviceId: number; t: FaultTracker }[] = [];
        const seen: { alarmId: number; at: number }[] = [];
        const work: BatchWork = { changes, events, raises, seenWritten: new Map() };
        const stepped = devices.map((d) => {
          const start = memory ? memory.take(d.deviceId) : (stored?.get(d.deviceId) ?? []);
          return { d, trackers: new Map(start.map((t) => [t.code, t])) };
        });
        // In rounds: every device's first reading, then every second one, …; a round's actions are written
        // together, a statement per kind, and a device's next reading is stepped only after they are.
        const rounds = Math.max(...devices.map((d) => d.readings.length));
        for (let round = 0; round < rounds; round++) {
          const actions: DeviceAction[] = [];
          for (const { d, trackers } of stepped) {
            const r = d.readings[round];
            if (!r) continue;
            for (const action of stepFaults(trackers, r.ts, r.faults, this.options.rules))
              actions.push({ deviceId: d.deviceId, trackers, action });
          }
          if (actions.length > 0)
            await applyRound(tx, actions, work, this.options.rules, (q, queries, raises) =>
              this.raisedInWindow(q, queries, raises),
            );
        }
        for (const { d, trackers } of stepped) {
          const list = [...trackers.values()];
          after.set(d.deviceId, list);
          if (memory && !memory.mustWrite(d.deviceId, list, now)) continue;
          written.add(d.deviceId);
          const storedSeen = memory?.storedSeen(d.deviceId);
          for (const t of list) {
            kept.push({ deviceId: d.deviceId, t });
            if (t.alarmId === null) continue;
            // With the memory, "last seen" is written only now and then (a fault just gone gives its last one
            // too), and not again where the database has it already.
            if (!memory) {
              if (t.absentSince === null) seen.push({ alarmId: t.alarmId, at: t.lastSeenAt });
            } else if ((work.seenWritten.get(t.alarmId) ?? storedSeen?.get(t.alarmId)) !== t.lastSeenAt)
              seen.push({ alarmId: t.alarmId, at: t.lastSeenAt });
          }
        }
        // The timeline's entries of the whole batch in one statement, in the order the rules made them.
        await addEvents(tx, events);
        await touchAlarms(tx, seen);
        await saveTrackers(tx, [...written], kept);
        if (changes.length > 0) await this.options.inTransaction?.(tx, changes);
      });
    } catch (err) {
      memory?.forget(ids);
      this.raises?.forget(ids);
      throw err;
    }
    memory?.committed(after, written, now);
    this.raises?.committed(raises);
    this.stats.evaluatedDevices += ids.length;
    // The clean-device cache serves PostgreSQL only (with the memory, knownClean asks the memory).
    if (!memory)
      for (const [id, list] of after) {
        if (list.length > 0) this.clean.delete(id);
        else this.clean.set(id, now + this.cleanCacheMs);
      }
    this.announce(changes);
  }

  /**
   * With the memory: steps the batch on copies of the trackers, and when it raises and recovers nothing and nothing
   * must be written, keeps the outcome and returns true: such a batch needs no transaction at all.
   */
  private quiet(devices: DeviceReadings[], memory: FaultMemory, now: number): boolean {
    const after = new Map<number, FaultTracker[]>();
    for (const d of devices) {
      const trackers = new Map(memory.take(d.deviceId).map((t) => [t.code, t]));
      for (const r of d.readings) if (stepFaults(trackers, r.ts, r.faults, this.options.rules).length > 0) return false;
      const list = [...trackers.values()];
      if (memory.mustWrite(d.deviceId, list, now)) return false;
      after.set(d.deviceId, list);
    }
    memory.committed(after, new Set(), now);
    this.stats.evaluatedDevices += devices.length;
    return true;
  }

  /**
   * For each question, how many alarms of the device and code were raised since its `since`: from the database on
   * PostgreSQL (one statement); on PGlite from RaiseMemory (and what this batch has read and raised so far), asking
   * the database, in one statement, only what it does not cover.
   */
  private async raisedInWindow(
    tx: Queryable,
    queries: readonly RaiseQuery[],
    raises: Map<string, KnownRaises>,
  ): Promise<number[]> {
    if (!this.raises) return (await raiseTimes(tx, queries)).map((times) => times.length);
    const missing: RaiseQuery[] = [];
    for (const q of queries) {
      const k = raiseKey(q.deviceId, q.code);
      const known = raises.get(k);
      if (known && q.since >= known.since) continue;
      const remembered = this.raises.covering(q.deviceId, q.code, q.since);
      if (remembered) raises.set(k, { since: remembered.since, times: [...remembered.times] });
      else missing.push(q);
    }
    const read = await raiseTimes(tx, missing);
    for (const [i, q] of missing.entries())
      raises.set(raiseKey(q.deviceId, q.code), { since: q.since, times: read[i]! });
    return queries.map((q) => raises.get(raiseKey(q.deviceId, q.code))!.times.filter((t) => t >= q.since).length);
  }

  /**
   * No data: raises the no-data alarm of every inverter silent past `offlineSeconds` and recovers those that
   * report again (run periodically by the jobs role).
   */
  async checkNoData(offlineSeconds: number): Promise<void> {
    const entry = alarmByCode(NO_DATA_ALARM_CODE)!;
    const changes = await this.db.transaction(async (tx) => {
      const { raised, recovered } = await syncNoDataAlarms(tx, {
        code: entry.code,
        group: entry.group,
        severity: entry.severity,
        severityRank: severityRank(entry.severity),
        offlineSeconds,
      });
      const made: AlarmTransition[] = [
        ...raised.map((alarm) => ({ event: 'raised' as const, alarm })),
        ...recovered.map((alarm) => ({ event: 'recovered' as const, alarm })),
      ];
      if (made.length > 0) await this.options.inTransaction?.(tx, made);
      return made;
    });
    this.announce(changes);
  }

  private announce(changes: { event: AlarmEventKind; alarm: AlarmChange }[]): void {
    for (const { event, alarm } of changes) {
      if (event === 'raised') this.stats.raised += 1;
      if (event === 'recovered') this.stats.recovered += 1;
      const { id, deviceId, plantId, code, severity, state, raisedAt, recoveredAt } = alarm;
      const message: AlarmLiveEvent = {
        type: 'alarm',
        event,
        alarm: { id, deviceId, plantId, code, severity, state, raisedAt, recoveredAt },
      };
      this.emit('alarm', message);
    }
  }
}
