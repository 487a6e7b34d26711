import type { FastifyBaseLogger } from 'fastify';
import type { ReportedFault } from '@voltfleet/domain/alarms';
import type { Db } from '../../db/db.js';
import type { DbLease } from '../../db/lease.js';
import { HANDOFF_CHANNEL, handOver, pendingHandoffs, shardsWaiting } from './alarm-handoff.repository.js';

/**
 * Devices are owned in shards rather than one by one: a process holds a session lock per shard it owns, and
 * PostgreSQL's shared lock table (max_locks_per_transaction × max_connections, 6,400 by default) must hold every
 * process's. 256 shards spread a fleet evenly over a few ingest processes (device ids are consecutive).
 */
export const ALARM_SHARDS = 256;
export const shardOf = (deviceId: number): number => deviceId % ALARM_SHARDS;
/** The advisory locks' first key (two-key form): the alarm engine's, beside ingest's 7001 (db/advisory-lock.ts). */
const LOCK_NS = 7002;

/** A device's readings of one batch that state their fault set (oldest first once sorted). */
export interface DeviceReadings {
  deviceId: number;
  readings: { ts: number; faults: ReportedFault[] }[];
}

/** What the engine is told by its shards. */
export interface ShardEvents {
  /** The connection is gone and every shard with it: forget what was known of their devices. */
  lost(): void;
  /** Readings wait in the handoff table for shards this process owns (or may take): evaluate them. */
  waiting(): void;
  /** These shards were taken just now: what was known of their devices must be read afresh. */
  taken(shards: ReadonlySet<number>): void;
}

/**
 * The shards whose devices this process's alarm engine evaluates, held as session advisory locks on a connection of
 * the engine's own (decision 0028). A shard is taken the first time one of its devices needs evaluating and nobody
 * holds it; it is kept until the connection ends (a stop, a lost connection, the process's end), and then another
 * process takes it. The engine's every read and write of alarm state goes through this connection too, so once it
 * is lost nothing the engine had begun can commit: a shard is never evaluated by two processes.
 */
export class AlarmShards {
  private lease: DbLease | undefined;
  private connecting: Promise<DbLease> | undefined;
  private readonly owned = new Set<number>();
  /** Unowned shards the poll found readings waiting for: the next evaluation tries to take them. */
  private readonly orphans = new Set<number>();
  private poll: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly events: ShardEvents,
    private readonly pollMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The engine's connection, opened when there is none (after a loss: a new one, owning nothing yet). */
  async connection(): Promise<DbLease> {
    if (this.stopped) throw new Error('the alarm engine has stopped');
    if (this.lease) return this.lease;
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<DbLease> {
    const lease = await this.db.lease('voltfleet-alarms');
    let gone = false;
    void lease.lost.then(() => {
      gone = true;
      this.dropped(lease);
    });
    try {
      await lease.listen(HANDOFF_CHANNEL, (payload) => {
        if (payload.split(',').some((s) => this.owned.has(Number(s)))) this.events.waiting();
      });
    } catch (err) {
      await lease.close();
      throw err;
    }
    if (gone || this.stopped) {
      await lease.close();
      throw new Error('the alarm engine lost its connection as it opened it');
    }
    this.lease = lease;
    this.poll ??= setInterval(() => void this.check(), this.pollMs).unref();
    return lease;
  }

  private dropped(lease: DbLease): void {
    if (lease !== this.lease) return;
    this.lease = undefined;
    this.owned.clear();
    this.orphans.clear();
    clearInterval(this.poll);
    this.poll = undefined;
    if (!this.stopped) this.log?.warn('alarm engine: its connection was lost, and its shards with it');
    this.events.lost();
  }

  /** A missed notice, or an owner gone since readings were handed to it: what waits is taken up. */
  private async check(): Promise<void> {
    try {
      const waiting = await shardsWaiting(this.db);
      for (const s of waiting) if (!this.owned.has(s)) this.orphans.add(s);
      if (waiting.length > 0) this.events.waiting();
    } catch (err) {
      this.log?.warn({ err }, 'alarm engine: checking for handed-over readings failed');
    }
  }

  owns(shard: number): boolean {
    return this.owned.has(shard);
  }

  /**
   * Sorts a batch's devices by owner, on `lease`: takes the shards of `byDevice` nobody holds, hands the readings of
   * devices another process owns over to it (and leaves them out of `byDevice`), and adds the readings handed to this
   * process: on a notice, every owned shard's; else those waiting for the shards just taken (left for an owner that
   * is gone). Returns the handoff rows added, which go with the batch's outcome, and how many readings went out.
   */
  async route(
    lease: DbLease,
    byDevice: Map<number, DeviceReadings>,
    claim: boolean,
  ): Promise<{ claimedIds: number[]; handedOver: number }> {
    const taken = await this.take(lease, new Set([...byDevice.keys()].map(shardOf)));
    if (taken.length > 0) this.events.taken(new Set(taken));
    const theirs = [...byDevice.values()].filter((d) => !this.owned.has(shardOf(d.deviceId)));
    const handed = theirs.flatMap((d) =>
      d.readings.map((r) => ({ shard: shardOf(d.deviceId), deviceId: d.deviceId, ...r })),
    );
    await handOver(this.db, handed);
    for (const d of theirs) byDevice.delete(d.deviceId);
    const claimed = await pendingHandoffs(lease, claim ? [...this.owned] : taken);
    for (const c of claimed) {
      let d = byDevice.get(c.deviceId);
      if (!d) byDevice.set(c.deviceId, (d = { deviceId: c.deviceId, readings: [] }));
      d.readings.push({ ts: c.ts, faults: c.faults });
    }
    return { claimedIds: claimed.map((c) => c.id), handedOver: handed.length };
  }

  /** Takes those of `shards` (and of the orphans the poll found) that nobody holds: the shards taken now. */
  private async take(lease: DbLease, shards: Iterable<number>): Promise<number[]> {
    const wanted = new Set([...shards, ...this.orphans].filter((s) => !this.owned.has(s)));
    this.orphans.clear();
    if (wanted.size === 0) return [];
    const granted = await lease.tryLocks(LOCK_NS, [...wanted]);
    // The connection may have been lost while asking: then nothing was taken.
    if (lease !== this.lease) return [];
    for (const s of granted) this.owned.add(s);
    return granted;
  }

  /** Releases every shard (closes the connection): other processes take them as they need them. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    const lease = this.lease ?? (await this.connecting?.catch(() => undefined));
    await lease?.close();
  }
}
