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
  type AlarmSeverity,
  type FaultTracker,
} from '@voltfleet/domain/alarms';
import type { Db, DbSession, Queryable } from '../../db/db.js';
import type { StoredReading } from '../telemetry/index.js';
import {
  addEvents,
  loadTrackers,
  raiseTimes,
  raisesOfDevices,
  saveTrackers,
  touchAlarms,
  type AlarmChange,
  type AlarmEventRow,
  type RaiseQuery,
} from './alarms.repository.js';
import { syncConditionAlarms, syncNoDataAlarms, type ConditionVerdict } from './platform-alarms.repository.js';
import { applyRound, type AlarmTransition, type BatchWork, type DeviceAction } from './alarm-round.js';
import { FaultMemory, RaiseMemory, raiseKey, type KnownRaises } from './fault-memory.js';
import { deleteHandoffs } from './alarm-handoff.repository.js';
import { AlarmShards, shardOf, type DeviceReadings } from './alarm-shards.js';

export interface AlarmEngineOptions {
  rules: AlarmRuleOptions;
  /** How often at most a fault's newer "last seen" alone is written (FaultMemory). */
  seenPersistMs?: number;
  /** How often the handoff table is looked at besides the notices (a missed notice, an owner gone). */
  handoffPollMs?: number;
  /**
   * Runs inside the transaction that raised, flagged or recovered alarms, with those changes: what must follow from
   * them (the notification outbox) commits or rolls back with them.
   */
  inTransaction?: (tx: Queryable, changes: readonly AlarmTransition[]) => Promise<void>;
}

/**
 * Raises and recovers alarms from the fault codes of committed readings (both links), right after each ingest
 * commit, so it never holds up the ingest transaction: readings wait in a queue and are evaluated in order, a
 * batch at a time. One model on both databases (decision 0028): each device's state is evaluated by the one process
 * that owns its shard (AlarmShards), which holds it in memory (FaultMemory, RaiseMemory), reads it once and writes
 * it through when it changes, so a batch that changes nothing runs no statement. Readings of a device another
 * process owns are handed to it through the database (alarm_handoff). The state is in the database (alarm_faults,
 * alarms), so a restart or another process taking a shard over continues from it. Emits 'alarm' (AlarmLiveEvent)
 * after commit.
 */
export class AlarmEngine extends EventEmitter {
  private queue: StoredReading[] = [];
  private running: Promise<void> | undefined;
  /** Readings may wait in the handoff table for shards this process owns (a notice, or the poll, said so). */
  private handoffWaiting = false;
  /** The trackers in memory, read once per device and written when they change. */
  private readonly memory: FaultMemory;
  /** The raise times the flapping rule counts, likewise. */
  private readonly raises: RaiseMemory;
  private readonly shards: AlarmShards;
  readonly stats = {
    batches: 0,
    transactions: 0,
    evaluatedDevices: 0,
    raised: 0,
    recovered: 0,
    failedBatches: 0,
    invalidCodes: 0,
    /** Readings handed to the process that owns their device, and taken from others. */
    handedOver: 0,
    takenOver: 0,
  };

  constructor(
    private readonly db: Db,
    private readonly options: AlarmEngineOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    super();
    this.memory = new FaultMemory(options.seenPersistMs ?? 30_000);
    this.raises = new RaiseMemory(options.rules.flapWindowMs);
    this.shards = new AlarmShards(
      db,
      {
        lost: () => {
          this.memory.forgetWhere(() => true);
          this.raises.forgetWhere(() => true);
        },
        waiting: () => {
          this.handoffWaiting = true;
          this.schedule();
        },
        taken: (shards) => {
          // Whatever this process knew of these devices is from before another process may have owned them.
          this.memory.forgetWhere((id) => shards.has(shardOf(id)));
          this.raises.forgetWhere((id) => shards.has(shardOf(id)));
        },
      },
      options.handoffPollMs ?? 2000,
      log,
    );
  }

  /** Takes a committed batch (the Ingest 'stored' event); evaluation runs after it, in arrival order. */
  readonly onStored = (readings: StoredReading[]): void => {
    this.queue.push(...readings);
    this.schedule();
  };

  private schedule(): void {
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  /** Resolves when everything handed over so far has been evaluated (or handed on to its device's owner). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Evaluates what is queued, then gives up this process's shards (their owners-to-be read the state from the
   * database). Closing the database does the same without the flush.
   */
  async stop(): Promise<void> {
    await this.flush();
    await this.shards.stop();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 || this.handoffWaiting) {
      const batch = this.queue.splice(0, 5000);
      try {
        await this.evaluate(batch);
        // A round that only took up handed-over readings is no batch of this process's ingest.
        if (batch.length > 0) this.stats.batches += 1;
      } catch (err) {
        // The readings are stored; their faults are evaluated again with the device's next reading.
        this.stats.failedBatches += 1;
        this.log?.error({ err }, 'alarm evaluation failed');
      }
    }
  }

  /** The readings that state a fault set, by device; devices that need no work are left out. */
  private candidates(batch: StoredReading[]): Map<number, DeviceReadings> {
    const byDevice = new Map<number, DeviceReadings>();
    for (const r of batch) {
      const stated = readingFaults(r.values.faultWord, r.extra?.faultCodes);
      if (!stated) continue;
      this.stats.invalidCodes += stated.invalid.length;
      let d = byDevice.get(r.deviceId);
      if (!d) {
        // Most readings: no fault from a device of ours known to have no fault state, which changes nothing (a fault
        // later in the batch still takes the device in, from that reading on).
        if (stated.faults.length === 0 && this.knownClean(r.deviceId)) continue;
        byDevice.set(r.deviceId, (d = { deviceId: r.deviceId, readings: [] }));
      }
      d.readings.push({ ts: r.ts, faults: stated.faults });
    }
    return byDevice;
  }

  private knownClean(deviceId: number): boolean {
    return this.shards.owns(shardOf(deviceId)) && this.memory.knows(deviceId) && !this.memory.hasFaults(deviceId);
  }

  private async evaluate(batch: StoredReading[]): Promise<void> {
    const now = Date.now();
    const claim = this.handoffWaiting;
    this.handoffWaiting = false;
    const byDevice = this.candidates(batch);
    if (byDevice.size === 0 && !claim) return;
    const lease = await this.shards.connection();
    const { claimedIds, handedOver } = await this.shards.route(lease, byDevice, claim);
    this.stats.handedOver += handedOver;
    this.stats.takenOver += claimedIds.length;
    if (byDevice.size === 0) return;
    const devices = [...byDevice.values()]
      .map((d) => ({ ...d, readings: d.readings.sort((a, b) => a.ts - b.ts) }))
      .sort((a, b) => a.deviceId - b.deviceId);
    const ids = devices.map((d) => d.deviceId);
    const { memory } = this;
    try {
      const unknown = ids.filter((id) => !memory.knows(id));
      if (unknown.length > 0) {
        memory.loaded(unknown, await loadTrackers(lease, unknown), now);
        // Their raises within the flapping window before the oldest of their readings here, read with their trackers
        // (one statement for the devices, rather than one per device and code as they raise).
        const first = new Set(unknown);
        let oldest = Infinity;
        for (const d of devices) if (first.has(d.deviceId)) oldest = Math.min(oldest, d.readings[0]!.ts);
        const since = oldest - this.options.rules.flapWindowMs;
        this.raises.loaded(unknown, await raisesOfDevices(lease, unknown, since), since);
      }
      const quiet = this.quiet(devices, now);
      if (quiet) {
        // Claimed readings go once their outcome is kept; kept only once they are gone.
        await deleteHandoffs(lease, claimedIds);
        memory.committed(quiet, new Set(), now);
        this.stats.evaluatedDevices += devices.length;
        return;
      }
      await this.write(lease, devices, claimedIds, now);
    } catch (err) {
      memory.forget(ids);
      this.raises.forget(ids);
      // Handed readings not deleted wait for the shards' next look at the table (the poll finds them).
      throw err;
    }
  }

  /** Steps the batch in one transaction on the engine's connection, writing what changed. */
  private async write(lease: DbSession, devices: DeviceReadings[], claimedIds: number[], now: number): Promise<void> {
    const { memory } = this;
    const ids = devices.map((d) => d.deviceId);
    const changes: AlarmTransition[] = [];
    const after = new Map<number, FaultTracker[]>();
    const written = new Set<number>();
    const raises = new Map<string, KnownRaises>();
    this.stats.transactions += 1;
    await lease.transaction(async (tx) => {
      changes.length = 0;
      const events: AlarmEventRow[] = [];
      after.clear();
      written.clear();
      raises.clear();
      const kept: { deviceId: number; t: FaultTracker }[] = [];
      const seen: { alarmId: number; at: number }[] = [];
      const work: BatchWork = { changes, events, raises, seenWritten: new Map() };
      const stepped = devices.map((d) => ({ d, trackers: new Map(memory.take(d.deviceId).map((t) => [t.code, t])) }));
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
        if (!memory.mustWrite(d.deviceId, list, now)) continue;
        written.add(d.deviceId);
        const storedSeen = memory.storedSeen(d.deviceId);
        for (const t of list) {
          kept.push({ deviceId: d.deviceId, t });
          // "Last seen" is written only now and then (a fault just gone gives its last one too), and not again
          // where the database has it already.
          if (t.alarmId !== null && (work.seenWritten.get(t.alarmId) ?? storedSeen.get(t.alarmId)) !== t.lastSeenAt)
            seen.push({ alarmId: t.alarmId, at: t.lastSeenAt });
        }
      }
      // The timeline's entries of the whole batch in one statement, in the order the rules made them.
      await addEvents(tx, events);
      await touchAlarms(tx, seen);
      await saveTrackers(tx, [...written], kept);
      await deleteHandoffs(tx, claimedIds);
      if (changes.length > 0) await this.options.inTransaction?.(tx, changes);
    });
    memory.committed(after, written, now);
    this.raises.committed(raises);
    this.stats.evaluatedDevices += ids.length;
    this.announce(changes);
  }

  /**
   * Steps the batch on copies of the trackers; when it raises and recovers nothing and nothing must be written,
   * returns each device's outcome: such a batch needs no transaction at all. Null otherwise.
   */
  private quiet(devices: DeviceReadings[], now: number): Map<number, FaultTracker[]> | null {
    const after = new Map<number, FaultTracker[]>();
    for (const d of devices) {
      const trackers = new Map(this.memory.take(d.deviceId).map((t) => [t.code, t]));
      for (const r of d.readings) if (stepFaults(trackers, r.ts, r.faults, this.options.rules).length > 0) return null;
      const list = [...trackers.values()];
      if (this.memory.mustWrite(d.deviceId, list, now)) return null;
      after.set(d.deviceId, list);
    }
    return after;
  }

  /**
   * For each question, how many alarms of the device and code were raised since its `since`: from RaiseMemory (and
   * what this batch has read and raised so far), asking the database, in one statement, only what it does not cover.
   */
  private async raisedInWindow(
    tx: Queryable,
    queries: readonly RaiseQuery[],
    raises: Map<string, KnownRaises>,
  ): Promise<number[]> {
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
    await this.applyPlatformAlarms((tx) => syncNoDataAlarms(tx, { ...this.catalogued(entry), offlineSeconds }));
  }

  /**
   * Conditions the platform judges itself (performance analytics): raises the catalogue alarm `code` where the verdict
   * says present and recovers it where absent, in one transaction with the notification outbox, like every alarm.
   */
  async syncConditions(code: string, verdicts: readonly ConditionVerdict[]): Promise<void> {
    const entry = alarmByCode(code);
    if (!entry) throw new Error(`no catalogue alarm ${code}`);
    if (verdicts.length === 0) return;
    await this.applyPlatformAlarms((tx) => syncConditionAlarms(tx, this.catalogued(entry), verdicts));
  }

  private catalogued(entry: { code: string; group: string; severity: AlarmSeverity }) {
    return {
      code: entry.code,
      group: entry.group,
      severity: entry.severity,
      severityRank: severityRank(entry.severity),
    };
  }

  /** Runs a platform alarm sync in a transaction with what must follow from its changes, then announces them. */
  private async applyPlatformAlarms(
    sync: (tx: Queryable) => Promise<{ raised: AlarmChange[]; recovered: AlarmChange[] }>,
  ): Promise<void> {
    const changes = await this.db.transaction(async (tx) => {
      const { raised, recovered } = await sync(tx);
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
