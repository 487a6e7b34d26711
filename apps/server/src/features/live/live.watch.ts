import type { Db } from '../../db/db.js';
import type { LinkLog } from '../../link/link.types.js';
import {
  WATCH_FRESH_S,
  announceWatch,
  renewWatch,
  watcherDevices,
  watcherVersions,
  withdrawWatch,
} from './live.watchers.repository.js';

/*
 * Readings cross processes only where a tab watches them (decision 0037). A stored reading is the bus's one event per
 * device and minute; sending every one over NOTIFY cost about a tenth of ingest's CPU on PostgreSQL although, most of
 * the time, no tab anywhere shows that device. So each process serving tabs announces the devices its tabs see
 * (WatchAnnouncer), and each publisher sends a reading only when another process watches its device
 * (WatchedElsewhere). Status changes, alarms and command results are rare and keep going to every process.
 *
 * The gap: a publisher learns of a new watch at its next poll, so a reading stored in between reaches no tab of the
 * new watcher. The announcer therefore tells the tabs that brought new devices to refetch once every publisher has
 * polled since (`resync`, as after a lost LISTEN connection): what the gap swallowed is read then, and everything
 * later arrives live.
 */

/** How often a publisher reads the other processes' watches. */
export const WATCH_POLL_MS = 2_000;
/** How often a watching process renews its row (three renewals fit in WATCH_FRESH_S). */
export const WATCH_RENEW_MS = 30_000;
/** After a watch grew, when the tabs that brought the new devices refetch: every publisher has polled by then. */
export const WATCH_RESYNC_AFTER_MS = 2 * WATCH_POLL_MS + 1_000;

type Log = Pick<LinkLog, 'warn'>;

/** Publisher side: the devices some other process's tabs watch, as of the last poll. */
export class WatchedElsewhere {
  private versions = new Map<string, number>();
  private byOrigin = new Map<string, readonly number[]>();
  private union = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly origin: string,
    private readonly log: Log,
    private readonly pollMs = WATCH_POLL_MS,
  ) {}

  has(deviceId: number): boolean {
    return this.union.has(deviceId);
  }

  get size(): number {
    return this.union.size;
  }

  /** Reads the first time, then every `pollMs`. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One poll (a poll already running is waited for, then another one starts: the caller sees a fresh state). */
  async refresh(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.poll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async poll(): Promise<void> {
    try {
      const versions = await watcherVersions(this.db, this.origin);
      const changed = [...versions].filter(([origin, version]) => this.versions.get(origin) !== version);
      const gone = [...this.versions.keys()].some((origin) => !versions.has(origin));
      if (changed.length === 0 && !gone) return;
      const rows = changed.length
        ? await watcherDevices(
            this.db,
            changed.map(([origin]) => origin),
          )
        : [];
      const byOrigin = new Map([...this.byOrigin].filter(([origin]) => versions.has(origin)));
      const seen = new Map([...this.versions].filter(([origin]) => versions.has(origin)));
      for (const row of rows) {
        byOrigin.set(row.origin, row.devices);
        seen.set(row.origin, row.version);
      }
      this.byOrigin = byOrigin;
      this.versions = seen;
      this.union = new Set([...byOrigin.values()].flat());
    } catch (err) {
      // The last known watches stay: the tabs they served keep getting readings.
      this.log.warn({ err }, 'live events: the other processes’ watches were not read; keeping the last ones');
    }
  }
}

/** What the announcer reads of this process's hub. */
export interface WatchSource {
  watchedDevices(): ReadonlySet<number>;
  /** The tabs that see any of `devices` (all tabs without it) refetch. */
  resync(devices?: ReadonlySet<number>): void;
}

/** Listener side: keeps this process's row of the registry equal to the devices its tabs watch. */
export class WatchAnnouncer {
  private announced = new Set<number>();
  /** The row may not say what the tabs watch (a change not yet written, a failed write). */
  private dirty = false;
  private hasRow = false;
  private lastWritten = 0;
  private debounce: NodeJS.Timeout | undefined;
  private readonly renewTimer: NodeJS.Timeout;
  private readonly resyncTimers = new Set<NodeJS.Timeout>();
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly origin: string,
    private readonly hub: WatchSource,
    private readonly log: Log,
    private readonly timing = { renewMs: WATCH_RENEW_MS, resyncAfterMs: WATCH_RESYNC_AFTER_MS, debounceMs: 50 },
  ) {
    this.renewTimer = setInterval(() => void this.renew(), timing.renewMs);
    this.renewTimer.unref();
  }

  /** The hub's tabs changed (a tab came, went, or its visible set was refreshed): written shortly, once. */
  changed(): void {
    this.dirty = true;
    if (this.debounce || this.closed) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.flush();
    }, this.timing.debounceMs);
  }

  /** Writes what the tabs watch now, if that is not what the row says (tests await it). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.dirty || this.closed) return;
    this.writing = this.write().finally(() => (this.writing = undefined));
    return this.writing;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.debounce);
    clearInterval(this.renewTimer);
    for (const timer of this.resyncTimers) clearTimeout(timer);
    await this.writing;
    if (this.hasRow) await withdrawWatch(this.db, this.origin).catch(() => undefined);
  }

  private async write(): Promise<void> {
    this.dirty = false;
    const now = new Set(this.hub.watchedDevices());
    const stale = this.hasRow && Date.now() - this.lastWritten > WATCH_FRESH_S * 1000;
    const added = new Set([...now].filter((d) => !this.announced.has(d)));
    const same = added.size === 0 && now.size === this.announced.size;
    if (same && this.hasRow && !stale) return;
    if (same && !this.hasRow && now.size === 0) return;
    try {
      await announceWatch(this.db, this.origin, [...now]);
    } catch (err) {
      this.dirty = true;
      this.log.warn({ err }, 'live events: the watched devices were not announced; retrying at the next renewal');
      return;
    }
    this.hasRow = true;
    this.lastWritten = Date.now();
    this.announced = now;
    // Publishers dropped a row that went stale: every tab may have missed readings, not only the new devices'.
    if (stale) this.resyncLater(undefined);
    else if (added.size > 0) this.resyncLater(added);
  }

  private async renew(): Promise<void> {
    if (this.closed) return;
    if (this.dirty || !this.hasRow) return this.flush();
    const stale = Date.now() - this.lastWritten > WATCH_FRESH_S * 1000;
    try {
      if (await renewWatch(this.db, this.origin)) {
        this.lastWritten = Date.now();
        if (stale) this.resyncLater(undefined);
        return;
      }
    } catch (err) {
      this.log.warn({ err }, 'live events: the watch was not renewed; retrying at the next renewal');
      return;
    }
    // The row is gone (deleted by hand, a restored database): written again, and every tab refetches after.
    this.hasRow = false;
    this.announced = new Set();
    this.dirty = true;
    await this.flush();
  }

  private resyncLater(devices: ReadonlySet<number> | undefined): void {
    const timer = setTimeout(() => {
      this.resyncTimers.delete(timer);
      if (!this.closed) this.hub.resync(devices);
    }, this.timing.resyncAfterMs);
    timer.unref();
    this.resyncTimers.add(timer);
  }
}
