// One OSIM connection (docs/protocol.md, "OSIM gateway"): its request queue, the frames it reads, whether it has
// proven continuity, and the liveness check a rival claim of its serial number triggers.
import { translateText } from '@voltfleet/domain/i18n';
import type net from 'node:net';
import {
  FRAME_START,
  FrameReader,
  SYSTEM_INFO_COMMAND,
  commandCode,
  decodeFrameData,
  osimErrorText,
  resolveCommand,
  type OsimFrame,
} from '@voltfleet/osim';
import type { LinkDevice } from './link.types.js';

/** What a connection reports to the gateway that holds it. */
export interface ConnectionHost {
  /** An invalid frame: the gateway counts it and closes the connection. */
  invalidFrame(connection: OsimConnection, detail: string): void;
  /** A frame cut off by the connection's end. */
  truncatedFrame(connection: OsimConnection, detail: string): void;
  /** A sound frame that answers no request in flight. */
  unexpectedFrame(connection: OsimConnection, code: string): void;
  timedOut(connection: OsimConnection): void;
}

/** A frame to send and the reply frames that complete it. */
interface PendingRequest {
  readonly bytes: Uint8Array;
  readonly replies: readonly string[];
  readonly resolve: (result: RequestResult) => void;
}

/** The reply frames that arrived, by command code; `complete` when every expected one came before the timeout. */
export interface RequestResult {
  readonly complete: boolean;
  readonly frames: ReadonlyMap<string, OsimFrame>;
}

export /** The identity a 98 reply states, or undefined when it states none (undecodable, no serial number). */
function identityOf(frame: OsimFrame | undefined): { sn: string; pcuVersion: number; modelCode: number } | undefined {
  if (!frame) return undefined;
  const decoded = decodeFrameData(frame, 0);
  const values = decoded.ok ? decoded.value.payload?.values : undefined;
  const sn = typeof values?.sn === 'string' ? values.sn.trim() : '';
  const pcuVersion = values?.pcuVersion;
  const modelCode = values?.modelCode;
  if (sn === '' || typeof pcuVersion !== 'number' || typeof modelCode !== 'number') return undefined;
  return { sn, pcuVersion, modelCode };
}

/**
 * One inverter's TCP connection. Requests wait in a queue and go out one at a time: the next is sent only when the
 * previous one's replies are complete or it timed out. Polls use the queue, and so will parameter writes.
 */
export class OsimConnection {
  sn: string | undefined;
  device: LinkDevice | undefined;
  pcuVersion = 0;
  modelCode = 0;
  /** The DSP version this connection's 0B replies last reported (reported on once per change). */
  dspVersion: string | undefined;
  lastHeardAt = Date.now();
  closed = false;
  private provenState = false;
  private readonly provenWaiters = new Set<() => void>();
  /** The stream's first bytes until the header of its first frame (6 bytes) has been checked; then undefined. */
  private firstBytes: Buffer | undefined = Buffer.alloc(0);
  /** The liveness check running for a claim of this connection's serial number (`stillAnswers`). */
  private aliveCheck: Promise<boolean> | undefined;
  /** Told of every request that completes, while a liveness check runs. */
  private onAnswered: ((request: PendingRequest) => void) | undefined;
  private readonly reader = new FrameReader();
  private readonly queue: PendingRequest[] = [];
  private inFlight: { request: PendingRequest; frames: Map<string, OsimFrame>; timer: NodeJS.Timeout } | undefined;

  constructor(
    readonly socket: net.Socket,
    private readonly gateway: ConnectionHost,
    private readonly requestTimeoutMs: number,
  ) {}

  /** Queues a frame; resolves with the replies that arrived (never rejects: a closed connection resolves empty). */
  request(bytes: Uint8Array, replies: readonly string[]): Promise<RequestResult> {
    return new Promise((resolve) => {
      if (this.closed) return resolve({ complete: false, frames: new Map() });
      this.queue.push({ bytes, replies, resolve });
      this.pump();
    });
  }

  /** Requests still waiting plus the one in flight. */
  get backlog(): number {
    return this.queue.length + (this.inFlight ? 1 : 0);
  }

  /**
   * Continuity: the connection answered a poll after it identified itself. Until then it gets no command and does not
   * count as online: answering 98 once proves nothing (OSIM has no authentication).
   */
  get proven(): boolean {
    return this.provenState;
  }

  /** A poll was answered: the connection is proven, and whoever waits for that (`whenProven`) goes on. */
  markProven(): void {
    this.provenState = true;
    this.wakeProvenWaiters();
  }

  /** Resolves true once the connection is proven, false when it closes or `timeoutMs` passes first. */
  whenProven(timeoutMs: number): Promise<boolean> {
    if (this.provenState) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.provenWaiters.delete(wake);
        resolve(this.provenState && !this.closed);
      };
      const timer = setTimeout(wake, timeoutMs);
      this.provenWaiters.add(wake);
    });
  }

  /**
   * Whether this connection still answers, for another connection that claims its serial number (docs/security.md,
   * "OSIM"). A 98 query goes out next, ahead of anything queued; the connection is alive when a request it was already
   * carrying completes first (the query is then taken back unsent, so an upgrade's or a command's sequence is not
   * interleaved with it), or when the query is answered with `sn` before it times out. One check at a time: claims
   * that arrive while it runs share it, so a crowd of claimants costs the inverter one query.
   */
  stillAnswers(query: Uint8Array, sn: string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.aliveCheck) return this.aliveCheck;
    let settled = false;
    const check = new Promise<boolean>((resolve) => {
      const probe: PendingRequest = {
        bytes: query,
        replies: [SYSTEM_INFO_COMMAND],
        resolve: (result) => settle(!this.closed && identityOf(result.frames.get(SYSTEM_INFO_COMMAND))?.sn === sn),
      };
      const settle = (alive: boolean) => {
        if (settled) return;
        settled = true;
        this.onAnswered = undefined;
        this.aliveCheck = undefined;
        const waiting = this.queue.indexOf(probe);
        if (waiting >= 0) this.queue.splice(waiting, 1);
        resolve(alive);
      };
      this.onAnswered = (request) => {
        if (request !== probe) settle(true);
      };
      this.queue.unshift(probe);
      this.pump();
    });
    if (!settled) this.aliveCheck = check;
    return check;
  }

  received(chunk: Buffer): void {
    if (this.closed) return;
    if (this.firstBytes) {
      const head = Buffer.concat([this.firstBytes, chunk.subarray(0, 6 - this.firstBytes.length)]);
      this.firstBytes = head.length < 6 ? head : undefined;
      // The first frame can only be the answer to 98, and its header says whether it is: anything else is refused
      // at once instead of waiting for the rest of a frame that may never come. (Bytes that do not start a frame at
      // all are refused by the reader below.)
      if (head.length === 6 && head[0] === FRAME_START[0] && head[1] === FRAME_START[1]) {
        const code = commandCode(head.readUInt16BE(4));
        if (code !== SYSTEM_INFO_COMMAND) return this.gateway.invalidFrame(this, `the first frame is ${code}, not 98`);
      }
    }
    for (const event of this.reader.push(chunk)) {
      // The first invalid frame ends the connection: garbage is not held for the identification timeout, and a
      // real inverter that lost sync simply dials again.
      if (!event.ok) return this.gateway.invalidFrame(this, translateText(osimErrorText(event.error), 'en'));
      this.lastHeardAt = Date.now();
      this.frame(event.frame);
      if (this.closed) return;
    }
  }

  /** The socket closed: a cut-off frame is logged, waiting requests end without replies. */
  ended(): void {
    if (this.closed) return;
    this.closed = true;
    for (const event of this.reader.end()) {
      if (!event.ok) this.gateway.truncatedFrame(this, translateText(osimErrorText(event.error), 'en'));
    }
    if (this.inFlight) {
      clearTimeout(this.inFlight.timer);
      this.inFlight.request.resolve({ complete: false, frames: this.inFlight.frames });
      this.inFlight = undefined;
    }
    for (const pending of this.queue.splice(0)) pending.resolve({ complete: false, frames: new Map() });
    this.wakeProvenWaiters();
  }

  close(): void {
    this.socket.destroy();
    this.ended();
  }

  private frame(frame: OsimFrame): void {
    const current = this.inFlight;
    const code = commandCode(frame.command);
    if (!current || !current.request.replies.includes(code)) {
      // Before identification only 98 was asked: another frame is not an inverter speaking OSIM. (A second 98 is let
      // pass: an inverter that announces itself on connect answers the query too.) Afterwards a frame nobody asked
      // for is usually a late answer to a request that timed out, and is only counted.
      if (!this.device && code !== SYSTEM_INFO_COMMAND)
        return this.gateway.invalidFrame(this, `frame ${code} before identification`);
      this.gateway.unexpectedFrame(this, code);
      return;
    }
    current.frames.set(code, frame);
    if (current.request.replies.every((r) => current.frames.has(r))) this.finish(true);
  }

  private finish(complete: boolean): void {
    const current = this.inFlight;
    if (!current) return;
    clearTimeout(current.timer);
    this.inFlight = undefined;
    if (complete) this.onAnswered?.(current.request);
    current.request.resolve({ complete, frames: current.frames });
    this.pump();
  }

  private wakeProvenWaiters(): void {
    for (const wake of [...this.provenWaiters]) wake();
  }

  private pump(): void {
    if (this.inFlight || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const timer = setTimeout(() => {
      this.gateway.timedOut(this);
      this.finish(false);
    }, this.requestTimeoutMs);
    this.inFlight = { request: next, frames: new Map(), timer };
    this.socket.write(next.bytes);
  }
}

/** The reply frames that answer a query for this PCU version (99 → 99, 9A, 9B, 9C; 95 → 95 and 9D from 259 on). */
export function expectedReplies(code: string, pcuVersion: number): string[] {
  const command = resolveCommand(code, pcuVersion);
  if (!command.ok) return [code];
  const replies = command.value.replies ?? [command.value.code];
  return replies.filter((r) => resolveCommand(r, pcuVersion).ok);
}
