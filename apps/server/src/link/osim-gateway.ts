// The OSIM gateway (docs/protocol.md, "OSIM gateway"): Sermatec inverters in station mode dial this TCP server. Each
// connection is identified with query 98, must belong to a stocked-in device, and is then polled with its PCU
// version's query set; the decoded values go through the same ingest as MQTT readings.
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { validateReading, type Reading } from '@voltfleet/domain';
import {
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
  log?: LinkLog;
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
  /** A second connection claimed a serial number whose connection still answers (docs/security.md, OSIM). */
  identityConflicts: number;
}

const QUIET_LOG: LinkLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

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
  /**
   * Continuity: the connection answered a poll after it identified itself. Until then it gets no command and does not
   * count as online: answering 98 once proves nothing (OSIM has no authentication).
   */
  proven = false;
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

  received(chunk: Buffer): void {
    for (const event of this.reader.push(chunk)) {
      if (!event.ok) {
        // The first invalid frame ends the connection: garbage is not held for the identification timeout, and a
        // real inverter that lost sync simply dials again.
        this.gateway.badFrame(this, osimErrorMessage(event.error, 'en'));
        this.gateway.invalidStream(this);
        return;
      }
      this.lastHeardAt = Date.now();
      this.frame(event.frame);
    }
  }

  /** The socket closed: a cut-off frame is logged, waiting requests end without replies. */
  ended(): void {
    if (this.closed) return;
    this.closed = true;
    for (const event of this.reader.end()) {
      if (!event.ok) this.gateway.badFrame(this, osimErrorMessage(event.error, 'en'));
    }
    if (this.inFlight) {
      clearTimeout(this.inFlight.timer);
      this.inFlight.request.resolve({ complete: false, frames: this.inFlight.frames });
      this.inFlight = undefined;
    }
    for (const pending of this.queue.splice(0)) pending.resolve({ complete: false, frames: new Map() });
  }

  close(): void {
    this.socket.destroy();
    this.ended();
  }

  private frame(frame: OsimFrame): void {
    const current = this.inFlight;
    const code = commandCode(frame.command);
    if (!current || !current.request.replies.includes(code)) {
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
    current.request.resolve({ complete, frames: current.frames });
    this.pump();
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
  };
  readonly events = new EventEmitter<LinkEvents>();
  private readonly server: net.Server;
  private readonly connections = new Set<OsimConnection>();
  /** The current connection of each identified device (a reconnect replaces the old one). */
  private readonly bySn = new Map<string, OsimConnection>();
  private readonly log: LinkLog;
  private readonly silenceMs: number;
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
    this.silenceMs = options.silenceMs ?? options.pollIntervalMs * 3;
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
    const pcuVersion = connection.pcuVersion;
    const frame = decodeFrame(request);
    if (!frame.ok) throw new Error(osimErrorMessage(frame.error, 'en'));
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

  badFrame(connection: OsimConnection, detail: string): void {
    this.counters.badFrames += 1;
    this.log.warn({ sn: connection.sn, remote: connection.socket.remoteAddress, detail }, 'osim: bad frame');
  }

  /** A connection sent an invalid frame: it is closed at once (and counted against its address while unidentified). */
  invalidStream(connection: OsimConnection): void {
    if (!connection.device) this.identifications.failed(connection.socket.remoteAddress ?? '', '');
    connection.close();
  }

  unexpectedFrame(connection: OsimConnection, code: string): void {
    this.counters.badFrames += 1;
    this.log.warn({ sn: connection.sn, command: code }, 'osim: frame answers no request in flight');
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
    socket.on('error', (err) => this.log.warn({ sn: connection.sn, err: err.message }, 'osim: socket error'));
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

  /** Query 98 → serial number, model code, PCU version; an unknown serial number is logged and closed. */
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
    const decoded = decodeFrameData(frame, 0);
    const values = decoded.ok ? decoded.value.payload?.values : undefined;
    const sn = typeof values?.sn === 'string' ? values.sn.trim() : '';
    const pcuVersion = values?.pcuVersion;
    const modelCode = values?.modelCode;
    if (!decoded.ok || sn === '' || typeof pcuVersion !== 'number' || typeof modelCode !== 'number') {
      this.identifications.failed(address, '');
      this.badFrame(connection, decoded.ok ? 'identification without serial number' : 'undecodable 98 reply');
      return connection.close();
    }
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
    const previous = this.bySn.get(sn);
    if (previous && previous !== connection && !previous.closed) {
      // A second connection names a serial number that is already connected. OSIM has no secret, so whoever answers
      // 98 could be anyone: the connection that holds the serial number keeps it as long as it still answers, and
      // the newcomer is refused; only a connection that no longer answers is replaced (a real reconnect).
      const stillThere = await this.stillAnswers(previous, sn);
      if (connection.closed) return;
      if (stillThere) return this.identityConflict(device, previous, connection);
      this.log.warn(
        { sn, previous: previous.socket.remoteAddress, remote: address },
        'osim: the previous connection no longer answers; the new one replaces it',
      );
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

  /** Asks an identified connection for its 98 again: true when it answers with the same serial number in time. */
  private async stillAnswers(connection: OsimConnection, sn: string): Promise<boolean> {
    const query = buildQuery(SYSTEM_INFO_COMMAND, 0);
    if (!query.ok) return false;
    const answer = await connection.request(query.value, [SYSTEM_INFO_COMMAND]);
    const frame = answer.frames.get(SYSTEM_INFO_COMMAND);
    if (!frame || connection.closed) return false;
    const decoded = decodeFrameData(frame, 0);
    const values = decoded.ok ? decoded.value.payload?.values : undefined;
    return typeof values?.sn === 'string' && values.sn.trim() === sn;
  }

  /** Refuses a connection that claimed the serial number of a connection that still answers; logged, counted, stored. */
  private async identityConflict(device: LinkDevice, holder: OsimConnection, claimant: OsimConnection) {
    this.counters.identityConflicts += 1;
    const remote = claimant.socket.remoteAddress ?? '';
    this.log.warn(
      { sn: device.sn, holder: holder.socket.remoteAddress, claimant: remote },
      'osim: identity conflict: a second connection claims a serial number whose connection still answers; refused',
    );
    claimant.close();
    try {
      await this.options.conflicts?.record(device, remote);
      this.events.emit('identityConflict', device, remote);
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
          connection.proven = true;
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
