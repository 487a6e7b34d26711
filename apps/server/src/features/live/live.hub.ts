import type { WebSocket } from 'ws';
import type { AlarmLiveEvent } from '@voltfleet/domain/alarms';
import type { CommandStatusMessage } from '@voltfleet/domain/commands';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import type { RunningStatus } from '@voltfleet/domain/devices';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { startPeriodic, type Periodic } from '../../platform/periodic.js';
import { sessionIsLive } from '../auth/index.js';
import { visibleDevices } from '../devices/index.js';
import { unreadCounts } from '../messages/index.js';
import type { StoredReading } from '../telemetry/index.js';
import type { LiveSink } from './live.bus.js';
import type { LinkLog } from '../../link/link.types.js';

// The message shapes live in packages/domain, so the web app reads exactly what this hub sends.
export type { LiveMessage };

/**
 * Whom a socket serves: a signed-in user's tab, or a wall screen opened with a kiosk link (features/bigscreen). The
 * hub asks it every minute whether it may still listen and what it may see now.
 */
export interface LiveViewer {
  /** The account whose unread count the tab shows; null for a kiosk screen (it has no inbox). */
  userId: number | null;
  /** A kiosk screen reads; it hears no command status. */
  commands: boolean;
  /** The kiosk link a wall screen was opened with (its revocation closes the socket at once); null for a tab. */
  kioskLinkId: number | null;
  /** False once the session or link is over (logout, revocation, expiry, a disabled user). */
  alive(db: Db): Promise<boolean>;
  /** The devices (with their plants) it may see now. */
  visible(db: Db): Promise<{ id: number; plant_id: number | null }[]>;
}

/** A signed-in user's tab: their session, and every device of their scope. */
export function sessionViewer(caller: Caller): LiveViewer {
  return {
    userId: caller.id,
    commands: true,
    kioskLinkId: null,
    alive: (db) => sessionIsLive(db, caller.tokenHash),
    visible: (db) => visibleDevices(db, caller),
  };
}

interface Client {
  socket: WebSocket;
  viewer: LiveViewer;
  devices: Set<number>;
  plants: Set<number>;
}

/**
 * One WebSocket per browser tab: each gets live readings and status changes of exactly the devices and plants
 * its user may see. The visible set is worked out at connect and refreshed every minute, so new devices appear
 * and devices moved out of scope stop.
 */
export class LiveHub implements LiveSink {
  private readonly clients = new Set<Client>();
  private readonly alarmListeners = new Set<(event: AlarmLiveEvent) => void>();
  private readonly watchListeners = new Set<() => void>();
  private readonly refresher: Periodic;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<LinkLog, 'warn' | 'error'> = { warn: () => undefined, error: () => undefined },
    metrics?: Registry,
  ) {
    this.refresher = startPeriodic({
      name: 'live-session-refresh',
      everyMs: 60_000,
      run: () => this.refreshTabs(),
      log,
      metrics,
    });
  }

  get size(): number {
    return this.clients.size;
  }

  async attach(socket: WebSocket, viewer: LiveViewer): Promise<void> {
    const client: Client = { socket, viewer, devices: new Set(), plants: new Set() };
    await this.refresh(client);
    this.clients.add(client);
    this.watchChanged();
    socket.on('close', () => this.forget(client));
    socket.on('error', () => this.forget(client));
    this.send(client, { type: 'hello', devices: client.devices.size });
  }

  /** Every device some tab here watches (what the live bus announces to the other processes). */
  watchedDevices(): Set<number> {
    const all = new Set<number>();
    for (const client of this.clients) for (const id of client.devices) all.add(id);
    return all;
  }

  /** Called whenever the watched devices may have changed (a tab came or went, a visible set was refreshed). */
  onWatchChange(listener: () => void): () => void {
    this.watchListeners.add(listener);
    return () => this.watchListeners.delete(listener);
  }

  publishReadings(readings: StoredReading[]): void {
    if (this.clients.size === 0) return;
    // Only the newest reading per device matters to a live view.
    const newest = new Map<number, StoredReading>();
    for (const r of readings) if ((newest.get(r.deviceId)?.ts ?? -1) < r.ts) newest.set(r.deviceId, r);
    for (const client of this.clients) {
      for (const r of newest.values()) {
        if (client.devices.has(r.deviceId)) this.send(client, { type: 'reading', ...r });
      }
    }
  }

  publishDeviceStatus(deviceId: number, plantId: number | null, status: RunningStatus): void {
    for (const client of this.clients) {
      if (client.devices.has(deviceId)) this.send(client, { type: 'deviceStatus', deviceId, plantId, status });
    }
  }

  publishPlantStatus(plantId: number, status: 'normal' | 'alarm' | 'offline'): void {
    for (const client of this.clients) {
      if (client.plants.has(plantId)) this.send(client, { type: 'plantStatus', plantId, status });
    }
  }

  /** A command's new status, to the tabs of users who may see its device. */
  publishCommandStatus(message: CommandStatusMessage): void {
    for (const client of this.clients) {
      if (client.viewer.commands && client.devices.has(message.deviceId)) this.send(client, message);
    }
  }

  /**
   * An alarm raised, flapping, acknowledged or recovered, to the tabs of users who may see its device (the same
   * visible set as its readings), and to the alarm listeners of this process (the alarm overview's cache).
   */
  publishAlarm(event: AlarmLiveEvent): void {
    for (const listener of this.alarmListeners) listener(event);
    for (const client of this.clients) {
      if (client.devices.has(event.alarm.deviceId)) this.send(client, event);
    }
  }

  /**
   * The unread counts of these users (`all`: every user) changed: each such user's tabs here get their new count, and
   * nobody else's (one query for all of them). A tab that misses it reads the count again on its next page load.
   */
  async publishUnread(userIds: readonly number[] | 'all'): Promise<void> {
    const wanted = userIds === 'all' ? undefined : new Set(userIds);
    const addressed = [...this.clients].filter(
      (c) => c.viewer.userId !== null && (wanted === undefined || wanted.has(c.viewer.userId)),
    );
    if (addressed.length === 0) return;
    let counts: Map<number, number>;
    try {
      counts = await unreadCounts(this.db, [...new Set(addressed.map((c) => c.viewer.userId!))]);
    } catch (err) {
      this.log.warn({ err }, 'live: unread counts not read; the bells catch up on the next page load');
      return;
    }
    for (const client of addressed) {
      if (this.clients.has(client))
        this.send(client, { type: 'unread', count: counts.get(client.viewer.userId!) ?? 0 });
    }
  }

  /**
   * Tabs refetch what they show: events may have been missed (the live bus lost its LISTEN connection: every tab;
   * other processes learnt of newly watched devices only now: the tabs that see any of `devices`).
   */
  resync(devices?: ReadonlySet<number>): void {
    for (const client of this.clients) {
      if (devices === undefined || [...devices].some((id) => client.devices.has(id))) {
        this.send(client, { type: 'resync' });
      }
    }
  }

  /**
   * These kiosk links were revoked: their screens' sockets are checked now, not at the minute's round, and closed
   * (4401) once the link no longer opens a screen. The check reads the link again, so only a committed revocation
   * closes anything.
   */
  async kioskLinksEnded(linkIds: readonly number[]): Promise<void> {
    const ended = new Set(linkIds);
    const affected = [...this.clients].filter((c) => c.viewer.kioskLinkId !== null && ended.has(c.viewer.kioskLinkId));
    for (const client of affected) if (this.clients.has(client)) await this.stillAlive(client);
  }

  /** Called with every alarm event this process hears, its own and other processes'; returns the unsubscribe. */
  onAlarm(listener: (event: AlarmLiveEvent) => void): () => void {
    this.alarmListeners.add(listener);
    return () => this.alarmListeners.delete(listener);
  }

  /** Closes every tab at once; resolves when a running refresh has finished. */
  async close(): Promise<void> {
    const stopping = this.refresher.stop();
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.watchChanged();
    await stopping;
  }

  private send(client: Client, message: LiveMessage): void {
    // A tab that cannot keep up gets dropped rather than buffering without bound.
    if (client.socket.bufferedAmount > 4 * 1024 * 1024) return void client.socket.terminate();
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }

  /** Runs the minute's refresh now (after a running one, never beside it). */
  refreshAll(): Promise<void> {
    return this.refresher.runNow();
  }

  /**
   * Re-checks every tab's session or kiosk link (logout, revocation, expiry, a disabled user) and its visible set:
   * whatever ended without a word (an expiry, a disabled owner, a revocation notice lost with the LISTEN connection)
   * is closed within the minute.
   */
  private async refreshTabs(): Promise<void> {
    for (const client of this.clients) {
      if (!(await this.stillAlive(client))) continue;
      // A failed refresh keeps the visible set of the last good one (it can only have been right a minute ago).
      await this.refresh(client).catch((err: unknown) =>
        this.log.error({ err, userId: client.viewer.userId }, 'live: visible devices not refreshed'),
      );
    }
  }

  /** Whether the tab's session or kiosk link still holds; a tab whose does not is closed and forgotten. */
  private async stillAlive(client: Client): Promise<boolean> {
    let live: boolean;
    try {
      live = await client.viewer.alive(this.db);
    } catch (err) {
      // Fail closed: a tab whose session cannot be checked is closed as "try again" (1011); the page reconnects,
      // and the connect checks the session like any other request.
      this.log.warn({ err, userId: client.viewer.userId }, 'live: session check failed; closing the tab');
      this.forget(client);
      client.socket.close(1011, 'session check failed');
      return false;
    }
    if (!live) {
      this.forget(client);
      client.socket.close(4401, 'session ended');
    }
    return live;
  }

  private async refresh(client: Client): Promise<void> {
    const rows = await client.viewer.visible(this.db);
    const before = client.devices;
    client.devices = new Set(rows.map((r) => r.id));
    client.plants = new Set(rows.map((r) => r.plant_id).filter((p): p is number => p !== null));
    const same = before.size === client.devices.size && [...before].every((id) => client.devices.has(id));
    if (!same && this.clients.has(client)) this.watchChanged();
  }

  private forget(client: Client): void {
    if (this.clients.delete(client)) this.watchChanged();
  }

  private watchChanged(): void {
    for (const listener of this.watchListeners) listener();
  }
}
