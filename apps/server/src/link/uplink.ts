import { EventEmitter } from 'node:events';
import type { CommandAck, LinkCounters, LinkDevice, LinkEvents, LinkLog, ReadingSink } from './link.types.js';
import {
  countRejection,
  createLinkCounters,
  parseAck,
  parseReading,
  parseStatus,
  type LinkReason,
  type UplinkChannel,
} from './mqtt-protocol.js';

export type AckHandler = (device: LinkDevice, ack: CommandAck) => void | Promise<void>;

const QUIET_LOG = { info: () => undefined, warn: () => undefined, error: () => undefined } satisfies LinkLog;
/** A misbehaving device could send thousands of bad messages: log each (device, reason) at most once a minute. */
const LOG_INTERVAL_MS = 60_000;
const LOG_MEMORY = 10_000;

/**
 * What both links do with a device's uplink message once its sender is known: a reading is validated and submitted
 * (the returned promise settles when it is committed: ack then), a status becomes a presence event when the link says
 * so, a command answer goes to the ack handlers. A bad payload resolves (acknowledged and dropped: redelivering it
 * would not make it valid) and is counted; only a failed submit rejects, so the message is not acknowledged.
 */
export class Uplink {
  readonly counters: LinkCounters = createLinkCounters();
  readonly events = new EventEmitter<LinkEvents>();
  readonly log: LinkLog;
  private readonly ackHandlers = new Set<AckHandler>();
  /**
   * Settles when the first ack handler is attached. A restarted process's broker hands over the answers it kept for
   * the persistent session as soon as the link connects, before the command dispatcher attaches (runtime.ts attaches
   * it to a started link); recorded by nobody, such an answer would be acknowledged and lost, and its command time
   * out (the faults test "the ingest process killed with commands in flight" failed so, 2026-12-03).
   */
  private readonly firstAckHandler: Promise<void>;
  private attached!: () => void;
  private readonly lastLogged = new Map<string, number>();

  constructor(
    private readonly sink: ReadingSink,
    log: LinkLog | undefined,
    /** True when status messages drive presence (external broker); the in-process broker watches connections. */
    private readonly statusIsPresence: boolean,
  ) {
    this.log = log ?? QUIET_LOG;
    this.firstAckHandler = new Promise((resolve) => (this.attached = resolve));
  }

  onAck(handler: AckHandler): () => void {
    this.ackHandlers.add(handler);
    this.attached();
    return () => void this.ackHandlers.delete(handler);
  }

  async handle(device: LinkDevice, channel: UplinkChannel, payload: Buffer): Promise<void> {
    if (channel === 'reading') return this.reading(device, payload);
    if (channel === 'ack') {
      const ack = parseAck(payload);
      if (!ack.ok) return this.refuse(ack.reason, device.sn, ack.detail);
      // Awaited, so the message is acknowledged only once the answer is recorded: a server killed in between got no
      // PUBACK out, and the broker hands the answer to the restarted process (recording it again changes nothing).
      await this.firstAckHandler;
      const recorded: Promise<void>[] = [];
      for (const handler of this.ackHandlers) {
        try {
          recorded.push(Promise.resolve(handler(device, ack.value)));
        } catch (err) {
          this.log.error({ err }, 'ack handler failed');
        }
      }
      await Promise.all(recorded);
      return;
    }
    const status = parseStatus(payload);
    if (!status.ok) return this.refuse(status.reason, device.sn, status.detail);
    if (this.statusIsPresence) this.presence(status.value.status, device);
    const versions = status.value.versions;
    if (versions) this.guard(() => this.events.emit('versions', device, versions), 'versions listener failed');
  }

  /** Emits a presence event; a throwing listener is logged, never thrown into the broker. */
  presence(state: 'online' | 'offline', device: LinkDevice): void {
    this.guard(() => this.events.emit(state, device), 'presence listener failed');
  }

  /** Counts a refusal by reason and logs it (rate-limited per device and reason). */
  refuse(reason: LinkReason, sn: string, detail: string): void {
    countRejection(this.counters, reason);
    const key = `${sn} ${reason}`;
    const now = Date.now();
    if (now - (this.lastLogged.get(key) ?? -Infinity) < LOG_INTERVAL_MS) return;
    if (this.lastLogged.size >= LOG_MEMORY) this.lastLogged.clear();
    this.lastLogged.set(key, now);
    this.log.warn({ sn, reason, detail }, 'mqtt: device message refused');
  }

  private async reading(device: LinkDevice, payload: Buffer): Promise<void> {
    const parsed = parseReading(payload, device.sn, Date.now());
    if (!parsed.ok) return this.refuse(parsed.reason, device.sn, parsed.detail);
    try {
      await this.sink.submit(device, parsed.value);
    } catch (err) {
      this.refuse('link.submitFailed', device.sn, (err as Error).message);
      throw err;
    }
    this.counters.accepted += 1;
  }

  private guard(fn: () => void, msg: string): void {
    try {
      fn();
    } catch (err) {
      this.log.error({ err }, msg);
    }
  }
}
