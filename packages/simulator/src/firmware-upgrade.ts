import { isFirmwareVersion, UPGRADE_RESTART_WAIT_MS, type FirmwareKind } from '@voltfleet/domain/firmware';
import type { SimInverter } from './inverter.js';

/** An upgrade order as the platform sends it: which image (kind, model family, version) to install. */
export interface UpgradeOrder {
  kind: FirmwareKind;
  family: string;
  version: string;
}

/** Why a simulated inverter refuses an upgrade; the platform stores it as the command's failure reason. */
export type UpgradeRefusal = 'notShutDown' | 'familyMismatch' | 'badVersion' | 'restarting';

export type UpgradeAnswer = { ok: true; restartUntilMs: number } | { ok: false; reason: UpgradeRefusal };

/**
 * The firmware side of a simulated inverter: it accepts an image only while shut down and only for its own model
 * family, "restarts" for `restartMs` (R9.2: 20 minutes; tests and demos pass an accelerated time) and comes back
 * with the new version.
 */
export class SimFirmware {
  private pending: { order: UpgradeOrder; untilMs: number } | undefined;

  constructor(
    private readonly inverter: SimInverter,
    private readonly restartMs = UPGRADE_RESTART_WAIT_MS,
  ) {}

  /** True while the inverter is restarting into a new image (it sends nothing meanwhile). */
  restartingAt(nowMs: number): boolean {
    return this.pending !== undefined && nowMs < this.pending.untilMs;
  }

  /** Starts installing an image, or says why the inverter refuses it. */
  start(order: UpgradeOrder, nowMs: number): UpgradeAnswer {
    if (this.pending) return { ok: false, reason: 'restarting' };
    if (order.family !== this.inverter.model) return { ok: false, reason: 'familyMismatch' };
    if (!isFirmwareVersion(order.kind, order.version)) return { ok: false, reason: 'badVersion' };
    if (this.inverter.parameters.onOff !== 0) return { ok: false, reason: 'notShutDown' };
    const untilMs = nowMs + this.restartMs;
    this.pending = { order, untilMs };
    return { ok: true, restartUntilMs: untilMs };
  }

  /** Finishes a restart that is due: the inverter runs the new version. True when it came back at this call. */
  tick(nowMs: number): boolean {
    if (!this.pending || nowMs < this.pending.untilMs) return false;
    const { kind, version } = this.pending.order;
    this.pending = undefined;
    this.inverter.firmwareChange(kind === 'PCU' ? { pcuVersion: version } : { dspVersion: version });
    return true;
  }
}
