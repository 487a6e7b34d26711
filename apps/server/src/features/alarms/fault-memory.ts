import type { FaultTracker } from '@voltfleet/domain/alarms';

/**
 * The alarm engine's fault trackers held in memory, for the devices of the shards this process owns (AlarmShards:
 * while it holds a shard, no other process evaluates or writes its devices' state). So the engine need not read
 * alarm_faults before each batch, nor write every device's trackers after it: it reads a device's trackers once, and
 * writes them only when they change in a way a restart or a takeover must see (a fault appears or goes, is raised,
 * recovers, turns absent or flapping), and otherwise at most once per `seenPersistMs` of wall time for a newer "last
 * seen" (a device reporting every few seconds with a standing fault would else rewrite it with every batch). So
 * whoever reads the state next finds every debounce, hysteresis and alarm exactly as the rules left them, and an
 * alarm's "last seen" is at most `seenPersistMs` behind (decisions 0018, 0028).
 */
export class FaultMemory {
  /** Trackers after the last committed batch, by device (an empty list: known to have none). */
  private readonly current = new Map<number, FaultTracker[]>();
  /** The same as stored in alarm_faults (and alarms' last_seen_at). */
  private readonly written = new Map<number, FaultTracker[]>();
  /** When (wall time) each device's trackers were last written or read. */
  private readonly writtenAt = new Map<number, number>();

  constructor(private readonly seenPersistMs: number) {}

  /** Whether this device's trackers are known here (read from the database once). */
  knows(deviceId: number): boolean {
    return this.current.has(deviceId);
  }

  /** Has trackers (a fault present or an alarm waiting to recover). */
  hasFaults(deviceId: number): boolean {
    return (this.current.get(deviceId)?.length ?? 0) > 0;
  }

  /** What was read from the database for devices not known yet (missing devices have no trackers). */
  loaded(deviceIds: readonly number[], stored: Map<number, FaultTracker[]>, now: number): void {
    for (const id of deviceIds) {
      if (this.current.has(id)) continue;
      const list = stored.get(id) ?? [];
      this.current.set(id, copies(list));
      this.written.set(id, copies(list));
      this.writtenAt.set(id, now);
    }
  }

  /** A device's trackers to step through a batch: copies, so a batch that fails to commit leaves these untouched. */
  take(deviceId: number): FaultTracker[] {
    return copies(this.current.get(deviceId) ?? []);
  }

  /**
   * Whether `after` must be written at `now`: it differs from the stored trackers, or only in a newer "last seen"
   * that has waited `seenPersistMs` since the device's last write.
   */
  mustWrite(deviceId: number, after: readonly FaultTracker[], now: number): boolean {
    const before = new Map((this.written.get(deviceId) ?? []).map((t) => [t.code, t]));
    if (before.size !== after.length) return true;
    const due = now - (this.writtenAt.get(deviceId) ?? -Infinity) >= this.seenPersistMs;
    return after.some((t) => {
      const w = before.get(t.code);
      return (
        !w ||
        w.deviceCode !== t.deviceCode ||
        w.presentSince !== t.presentSince ||
        w.absentSince !== t.absentSince ||
        w.alarmId !== t.alarmId ||
        w.flapping !== t.flapping ||
        (due && t.lastSeenAt !== w.lastSeenAt)
      );
    });
  }

  /** The "last seen" of this device's alarms as last written (or read), by alarm. */
  storedSeen(deviceId: number): Map<number, number> {
    const out = new Map<number, number>();
    for (const t of this.written.get(deviceId) ?? []) if (t.alarmId !== null) out.set(t.alarmId, t.lastSeenAt);
    return out;
  }

  /**
   * A batch committed at `now`: `after` is each evaluated device's state, `written` the devices whose state it
   * stored.
   */
  committed(after: Map<number, FaultTracker[]>, written: ReadonlySet<number>, now: number): void {
    for (const [id, list] of after) {
      this.current.set(id, copies(list));
      if (!written.has(id)) continue;
      this.written.set(id, copies(list));
      this.writtenAt.set(id, now);
    }
  }

  /** A batch failed: forget these devices, so their next batch reads what the database holds. */
  forget(deviceIds: readonly number[]): void {
    for (const id of deviceIds) {
      this.current.delete(id);
      this.written.delete(id);
      this.writtenAt.delete(id);
    }
  }

  /** Forgets the devices `which` picks (their shard was lost, or taken anew). */
  forgetWhere(which: (deviceId: number) => boolean): void {
    this.forget([...this.current.keys()].filter(which));
  }
}

function copies(list: readonly FaultTracker[]): FaultTracker[] {
  return list.map((t) => ({ ...t }));
}

/** The raise times of one device and code known here: every raise at or after `since`, oldest first. */
export interface KnownRaises {
  since: number;
  times: number[];
}

/**
 * The flapping rule's question ("how many alarms of this device and code were raised since T?") answered from memory,
 * for the same reason as FaultMemory: while this process owns a device, it makes every raise of its faults. The first
 * question about a device and code reads the raise times from the database; the raises this engine makes are added as
 * their batches commit. Times older than the flapping window before the newest are dropped, so a pair costs a few numbers.
 */
export class RaiseMemory {
  private readonly known = new Map<string, KnownRaises>();
  /** Devices whose every raise at or after the time given is known here (read together, see `loaded`). */
  private readonly devices = new Map<number, number>();

  constructor(private readonly windowMs: number) {}

  /**
   * Every raise of these devices at or after `since`, read from the database: a later question about any of their
   * codes from `since` on is answered here (a code with none has none).
   */
  loaded(
    deviceIds: readonly number[],
    rows: readonly { deviceId: number; code: string; raisedAt: number }[],
    since: number,
  ): void {
    const fresh = new Set(deviceIds.filter((id) => !this.devices.has(id)));
    const read = new Map<string, number[]>();
    for (const r of rows) {
      if (!fresh.has(r.deviceId) || r.raisedAt < since) continue;
      const k = raiseKey(r.deviceId, r.code);
      const times = read.get(k);
      if (times) times.push(r.raisedAt);
      else read.set(k, [r.raisedAt]);
    }
    for (const id of fresh) this.devices.set(id, since);
    for (const [k, times] of read)
      if (!this.known.has(k)) this.known.set(k, { since, times: times.sort((a, b) => a - b) });
  }

  /** The known raises of a device and code, when they cover `since`; undefined when the database must be asked. */
  covering(deviceId: number, code: string, since: number): KnownRaises | undefined {
    const k = this.known.get(raiseKey(deviceId, code));
    if (k) return since >= k.since ? k : undefined;
    const from = this.devices.get(deviceId);
    return from !== undefined && since >= from ? { since: from, times: [] } : undefined;
  }

  /** A batch committed: what it read and raised, by device and code. */
  committed(batch: ReadonlyMap<string, KnownRaises>): void {
    for (const [k, { since, times }] of batch) {
      const sorted = [...times].sort((a, b) => a - b);
      const newest = sorted.at(-1);
      const keepFrom = newest === undefined ? since : Math.max(since, newest - this.windowMs);
      this.known.set(k, { since: keepFrom, times: sorted.filter((t) => t >= keepFrom) });
    }
  }

  /** A batch failed: forget these devices' raises (what it read may have included its own, rolled back). */
  forget(deviceIds: readonly number[]): void {
    const gone = new Set(deviceIds);
    this.forgetWhere((id) => gone.has(id));
  }

  /** Forgets the devices `which` picks (their shard was lost, or taken anew). */
  forgetWhere(which: (deviceId: number) => boolean): void {
    for (const k of this.known.keys()) if (which(Number(k.split(':')[0]))) this.known.delete(k);
    for (const id of this.devices.keys()) if (which(id)) this.devices.delete(id);
  }
}

/** The key of a device and code in RaiseMemory and in a batch's map of raises. */
export function raiseKey(deviceId: number, code: string): string {
  return `${deviceId}:${code}`;
}
