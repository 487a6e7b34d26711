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
 * owner, so guessing its secret is stopped sooner. A device that logs in correctly never fails, so it never meets
 * either limit.
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

/**
 * Counts failed device logins (wrong secret, unknown serial number) and refuses further attempts from an address or
 * for a serial number that failed too often, before the secret is checked: guessing is stopped and a flood of bad
 * logins does not make the server hash secrets for it. In this process only; each broker process guards its own port.
 */
export class LoginGuard {
  private readonly byAddress: FailureWindows;
  private readonly bySn: FailureWindows;

  constructor(
    limits: LoginGuardLimits = DEFAULT_LOGIN_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {
    this.byAddress = new FailureWindows(limits.perAddress, limits.addressWindowMs);
    this.bySn = new FailureWindows(limits.perSn, limits.snWindowMs);
  }

  /** Why a login must be refused without looking at its secret, or null when it may be checked. */
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

  /** A correct login clears the serial number's failures (the address keeps its count: others may share it). */
  succeeded(sn: string): void {
    this.bySn.forget(sn);
  }
}
