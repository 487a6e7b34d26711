// The OSIM gateway (docs/protocol.md, "OSIM gateway"): Sermatec inverters in station mode dial this TCP server. Each
// connection is identified with query 98, must belong to a stocked-in device, and is then polled with its PCU
// version's query set; the decoded values go through the same ingest as MQTT readings.
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { validateReading, type Reading } from '@voltfleet/domain';
import {
  FRAME_START,
  FrameReader,
  SYSTEM_INFO_COMMAND,
  buildQuery,
  commandCode,
  decodeFrame,
  decodeFrameData,
  osimErrorMessage,
  osimDspVersionText,
  osimVersionText,
  pollingCommands,
  resolveCommand,
  toHex,
  type OsimFrame,
  type OsimValues,
} from '@voltfleet/osim';
import type { Queryable } from '../db/db.js';
import type {
  DeviceLookup,
  DeviceVersions,
  IdentityConflict,
  LinkCounters,
  LinkDevice,
  LinkEvents,
  LinkLog,
  ReadingSink,
} from './link.types.js';
import { countRejection, createLinkCounters } from './mqtt-protocol.js';
import { DEFAULT_LOGIN_LIMITS, LoginGuard, type LoginGuardLimits } from './login-guard.js';
import { mapOsimReplies } from './osim-readings.js';

export interface OsimGatewayOptions {
  port: number;
  host?: string;
  devices: DeviceLookup;
  sink: ReadingSink;
  /** Where the identified PCU version and model code are stored. */
  db: Queryable;
  log?: OsimLog;
  /** Time between the starts of two poll cycles. */
  pollIntervalMs: number;
  /** A request without its (complete) reply after this long has timed out. */
  requestTimeoutMs: number;
  /** A connection that has sent no valid frame for this long is closed (default: 3 poll intervals). */
  silenceMs?: number;
  /** Failed identifications (no or bad 98, serial number not stocked in) per address and serial number. */
  identifyLimits?: LoginGuardLimits;
  /** Where identity conflicts are kept so the device page can show them (the devices feature). */
  conflicts?: { record(device: LinkDevice, remote: string): Promise<void> };
  /**
   * A device of protocol MQTT seen within this long is live on the MQTT link, and an OSIM claim of its serial number
   * is refused as an identity conflict (default 5 minutes, like DEVICE_OFFLINE_SECONDS).
   */
  mqttLiveMs?: number;
  /** Lines about invalid frames and strangers' sockets: at most one per this long (default 10 s). */
  noiseLogMs?: number;
}

/** A LinkLog with the debug level (Fastify's and pino's loggers have it) for what strangers can cause in bulk. */
export interface OsimLog extends LinkLog {
  debug?(obj: object, msg: string): void;
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

/** A debug exchange: the device's PCU version and the reply frames in the order the command defines them. */
export interface OsimExchange {
  readonly pcuVersion: number;
  readonly complete: boolean;
  readonly frames: readonly OsimFrame[];
}

/** What the gateway counts (readings accepted and refused like the MQTT links, plus OSIM specifics). */
export interface OsimCounters extends LinkCounters {
  badFrames: number;
  timeouts: number;
  unknownDevices: number;
  /** A connection claimed a serial number live elsewhere and was refused (docs/security.md, "OSIM"). */
  identityConflicts: number;
  /** Connections closed at their first invalid frame (also counted in badFrames). */
  invalidConnections: number;
  /** Connections that took a serial number over from a connection that no longer answered. */
  takeovers: number;
}

const QUIET_LOG: OsimLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The identity a 98 reply states, or undefined when it states none (undecodable, no serial number). */
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
    private readonly gateway: OsimGateway,
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
      if (!event.ok) return this.gateway.invalidFrame(this, osimErrorMessage(event.error, 'en'));
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
      if (!event.ok) this.gateway.truncatedFrame(this, osimErrorMessage(event.error, 'en'));
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

export class OsimGateway {
  readonly counters: OsimCounters = {
    ...createLinkCounters(),
    badFrames: 0,
    timeouts: 0,
    unknownDevices: 0,
    identityConflicts: 0,
    invalidConnections: 0,
    takeovers: 0,
  };
  readonly events = new EventEmitter<LinkEvents>();
  private readonly server: net.Server;
  private readonly connections = new Set<OsimConnection>();
  /** The current connection of each identified device (a reconnect replaces the old one). */
  private readonly bySn = new Map<string, OsimConnection>();
  private readonly log: OsimLog;
  /** What strangers can cause in bulk (invalid frames, their sockets' errors): debug level, throttled. */
  private readonly noise: NoiseLog;
  private readonly silenceMs: number;
  private readonly mqttLiveMs: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly polling = new Set<OsimConnection>();

  /**
   * Addresses and serial numbers that failed identification too often are refused before anything is asked: a
   * flood of strangers costs no query, no database lookup and no log line each.
   */
  private readonly identifications: LoginGuard;

  private constructor(private readonly options: OsimGatewayOptions) {
    this.identifications = new LoginGuard(options.identifyLimits ?? DEFAULT_LOGIN_LIMITS);
    this.log = options.log ?? QUIET_LOG;
    this.noise = new NoiseLog(options.noiseLogMs ?? 10_000, (obj, msg) => this.log.debug?.(obj, msg));
    this.silenceMs = options.silenceMs ?? options.pollIntervalMs * 3;
    this.mqttLiveMs = options.mqttLiveMs ?? 5 * 60_000;
    this.server = net.createServer((socket) => this.accept(socket));
  }

  static async start(options: OsimGatewayOptions): Promise<OsimGateway> {
    const gateway = new OsimGateway(options);
    await new Promise<void>((resolve, reject) => {
      gateway.server.once('error', reject);
      gateway.server.listen(options.port, options.host ?? '0.0.0.0', () => {
        gateway.server.off('error', reject);
        resolve();
      });
    });
    gateway.timer = setInterval(() => gateway.tick(), Math.min(1000, options.pollIntervalMs));
    return gateway;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : this.options.port;
  }

  /** The live connection of a device, if it is connected and identified. */
  connection(sn: string): OsimConnection | undefined {
    return this.bySn.get(sn);
  }

  isConnected(sn: string): boolean {
    return this.bySn.has(sn);
  }

  /** Whether commands may go to the device now: connected, identified and proven by an answered poll. */
  commandReady(sn: string): boolean {
    const connection = this.bySn.get(sn);
    return connection !== undefined && !connection.closed && connection.proven;
  }

  /**
   * Online debug: sends one whole frame to a connected device through its request queue (between polls) and waits
   * for the frames that answer its command. Undefined when the device is not connected over OSIM.
   */
  async exchange(sn: string, request: Uint8Array): Promise<OsimExchange | undefined> {
    const connection = this.bySn.get(sn);
    if (!connection) return undefined;
    const frame = decodeFrame(request);
    if (!frame.ok) throw new Error(osimErrorMessage(frame.error, 'en'));
    // A debug frame may be a write: like a command it goes only to a connection that proved continuity by answering
    // a poll. One that has just identified itself gets one request's time to do so.
    const proven = await connection.whenProven(this.options.requestTimeoutMs);
    if (!proven || connection.closed || this.bySn.get(sn) !== connection) return undefined;
    const pcuVersion = connection.pcuVersion;
    const replies = expectedReplies(commandCode(frame.value.command), pcuVersion);
    const answer = await connection.request(request, replies);
    const frames = replies.flatMap((code) => {
      const reply = answer.frames.get(code);
      return reply ? [reply] : [];
    });
    return { pcuVersion, complete: answer.complete, frames };
  }

  /** Open sockets, identified or not. */
  get connectionCount(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const connection of [...this.connections]) connection.close();
    await closed;
  }

  /** A reply of an identified device whose data its layout cannot read: the frame itself was sound. */
  badFrame(connection: OsimConnection, detail: string): void {
    this.counters.badFrames += 1;
    this.log.warn({ sn: connection.sn, remote: connection.socket.remoteAddress, detail }, 'osim: bad frame');
  }

  /**
   * A connection sent an invalid frame (bytes that do not frame, a bad checksum or end byte, before identification a
   * frame other than the 98 answer): closed at once, counted, and counted against its address while unidentified.
   * Logged at debug level and throttled: anyone can send garbage, many times over.
   */
  invalidFrame(connection: OsimConnection, detail: string): void {
    if (connection.closed) return;
    this.counters.badFrames += 1;
    this.counters.invalidConnections += 1;
    this.noise.note(
      { sn: connection.sn, remote: connection.socket.remoteAddress, detail },
      'osim: invalid frame, connection closed',
    );
    if (!connection.device) this.identifications.failed(connection.socket.remoteAddress ?? '', '');
    connection.close();
  }

  /** A frame cut off by the connection's end. */
  truncatedFrame(connection: OsimConnection, detail: string): void {
    this.counters.badFrames += 1;
    this.noise.note({ sn: connection.sn, remote: connection.socket.remoteAddress, detail }, 'osim: frame cut off');
  }

  unexpectedFrame(connection: OsimConnection, code: string): void {
    this.counters.badFrames += 1;
    this.noise.note(
      { sn: connection.sn, remote: connection.socket.remoteAddress, command: code },
      'osim: frame answers no request in flight',
    );
  }

  timedOut(connection: OsimConnection): void {
    this.counters.timeouts += 1;
    this.log.warn({ sn: connection.sn }, 'osim: request timed out');
  }

  private accept(socket: net.Socket): void {
    if (this.identifications.refusal(socket.remoteAddress ?? '', '')) {
      countRejection(this.counters, 'link.auth');
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const connection = new OsimConnection(socket, this, this.options.requestTimeoutMs);
    this.connections.add(connection);
    socket.on('data', (chunk: Buffer) => connection.received(chunk));
    socket.on('error', (err) => {
      const details = { sn: connection.sn, remote: socket.remoteAddress, err: err.message };
      // A stranger's reset is noise; an identified device's socket error is worth a line.
      if (connection.device) this.log.warn(details, 'osim: socket error');
      else this.noise.note(details, 'osim: socket error');
    });
    socket.on('close', () => this.closed(connection));
    void this.identify(connection).catch((err: unknown) => {
      this.log.error({ err, sn: connection.sn }, 'osim: identification failed');
      connection.close();
    });
  }

  private closed(connection: OsimConnection): void {
    connection.ended();
    this.connections.delete(connection);
    const sn = connection.sn;
    if (sn !== undefined && this.bySn.get(sn) === connection) {
      this.bySn.delete(sn);
      if (connection.device && connection.proven) this.presence('offline', connection.device);
      this.log.info({ sn }, 'osim: device disconnected');
    }
  }

  /**
   * Query 98 → serial number, model code, PCU version; an unknown serial number is logged and closed. A serial number
   * live elsewhere is not taken over (the identity rule, docs/security.md "OSIM"):
   * - a device of protocol MQTT seen within `mqttLiveMs` is live on the MQTT link: the claim is refused;
   * - a serial number held by an OSIM connection is taken over only when that connection is closed, or fails its
   *   liveness check (`OsimConnection.stillAnswers`): within one request timeout after the request it is carrying,
   *   neither completes any request nor answers a 98 query with its serial number. Otherwise the claim is refused.
   * A refused claim is an identity conflict: logged with both addresses, counted, stored and emitted.
   */
  private async identify(connection: OsimConnection): Promise<void> {
    const query = buildQuery(SYSTEM_INFO_COMMAND, 0);
    if (!query.ok) throw new Error(osimErrorMessage(query.error, 'en'));
    const answer = await connection.request(query.value, [SYSTEM_INFO_COMMAND]);
    const frame = answer.frames.get(SYSTEM_INFO_COMMAND);
    if (connection.closed) return;
    const address = connection.socket.remoteAddress ?? '';
    if (!frame) {
      this.identifications.failed(address, '');
      this.log.warn({ remote: address }, 'osim: no identification reply, closing');
      return connection.close();
    }
    const identity = identityOf(frame);
    if (!identity) return this.invalidFrame(connection, 'a 98 answer without a readable serial number');
    const { sn, pcuVersion, modelCode } = identity;
    if (this.identifications.refusal(address, sn)) {
      countRejection(this.counters, 'link.auth');
      return connection.close();
    }
    connection.sn = sn;
    const device = await this.options.devices.find(sn);
    if (connection.closed) return;
    if (!device) {
      this.identifications.failed(address, sn);
      this.counters.unknownDevices += 1;
      countRejection(this.counters, 'link.unknownDevice');
      this.log.warn(
        { sn, remote: connection.socket.remoteAddress, data: toHex(frame.data) },
        'osim: unknown serial number (not stocked in), closing',
      );
      connection.sn = undefined;
      return connection.close();
    }
    const liveOnMqtt = await this.liveOnMqtt(device);
    if (connection.closed) return;
    if (liveOnMqtt) return this.identityConflict(device, { link: 'mqtt' }, connection);
    for (;;) {
      const holder = this.bySn.get(sn);
      if (!holder || holder.closed) break;
      const alive = await holder.stillAnswers(query.value, sn);
      if (connection.closed) return;
      // Another claimant took the serial number over (or the holder left) while the check ran: judge this claim
      // against whoever holds it now, so a second claimant cannot ride on the first one's takeover.
      if (this.bySn.get(sn) !== holder) continue;
      if (alive)
        return this.identityConflict(device, { link: 'osim', remote: holder.socket.remoteAddress ?? '' }, connection);
      this.counters.takeovers += 1;
      this.log.warn(
        { sn, previous: holder.socket.remoteAddress, remote: address },
        'osim: the previous connection no longer answers; the new one replaces it',
      );
      break;
    }
    this.identifications.succeeded(sn);
    connection.device = device;
    connection.pcuVersion = pcuVersion;
    connection.modelCode = modelCode;
    // The new connection holds the serial number before the old one is closed, so closing it is no offline event:
    // the device never went away.
    const replaced = this.bySn.get(sn);
    this.bySn.set(sn, connection);
    if (replaced && replaced !== connection) replaced.close();
    await this.options.db.query(
      `UPDATE devices SET osim_pcu_version = $2, osim_model_code = $3, protocol = 'osim', updated_at = now()
       WHERE id = $1`,
      [device.id, pcuVersion, modelCode],
    );
    if (connection.closed) return;
    this.log.info({ sn, pcuVersion, modelCode }, 'osim: device identified');
    // The PCU version in the catalogue's form (603 → 6.0.3), stored and settled like an MQTT device's report.
    const reported = osimVersionText(pcuVersion);
    if (reported) this.reportVersions(device, { pcuVersion: reported });
    // Online (and open to commands) only once it answers a poll: see OsimConnection.proven.
    void this.poll(connection);
  }

  /**
   * Whether the device reports over MQTT and was seen lately: then an OSIM claim of its serial number would take its
   * commands away from the MQTT link (the gateway sets the protocol to OSIM), so it is refused.
   */
  private async liveOnMqtt(device: LinkDevice): Promise<boolean> {
    const { rows } = await this.options.db.query<{ live: boolean }>(
      `SELECT protocol = 'mqtt' AND last_seen_at IS NOT NULL AND last_seen_at > now() - make_interval(secs => $2) AS live
         FROM devices WHERE id = $1`,
      [device.id, this.mqttLiveMs / 1000],
    );
    return rows[0]?.live === true;
  }

  /**
   * Refuses a claim of a serial number that is live elsewhere: logged with both addresses, counted, emitted as
   * `identityConflict` (the hook for alarms) and stored for the device page.
   */
  private async identityConflict(
    device: LinkDevice,
    holder: IdentityConflict['holder'],
    claimant: OsimConnection,
  ): Promise<void> {
    const remote = claimant.socket.remoteAddress ?? '';
    this.counters.identityConflicts += 1;
    // Counted against the claimant's address like a failed identification, so a flood of claims from one address is
    // soon refused before anything is asked; never against the serial number, which would lock the real one out.
    this.identifications.failed(remote, '');
    this.log.warn(
      { sn: device.sn, claimant: remote, holder: holder.link === 'osim' ? holder.remote : 'mqtt' },
      'osim: identity conflict: the serial number is live elsewhere; the claiming connection is refused',
    );
    claimant.close();
    try {
      this.events.emit('identityConflict', device, { claimant: remote, holder, at: Date.now() });
    } catch (err) {
      this.log.error({ err, sn: device.sn }, 'osim: identity conflict listener failed');
    }
    try {
      await this.options.conflicts?.record(device, remote);
    } catch (err) {
      this.log.error({ err, sn: device.sn }, 'osim: identity conflict not recorded');
    }
  }

  /** Starts due polls and closes connections that stay silent. */
  private tick(): void {
    const now = Date.now();
    for (const connection of this.connections) {
      if (now - connection.lastHeardAt > this.silenceMs) {
        this.log.warn({ sn: connection.sn }, 'osim: connection silent, closing');
        connection.close();
        continue;
      }
      if (
        connection.device &&
        !this.polling.has(connection) &&
        now - this.lastPollOf(connection) >= this.options.pollIntervalMs
      )
        void this.poll(connection);
    }
  }

  private readonly lastPoll = new WeakMap<OsimConnection, number>();

  private lastPollOf(connection: OsimConnection): number {
    return this.lastPoll.get(connection) ?? 0;
  }

  /** One poll cycle: every query of the version's set in turn, then one reading stamped with the poll's second. */
  private async poll(connection: OsimConnection): Promise<void> {
    const device = connection.device;
    if (!device || this.polling.has(connection)) return;
    this.polling.add(connection);
    const startedAt = Date.now();
    this.lastPoll.set(connection, startedAt);
    try {
      const replies = new Map<string, OsimValues>();
      for (const code of pollingCommands(connection.pcuVersion)) {
        if (code === SYSTEM_INFO_COMMAND) continue;
        const query = buildQuery(code, connection.pcuVersion);
        if (!query.ok) continue;
        const answer = await connection.request(query.value, expectedReplies(code, connection.pcuVersion));
        if (connection.closed) return;
        if (answer.complete && !connection.proven) {
          connection.markProven();
          this.presence('online', device);
        }
        for (const [replyCode, frame] of answer.frames) {
          const decoded = decodeFrameData(frame, connection.pcuVersion);
          if (!decoded.ok) this.badFrame(connection, osimErrorMessage(decoded.error, 'en'));
          else if (decoded.value.payload) replies.set(replyCode, decoded.value.payload.values);
        }
      }
      this.reportDspVersion(connection, device, replies.get('0B'));
      await this.submit(device, replies, Math.round(startedAt / 1000) * 1000);
    } finally {
      this.polling.delete(connection);
    }
  }

  private async submit(device: LinkDevice, replies: ReadonlyMap<string, OsimValues>, ts: number): Promise<void> {
    const mapped = mapOsimReplies(replies);
    for (const s of mapped.skipped)
      this.log.warn({ sn: device.sn, ...s, value: String(s.value) }, 'osim: value outside its field range, left out');
    if (Object.keys(mapped.values).length === 0) return;
    const checked = validateReading({ sn: device.sn, ts, values: mapped.values }, Date.now());
    if (!checked.ok) {
      countRejection(this.counters, checked.reason);
      this.log.warn({ sn: device.sn, reason: checked.reason, detail: checked.detail }, 'osim: reading refused');
      return;
    }
    const reading: Reading = checked.reading;
    try {
      await this.options.sink.submit(device, reading);
      this.counters.accepted += 1;
    } catch (err) {
      countRejection(this.counters, 'link.submitFailed');
      this.log.error({ err, sn: device.sn }, 'osim: reading not stored');
    }
  }

  /** 0B's DSP version (our VxxxAaaDdd convention), stored and settled like an MQTT device's report when it changes. */
  private reportDspVersion(connection: OsimConnection, device: LinkDevice, values: OsimValues | undefined): void {
    const high = values?.dspHighVersion;
    const low = values?.dspLowVersion;
    if (typeof high !== 'number' || typeof low !== 'number') return;
    const dspVersion = osimDspVersionText(high, low);
    if (!dspVersion || dspVersion === connection.dspVersion) return;
    connection.dspVersion = dspVersion;
    this.reportVersions(device, { dspVersion });
  }

  private reportVersions(device: LinkDevice, versions: DeviceVersions): void {
    try {
      this.events.emit('versions', device, versions);
    } catch (err) {
      this.log.error({ err }, 'osim: versions listener failed');
    }
  }

  private presence(state: 'online' | 'offline', device: LinkDevice): void {
    try {
      this.events.emit(state, device);
    } catch (err) {
      this.log.error({ err }, 'osim: presence listener failed');
    }
  }
}

/** Writes at most one line per `intervalMs`; the next line written says how many were left out in between. */
class NoiseLog {
  private last = Number.NEGATIVE_INFINITY;
  private skipped = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly write: (obj: object, msg: string) => void,
  ) {}

  note(obj: object, msg: string): void {
    const now = Date.now();
    if (now - this.last < this.intervalMs) {
      this.skipped += 1;
      return;
    }
    this.last = now;
    this.write(this.skipped > 0 ? { ...obj, skipped: this.skipped } : obj, msg);
    this.skipped = 0;
  }
}
