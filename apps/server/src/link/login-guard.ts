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

class FailureWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  blocked(key: string, now: number): boolean {
    const w = this.windows.get(key);
    if (!w) return false;
    if (now - w.start >= this.windowMs) {
      this.windows.delete(key);
      return false;
    }
    return w.count >= this.max;
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

  forget(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
    // Still full: every window is current, so the flood is live; start over rather than grow.
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}

/** How long a correct secret is remembered (a rotation in this process forgets it at once). */
const REMEMBER_MS = 10 * 60_000;

/**
 * Counts failed device logins (wrong secret, unknown serial number) per address and per serial number, and remembers
 * which secret last logged each serial number in (as an HMAC under a key that lives only in this process).
 *
 * The limits slow the guesser, never the owner (docs/decisions/0010): a login over a limit is still checked, so a
 * device presenting its correct secret always gets in, whatever strangers did with its serial number or address.
 * What the limits do is make failing expensive for the guesser and cheap for us: a failure over a limit is answered
 * only after `tarpitMs`, and when the serial number's correct secret is remembered a wrong one is refused by comparing
 * HMACs, without hashing or a database lookup (`knownWrong`). In this process only; each broker guards its own port.
 */
export class LoginGuard {
  private readonly byAddress: FailureWindows;
  private readonly bySn: FailureWindows;
  private readonly key = randomBytes(32);
  private readonly good = new Map<string, { digest: Buffer; value: unknown; at: number }>();

  constructor(
    limits: LoginGuardLimits = DEFAULT_LOGIN_LIMITS,
    private readonly clock: () => number = Date.now,
    /** How long a failing attempt over a limit waits for its answer. */
    readonly tarpitMs = 2_000,
  ) {
    this.byAddress = new FailureWindows(limits.perAddress, limits.addressWindowMs);
    this.bySn = new FailureWindows(limits.perSn, limits.snWindowMs);
  }

  /** Which limit this attempt is over, or null. Over a limit the attempt is still checked, but slowly when it fails. */
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
   * A correct login clears the serial number's failures (the address keeps its count: others may share it) and,
   * given the secret, remembers it with what the login resolved to.
   */
  succeeded(sn: string, remembered?: { secret: string; value: unknown }): void {
    this.bySn.forget(sn);
    if (!remembered) return;
    if (!this.good.has(sn) && this.good.size >= MAX_KEYS) this.good.clear();
    this.good.set(sn, { digest: this.digest(sn, remembered.secret), value: remembered.value, at: this.clock() });
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

  private fresh(sn: string) {
    const entry = this.good.get(sn);
    if (entry && this.clock() - entry.at > REMEMBER_MS) {
      this.good.delete(sn);
      return undefined;
    }
    return entry;
  }

  private digest(sn: string, secret: string): Buffer {
    return createHmac('sha256', this.key).update(sn).update('\0').update(secret).digest();
  }
}

/**
 * At most `concurrency` checks at once, at most `queue` waiting: a flood of logins over the limits, each of which is
 * still checked, uses a bounded share of the CPU and the database; a correct device waits its turn instead of being
 * refused.
 */
export class CheckLane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency = 2,
    private readonly queue = 500,
  ) {}

  /** Runs `task` in turn; undefined when the queue is full (the caller answers "try later"). */
  async run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (this.running < this.concurrency) this.running += 1;
    else if (this.waiting.length >= this.queue) return undefined;
    // A finishing check hands its slot straight to the next in line, so no newcomer can slip in between.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
