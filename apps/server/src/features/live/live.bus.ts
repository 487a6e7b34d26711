import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { AlarmLiveEvent } from '@voltfleet/domain/alarms';
import type { CommandStatusMessage } from '@voltfleet/domain/commands';
import type { PlantStatus } from '@voltfleet/domain/plants';
import type { RunningStatus } from '@voltfleet/domain/devices';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../db/db.js';
import { UNREAD_CHANNEL, parseUnreadPayload } from '../messages/index.js';
import type { LinkLog } from '../../link/link.types.js';
import type { StoredReading } from '../telemetry/index.js';
import { decodeEvents, encodeEvents, originOf, type LiveEvent } from './live.wire.js';
import {
  WATCH_RENEW_MS,
  WATCH_RESYNC_AFTER_MS,
  WatchAnnouncer,
  WatchedElsewhere,
  type WatchSource,
} from './live.watch.js';

/** What every publisher of live events calls (the runtime's ingest and jobs, the command dispatcher). */
export interface LivePublisher {
  publishReadings(readings: StoredReading[]): void;
  publishDeviceStatus(deviceId: number, plantId: number | null, status: RunningStatus): void;
  publishPlantStatus(plantId: number, status: PlantStatus): void;
  publishCommandStatus(message: CommandStatusMessage): void;
  publishAlarm(event: AlarmLiveEvent): void;
}

/** The local receiver: the LiveHub of this process (its `size` is the number of open tabs). */
export type LiveSink = LivePublisher & {
  readonly size: number;
  /** These users' unread message counts changed (heard on UNREAD_CHANNEL after the writing commit). */
  publishUnread?(userIds: readonly number[] | 'all'): Promise<void>;
  /**
   * Events of other processes may have been missed: tabs refetch (all of them when the LISTEN connection was lost
   * and is back; those seeing any of `devices` when other processes learnt only now that these are watched here).
   */
  resync?(devices?: ReadonlySet<number>): void;
  /** Every device a tab here watches, and a call whenever that may have changed (decision 0037). */
  watchedDevices?(): ReadonlySet<number>;
  onWatchChange?(listener: () => void): () => void;
  /** These kiosk links were revoked (heard on KIOSK_ENDED_CHANNEL after the revoking commit): their screens close. */
  kioskLinksEnded?(linkIds: readonly number[]): Promise<void>;
};

/** The one NOTIFY channel of a database; processes on other databases never hear each other. */
export const LIVE_CHANNEL = 'voltfleet_live';

/**
 * How the open wall screens of a revoked kiosk link learn it at once rather than at the minute's check: the revoking
 * statement issues `pg_notify` on this channel with the link's id (comma-separated ids), delivered at its commit
 * (PostgreSQL to every process, PGlite to its in-process listeners) and dropped on rollback. Every process that
 * serves tabs LISTENs, and its hub re-checks those links' sockets and closes the ones that no longer open a screen.
 */
export const KIOSK_ENDED_CHANNEL = 'voltfleet_kiosk_ended';

/** The link ids of a KIOSK_ENDED_CHANNEL payload; undefined for anything else. */
export function parseKioskEndedPayload(payload: string): number[] | undefined {
  if (!/^\d{1,10}(,\d{1,10})*$/.test(payload)) return undefined;
  return payload.split(',').map(Number);
}
/** Status events waiting for the database beyond this are dropped (a live view, not a record). */
const MAX_PENDING_EVENTS = 10_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface LiveBusOptions {
  log: LinkLog;
  /** LISTEN for other processes' events (a process that serves browser tabs); sending needs no listener. */
  listen: boolean;
  channel?: string;
  /** Test timing of the watch registry (live.watch.ts): how often watches are read, when grown tabs refetch. */
  watch?: { pollMs: number; renewMs: number; resyncAfterMs: number };
}

/**
 * Every live event goes to this process's LiveHub at once and, on PostgreSQL, to every other process through
 * NOTIFY on one channel: each process LISTENs on a dedicated connection and hands what others sent to its own
 * hub, which applies each tab's scope. A process skips its own echo by the origin id in front of each payload.
 * Sending costs one statement per flush, not per reading: publishes made in the same tick are gathered, only the
 * newest reading per device is kept, and while one flush waits for the database the next ones merge. With PGlite
 * there is exactly one process, so the bus delivers locally only and never touches the database.
 */
export class LiveBus<Hub extends LiveSink = LiveSink> implements LivePublisher {
  /** Random per process start: pids repeat across hosts and restarts. */
  readonly origin = randomBytes(6).toString('hex');
  readonly stats = {
    flushes: 0,
    payloadsSent: 0,
    received: 0,
    echoes: 0,
    dropped: 0,
    malformed: 0,
    resyncs: 0,
    /** Stored readings not sent: no other process's tab watches their device. */
    unwatched: 0,
  };
  private readonly channel: string;
  private readonly remote: boolean;
  private readings = new Map<number, StoredReading>();
  private others: LiveEvent[] = [];
  private seq = 0;
  private scheduled = false;
  private flushing: Promise<void> | undefined;
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectMs = RECONNECT_MIN_MS;
  /** A LISTEN connection was lost: what was sent meanwhile was heard by nobody here. */
  private missed = false;
  private closed = false;
  private unlistenLocal: (() => Promise<void>)[] = [];
  /** On PostgreSQL: the devices other processes' tabs watch (readings of others are not sent). */
  private readonly watched: WatchedElsewhere | undefined;
  /** On PostgreSQL, in a process serving tabs: announces what they watch. */
  private announcer: WatchAnnouncer | undefined;
  private unwatchHub: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    readonly hub: Hub,
    private readonly options: LiveBusOptions,
  ) {
    this.channel = options.channel ?? LIVE_CHANNEL;
    this.remote = db.kind === 'postgres';
    if (this.remote) this.watched = new WatchedElsewhere(db, this.origin, options.log, options.watch?.pollMs);
  }

  /**
   * Starts listening (`listen`): on PostgreSQL a connection of its own hears the three channels, and a first connection
   * that fails is retried in the background. On PGlite only the unread and kiosk channels are heard (NOTIFY is
   * delivered in-process at commit, exactly when PostgreSQL delivers it), since all other events are handed to the
   * hub directly.
   */
  async start(): Promise<void> {
    await this.watched?.start();
    if (!this.options.listen) return;
    if (this.remote) {
      const hub = this.hub;
      if (hub.watchedDevices && hub.onWatchChange) {
        const source: WatchSource = {
          watchedDevices: () => hub.watchedDevices!(),
          resync: (devices) => hub.resync?.(devices),
        };
        const timing = this.options.watch;
        this.announcer = new WatchAnnouncer(this.db, this.origin, source, this.options.log, {
          renewMs: timing?.renewMs ?? WATCH_RENEW_MS,
          resyncAfterMs: timing?.resyncAfterMs ?? WATCH_RESYNC_AFTER_MS,
          debounceMs: 50,
        });
        this.unwatchHub = hub.onWatchChange(() => this.announcer?.changed());
        // Tabs attached before the start are announced too.
        this.announcer.changed();
      }
      return this.connect();
    }
    const pglite = this.db.native as PGlite;
    this.unlistenLocal = [
      await pglite.listen(UNREAD_CHANNEL, (p) => this.receiveUnread(p)),
      await pglite.listen(KIOSK_ENDED_CHANNEL, (p) => this.receiveKioskEnded(p)),
    ];
  }

  /** True while the LISTEN connection is up (tests, readiness). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  publishReadings(readings: StoredReading[]): void {
    this.hub.publishReadings(readings);
    if (!this.watched || this.closed) return;
    let pending = false;
    for (const r of readings) {
      // No tab of another process shows this device: nobody would hear the notification (decision 0037).
      if (!this.watched.has(r.deviceId)) {
        this.stats.unwatched += 1;
        continue;
      }
      if ((this.readings.get(r.deviceId)?.ts ?? -1) < r.ts) this.readings.set(r.deviceId, r);
      pending = true;
    }
    if (pending) this.schedule();
  }

  /** Reads the other processes' watches now (tests; otherwise every WATCH_POLL_MS). */
  refreshWatched(): Promise<void> {
    return this.watched?.refresh() ?? Promise.resolve();
  }

  /** Writes this process's watched devices now, if they changed (tests; otherwise within 50 ms of a change). */
  announceWatched(): Promise<void> {
    return this.announcer?.flush() ?? Promise.resolve();
  }

  publishDeviceStatus(deviceId: number, plantId: number | null, status: RunningStatus): void {
    this.hub.publishDeviceStatus(deviceId, plantId, status);
    this.enqueue({ type: 'deviceStatus', deviceId, plantId, status });
  }

  publishPlantStatus(plantId: number, status: PlantStatus): void {
    this.hub.publishPlantStatus(plantId, status);
    this.enqueue({ type: 'plantStatus', plantId, status });
  }

  publishCommandStatus(message: CommandStatusMessage): void {
    this.hub.publishCommandStatus(message);
    this.enqueue({ type: 'commandStatus', message });
  }

  publishAlarm(event: AlarmLiveEvent): void {
    this.hub.publishAlarm(event);
    this.enqueue({ type: 'alarm', event });
  }

  /** Sends what is still pending, then stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.watched?.stop();
    this.unwatchHub?.();
    await this.announcer?.close();
    await Promise.all(this.unlistenLocal.map((unlisten) => unlisten().catch(() => undefined)));
    await this.flushing;
    if (this.readings.size > 0 || this.others.length > 0) await this.flush();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private enqueue(event: LiveEvent): void {
    if (!this.remote || this.closed) return;
    if (this.others.length >= MAX_PENDING_EVENTS) {
      this.others.shift();
      this.stats.dropped += 1;
    }
    this.others.push(event);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        if (!this.closed && (this.readings.size > 0 || this.others.length > 0)) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const events: LiveEvent[] = [
      ...this.others,
      ...[...this.readings.values()].map((reading) => ({ type: 'reading' as const, reading })),
    ];
    this.others = [];
    this.readings = new Map();
    if (events.length === 0) return;
    const { payloads, oversized } = encodeEvents(events, this.origin, () => ++this.seq);
    if (oversized.length > 0) {
      this.stats.dropped += oversized.length;
      this.options.log.warn({ events: oversized.length }, 'live events: an event exceeds the NOTIFY limit; dropped');
    }
    if (payloads.length === 0) return;
    try {
      // One statement: the notifications go out together at its commit, in array order.
      await this.db.query(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, [this.channel, payloads]);
      this.stats.flushes += 1;
      this.stats.payloadsSent += payloads.length;
    } catch (err) {
      this.stats.dropped += events.length - oversized.length;
      this.options.log.warn({ err, events: events.length }, 'live events: NOTIFY failed; these events are dropped');
    }
  }

  /** A user's unread count changed (messages' writes notify UNREAD_CHANNEL in their transaction). */
  private receiveUnread(payload: string | undefined): void {
    if (payload === undefined || this.closed || this.hub.size === 0) return;
    const users = parseUnreadPayload(payload);
    if (users === undefined) return void (this.stats.malformed += 1);
    void this.hub.publishUnread?.(users);
  }

  /** Kiosk links were revoked (their revoking statement notifies KIOSK_ENDED_CHANNEL). */
  private receiveKioskEnded(payload: string | undefined): void {
    if (payload === undefined || this.closed || this.hub.size === 0) return;
    const links = parseKioskEndedPayload(payload);
    if (links === undefined) return void (this.stats.malformed += 1);
    void this.hub.kioskLinksEnded?.(links);
  }

  private receive(payload: string | undefined): void {
    if (payload === undefined) return;
    if (originOf(payload) === this.origin) return void (this.stats.echoes += 1);
    this.stats.received += 1;
    // Nobody is watching here: decoding would be wasted.
    if (this.hub.size === 0) return;
    let events: LiveEvent[];
    try {
      events = decodeEvents(payload).events;
    } catch (err) {
      this.stats.malformed += 1;
      this.options.log.warn({ err }, 'live events: malformed notification ignored');
      return;
    }
    this.deliver(events);
  }

  /** Hands events to the hub in order, consecutive readings as one batch. */
  private deliver(events: LiveEvent[]): void {
    let readings: StoredReading[] = [];
    const flushReadings = () => {
      if (readings.length > 0) this.hub.publishReadings(readings);
      readings = [];
    };
    for (const event of events) {
      if (event.type === 'reading') {
        readings.push(event.reading);
        continue;
      }
      flushReadings();
      if (event.type === 'deviceStatus') this.hub.publishDeviceStatus(event.deviceId, event.plantId, event.status);
      else if (event.type === 'plantStatus') this.hub.publishPlantStatus(event.plantId, event.status);
      else if (event.type === 'alarm') this.hub.publishAlarm(event.event);
      else this.hub.publishCommandStatus(event.message);
    }
    flushReadings();
  }

  /** A connection of its own: a pooled one would be handed to other queries and lose the LISTEN. */
  private async connect(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const pool = this.db.native as pg.Pool;
    const client = new pgModule.Client({ ...pool.options, application_name: 'voltfleet-live-listen' });
    client.on('notification', (message) => {
      if (message.channel === UNREAD_CHANNEL) this.receiveUnread(message.payload);
      else if (message.channel === KIOSK_ENDED_CHANNEL) this.receiveKioskEnded(message.payload);
      else this.receive(message.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      // The bus's own channel last: pg_stat_activity shows it as the connection's query (what operators look for).
      await client.query(`LISTEN ${UNREAD_CHANNEL}`);
      await client.query(`LISTEN ${KIOSK_ENDED_CHANNEL}`);
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.log.error({ err }, `live events: LISTEN failed; retrying in ${this.reconnectMs} ms`);
      this.retry();
      return;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    if (this.reconnectMs > RECONNECT_MIN_MS) this.options.log.info({}, 'live events: LISTEN connection restored');
    this.reconnectMs = RECONNECT_MIN_MS;
    this.client = client;
    // NOTIFY is not replayed: events sent while we were away are lost here. Only now that LISTEN is active again
    // (everything committed from here on is heard) the tabs are told to refetch, so a refetch sees every event
    // the gap swallowed and nothing falls between the two (docs/faults.md).
    if (this.missed) {
      this.missed = false;
      this.stats.resyncs += 1;
      this.hub.resync?.();
    }
  }

  private lost(client: pg.Client, err: Error): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.missed = true;
    void client.end().catch(() => undefined);
    // Events sent while we are away are not replayed: the tabs are told to refetch once LISTEN is back.
    this.options.log.warn({ err }, `live events: LISTEN connection lost; reconnecting in ${this.reconnectMs} ms`);
    this.retry();
  }

  private retry(): void {
    const wait = this.reconnectMs;
    this.reconnectMs = Math.min(wait * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => void this.connect(), wait);
    this.reconnectTimer.unref();
  }
}
