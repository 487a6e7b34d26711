import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Limits of failed device logins: per remote address and per serial number, each in its own window. */
export interface LoginGuardLimits {
  /** Failed logins from one address within `addressWindowMs` after which that address is refused. */
  perAddress: number;
  addressWindowMs: number;
  /** Failed logins for one serial number within `snWindowMs` after which that serial number is refused. */
  perSn: number;
  snWindowMs: number;
}

/**
 * A device behind a NAT shares its address with others, so the address limit is generous; a serial number has one
 * owner, so guessing its secret is slowed sooner. Neither limit refuses a correct login.
 */
export const DEFAULT_LOGIN_LIMITS: LoginGuardLimits = {
  perAddress: 30,
  addressWindowMs: 60_000,
  perSn: 10,
  snWindowMs: 5 * 60_000,
};

/** Keys kept per map at most: a flood of addresses or serial numbers cannot grow memory without bound. */
const MAX_KEYS = 50_000;

/**
 * Failures per key in fixed windows, plus the attempts of each key still being checked. Those count as failures until
 * they are decided: a limit is checked when an attempt arrives, so without them a burst of concurrent attempts would
 * all arrive "under the limit" and be checked at once, however many there are.
 */
class FailureWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();
  /** Attempts being checked per key; each holds an open connection, so the map is as small as the connections are few. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  blocked(key: string, now: number): boolean {
    let count = this.pending.get(key) ?? 0;
    const w = this.windows.get(key);
    if (w && now - w.start >= this.windowMs) this.windows.delete(key);
    else if (w) count += w.count;
    return count >= this.max;
  }

  /** True when the failures decided in the key's window alone reach the limit (attempts being checked left out). */
  failedOut(key: string, now: number): boolean {
    const w = this.windows.get(key);
    return w !== undefined && now - w.start < this.windowMs && w.count >= this.max;
  }

  fail(key: string, now: number): void {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (!w && this.windows.size >= MAX_KEYS) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
  }

  begin(key: string): void {
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  end(key: string): void {
    const left = (this.pending.get(key) ?? 0) - 1;
    if (left > 0) this.pending.set(key, left);
    else this.pending.delete(key);
  }

  forget(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
    // Still full: every window is current, so the flood is live; start over rather than grow.
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}

/**
 * How long a correct secret is remembered after its session ended. While the session is open it does not age: a
 * device stays connected for days, and its reconnect after a network blip (when a flood of guesses against it would
 * hurt most) must still be recognised. A rotation in this process forgets it at once; the age limit only bounds how
 * long an entry could outlive a change this process did not hear about (several processes use an external broker).
 */
const REMEMBER_MS = 10 * 60_000;

interface Remembered {
  digest: Buffer;
  value: unknown;
  /** When the login succeeded or its session ended, whichever came last. */
  at: number;
  /** A session of this login is open: the entry does not age. */
  live: boolean;
}

/**
 * Counts failed device logins (wrong secret, unknown serial number) per address and per serial number, and remembers
 * which secret last logged each serial number in (as an HMAC under a key that lives only in this process).
 *
 * The limits slow the guesser, never the owner (docs/decisions/0010 and 0011): a login over a limit is still checked,
 * so a device presenting its correct secret always gets in, whatever strangers did with its serial number or address.
 * What the limits do is make failing expensive for the guesser and cheap for us: a failure over a limit is answered
 * only after `tarpitMs`, attempts over a limit are checked one at a time per address (CheckLane), and when the serial
 * number's correct secret is remembered a wrong one is refused by comparing HMACs (4 µs), without the PBKDF2 hash or
 * a database lookup (`knownWrong`). In this process only; each broker guards its own port.
 */
export class LoginGuard {
  private readonly byAddress: FailureWindows;
  private readonly bySn: FailureWindows;
  private readonly key = randomBytes(32);
  /** In login order, oldest first (a login moves its entry to the end), so the oldest is evicted when full. */
  private readonly good = new Map<string, Remembered>();
  /** Per address, the logins waiting for room under its limit (`whenRoom`), first come first served. */
  private readonly rooms = new Map<string, Fifo<() => void>>();

  constructor(
    limits: LoginGuardLimits = DEFAULT_LOGIN_LIMITS,
    private readonly clock: () => number = Date.now,
    /** How long a failing attempt over a limit waits for its answer. */
    readonly tarpitMs = 2_000,
  ) {
    this.byAddress = new FailureWindows(limits.perAddress, limits.addressWindowMs);
    this.bySn = new FailureWindows(limits.perSn, limits.snWindowMs);
  }

  /**
   * Which limit this attempt is over, or null; attempts still being checked (`checking`) count as failures. Over a
   * limit the broker still checks the attempt, but slowly when it fails; the OSIM gateway, whose devices have no
   * secret to prove themselves with, closes it.
   */
  refusal(address: string, sn: string): 'address' | 'serialNumber' | null {
    const now = this.clock();
    if (this.byAddress.blocked(address, now)) return 'address';
    if (sn !== '' && this.bySn.blocked(sn, now)) return 'serialNumber';
    return null;
  }

  failed(address: string, sn: string): void {
    const now = this.clock();
    this.byAddress.fail(address, now);
    if (sn !== '') this.bySn.fail(sn, now);
  }

  /**
   * An attempt is being checked: until the returned function is called it counts against both limits, so a burst of
   * concurrent attempts cannot all pass under a limit before the first failure is counted. Call `failed` (if it
   * failed) in the same tick as the returned function, so the attempt is never counted by neither.
   */
  checking(address: string, sn: string): () => void {
    this.byAddress.begin(address);
    if (sn !== '') this.bySn.begin(sn);
    let open = true;
    return () => {
      // Idempotent: a pending count that was ended twice, or never, would skew the limits for good.
      if (!open) return;
      open = false;
      this.byAddress.end(address);
      if (sn !== '') this.bySn.end(sn);
      // After the caller's `failed` of this same tick, so a waiting login sees whether this check failed.
      if (this.rooms.has(address)) queueMicrotask(() => this.admit(address));
    };
  }

  /**
   * True when `address` is over its limit only because of its attempts still being checked, none of its decided
   * failures counting enough: what a burst of correct logins from one address looks like (thousands of devices behind
   * a NAT, or on the broker's own host, reconnecting after a restart). Such a login waits for room (`whenRoom`)
   * instead of joining the guessers' one-at-a-time lane, so correct devices are checked `perAddress` at a time however
   * many share the address; only failures slow an address further.
   */
  crowded(address: string): boolean {
    const now = this.clock();
    return this.byAddress.blocked(address, now) && !this.byAddress.failedOut(address, now);
  }

  /**
   * Calls `decide` once a check of `address` has ended and the address is no longer crowded (room under its limit,
   * or its failures reached the limit: then `decide` finds it over the limit and sends the login to the lane).
   * Synchronous `decide`s in arrival order, each before the next is admitted, so each sees the room the previous took.
   * Unbounded for the same reason as the lane's queue: each waiting login is a connection its client holds open.
   */
  whenRoom(address: string, decide: () => void): void {
    let queue = this.rooms.get(address);
    if (!queue) this.rooms.set(address, (queue = new Fifo()));
    queue.push(decide);
  }

  private admit(address: string): void {
    const queue = this.rooms.get(address);
    while (queue && queue.size > 0 && !this.crowded(address)) queue.shift()?.();
    if (queue?.size === 0) this.rooms.delete(address);
  }

  /**
   * A correct login clears the serial number's failures (the address keeps its count: others may share it) and,
   * given the secret, remembers it with what the login resolved to.
   */
  succeeded(sn: string, remembered?: { secret: string; value: unknown }): void {
    this.bySn.forget(sn);
    if (!remembered) return;
    const previous = this.good.get(sn);
    this.good.delete(sn);
    if (this.good.size >= MAX_KEYS) {
      // Only correct logins are remembered, so a stranger cannot fill this; a fleet larger than it on one broker
      // loses the oldest entry, not all of them (that device is checked normally at its next login).
      const oldest = this.good.keys().next().value;
      if (oldest !== undefined) this.good.delete(oldest);
    }
    this.good.set(sn, {
      digest: this.digest(sn, remembered.secret),
      value: remembered.value,
      at: this.clock(),
      // A takeover logs in again while the old session is still open: the entry stays live.
      live: previous?.live ?? false,
    });
  }

  /** A session of the remembered login of `sn` opened: the memory does not age while it is open. */
  online(sn: string): void {
    const entry = this.good.get(sn);
    if (entry) entry.live = true;
  }

  /** The session of `sn` ended: the memory ages from now. */
  offline(sn: string): void {
    const entry = this.good.get(sn);
    if (!entry) return;
    entry.live = false;
    entry.at = this.clock();
  }

  /** What a remembered correct login of `sn` with this secret resolved to, or undefined. */
  recall<T>(sn: string, secret: string): T | undefined {
    const entry = this.fresh(sn);
    return entry && timingSafeEqual(entry.digest, this.digest(sn, secret)) ? (entry.value as T) : undefined;
  }

  /** True when the serial number's correct secret is remembered and this is not it (no hashing needed to refuse). */
  knownWrong(sn: string, secret: string): boolean {
    const entry = this.fresh(sn);
    return entry !== undefined && !timingSafeEqual(entry.digest, this.digest(sn, secret));
  }

  /** The secret of `sn` was replaced: what was remembered no longer proves anything. */
  forgetSecret(sn: string): void {
    this.good.delete(sn);
  }

  private fresh(sn: string): Remembered | undefined {
    const entry = this.good.get(sn);
    if (entry && !entry.live && this.clock() - entry.at > REMEMBER_MS) {
      this.good.delete(sn);
      return undefined;
    }
    return entry;
  }

  private digest(sn: string, secret: string): Buffer {
    return createHmac('sha256', this.key).update(sn).update('\0').update(secret).digest();
  }
}

interface Waiting {
  wanted: () => boolean;
  start: () => void;
  drop: () => void;
}

/** A FIFO that stays O(1) per item when a flood queues many thousands (Array#shift moves the whole array). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

/**
 * Where the checks of logins over a limit wait: one check at a time per key (the remote address), at most
 * `concurrency` in all, and the keys with waiting checks take turns. So a flood from one address costs one check at
 * a time and a bounded share of CPU and database, and never holds the logins of other addresses behind it (a device
 * whose serial number strangers flood from elsewhere waits for one turn, not for their queue).
 *
 * There is no queue limit: a full queue would have to answer someone without checking, and that could be the owner.
 * Every waiting check is a connection its client holds open, which the OS and Aedes' connect timeout bound; a check
 * whose client left before its turn (`wanted` false) is skipped, so opening, sending CONNECT and leaving costs no
 * check at all.
 */
export class CheckLane {
  private running = 0;
  /** Keys with a check running; such a key waits for it before its next check. */
  private readonly busy = new Set<string>();
  private readonly queues = new Map<string, Fifo<Waiting>>();
  /** Keys with waiting checks and none running, in turn order (a Set keeps insertion order). */
  private readonly turns = new Set<string>();

  constructor(private readonly concurrency = 2) {}

  /** Runs `task` in its key's turn; undefined, without running it, when `wanted` says its client has gone. */
  run<T>(key: string, task: () => Promise<T>, wanted: () => boolean = () => true): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        this.busy.add(key);
        // From a microtask, so a task that throws at once rejects its own caller instead of the dispatcher.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.busy.delete(key);
            // To the end of the line: every other key with waiting checks goes first.
            if (this.queues.has(key)) this.turns.add(key);
            this.dispatch();
          });
      };
      let queue = this.queues.get(key);
      if (!queue) this.queues.set(key, (queue = new Fifo()));
      queue.push({ wanted, start, drop: () => resolve(undefined) });
      if (!this.busy.has(key)) this.turns.add(key);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.concurrency) {
      const key = this.turns.values().next().value;
      if (key === undefined) return;
      this.turns.delete(key);
      const next = this.next(key);
      next?.start();
    }
  }

  /** The key's first waiting check whose client is still there; the others are answered undefined and dropped. */
  private next(key: string): Waiting | undefined {
    const queue = this.queues.get(key);
    let next = queue?.shift();
    while (next && !next.wanted()) {
      next.drop();
      next = queue?.shift();
    }
    if (queue && queue.size === 0) this.queues.delete(key);
    return next;
  }
}
