// The OSIM gateway (docs/protocol.md, "OSIM gateway"): Sermatec inverters in station mode dial this TCP server. Each
// connection is identified with query 98, must belong to a stocked-in device, and is then polled with its PCU
// version's query set; the decoded values go through the same ingest as MQTT readings.
import { translateText } from '@voltfleet/domain/i18n';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { commandCode, decodeFrame, osimErrorText, type OsimFrame } from '@voltfleet/osim';
import type {
  DeviceLookup,
  DeviceVersions,
  IdentityConflict,
  LinkDevice,
  LinkEvents,
  ReadingSink,
} from './link.types.js';
import { countRejection, createLinkCounters } from './mqtt-protocol.js';
import { DEFAULT_LOGIN_LIMITS, LoginGuard, type LoginGuardLimits } from './login-guard.js';
import { NoiseLog } from './noise-log.js';
import { OsimConnection, expectedReplies, type ConnectionHost } from './osim-connection.js';
import { identify, type IdentificationHost } from './osim-identification.js';
import { OsimPoller } from './osim-polling.js';
import { startPeriodic, type Periodic } from '../platform/periodic.js';
import type { OsimCounters, OsimDeviceRecords, OsimLog } from './osim.types.js';

// The connection's pieces, for the command and upgrade links that talk to one.
export { OsimConnection, expectedReplies, type RequestResult } from './osim-connection.js';

export interface OsimGatewayOptions {
  port: number;
  host?: string;
  devices: DeviceLookup;
  sink: ReadingSink;
  /** Where identities and conflicts are stored, and where an MQTT device's liveness is read. */
  records: OsimDeviceRecords;
  log?: OsimLog;
  /** Time between the starts of two poll cycles. */
  pollIntervalMs: number;
  /** A request without its (complete) reply after this long has timed out. */
  requestTimeoutMs: number;
  /** A connection that has sent no valid frame for this long is closed (default: 3 poll intervals). */
  silenceMs?: number;
  /** Failed identifications (no or bad 98, serial number not stocked in) per address and serial number. */
  identifyLimits?: LoginGuardLimits;
  /**
   * A device of protocol MQTT seen within this long is live on the MQTT link, and an OSIM claim of its serial number
   * is refused as an identity conflict (default 5 minutes, like DEVICE_OFFLINE_SECONDS).
   */
  mqttLiveMs?: number;
  /** Lines about invalid frames and strangers' sockets: at most one per this long (default 10 s). */
  noiseLogMs?: number;
}

/** A debug exchange: the device's PCU version and the reply frames in the order the command defines them. */
export interface OsimExchange {
  readonly pcuVersion: number;
  readonly complete: boolean;
  readonly frames: readonly OsimFrame[];
}

const QUIET_LOG: OsimLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The OSIM TCP server: accepts connections, has them identified (osim-identification.ts) and polled
 * (osim-polling.ts), keeps which connection holds which serial number, and counts and logs what goes wrong.
 */
export class OsimGateway implements ConnectionHost, IdentificationHost {
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
  readonly log: OsimLog;
  /** What strangers can cause in bulk (invalid frames, their sockets' errors): debug level, throttled. */
  private readonly noise: NoiseLog;
  readonly mqttLiveMs: number;
  readonly devices: DeviceLookup;
  readonly records: OsimDeviceRecords;
  readonly sink: ReadingSink;
  private readonly poller: OsimPoller;
  /** The poll scheduler's tick (platform/periodic.ts, like every loop of the server). */
  private ticker: Periodic | undefined;

  /**
   * Addresses and serial numbers that failed identification too often are refused before anything is asked: a
   * flood of strangers costs no query, no database lookup and no log line each.
   */
  readonly identifications: LoginGuard;

  private constructor(private readonly options: OsimGatewayOptions) {
    this.identifications = new LoginGuard(options.identifyLimits ?? DEFAULT_LOGIN_LIMITS);
    this.log = options.log ?? QUIET_LOG;
    this.noise = new NoiseLog(options.noiseLogMs ?? 10_000, (obj, msg) => this.log.debug?.(obj, msg));
    this.mqttLiveMs = options.mqttLiveMs ?? 5 * 60_000;
    this.devices = options.devices;
    this.records = options.records;
    this.sink = options.sink;
    this.poller = new OsimPoller(
      {
        counters: this.counters,
        log: this.log,
        sink: options.sink,
        badFrame: (connection, detail) => this.badFrame(connection, detail),
        online: (device) => this.presence('online', device),
        reportVersions: (device, versions) => this.reportVersions(device, versions),
      },
      options.pollIntervalMs,
      options.silenceMs ?? options.pollIntervalMs * 3,
    );
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
    gateway.ticker = startPeriodic({
      name: 'osim-poll',
      everyMs: Math.min(1000, options.pollIntervalMs),
      run: () => gateway.poller.tick(gateway.connections),
      log: gateway.log,
    });
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

  /** The serial numbers of the identified devices connected now (online debug lists only these). */
  connectedSerialNumbers(): string[] {
    return [...this.bySn.keys()];
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
    if (!frame.ok) throw new Error(translateText(osimErrorText(frame.error), 'en'));
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
    await this.ticker?.stop();
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
    void identify(this, connection).catch((err: unknown) => {
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

  holderOf(sn: string): OsimConnection | undefined {
    return this.bySn.get(sn);
  }

  hold(sn: string, connection: OsimConnection): OsimConnection | undefined {
    const replaced = this.bySn.get(sn);
    this.bySn.set(sn, connection);
    return replaced === connection ? undefined : replaced;
  }

  startPolling(connection: OsimConnection): void {
    void this.poller.poll(connection);
  }

  emitConflict(device: LinkDevice, conflict: IdentityConflict): void {
    try {
      this.events.emit('identityConflict', device, conflict);
    } catch (err) {
      this.log.error({ err, sn: device.sn }, 'osim: identity conflict listener failed');
    }
  }

  reportVersions(device: LinkDevice, versions: DeviceVersions): void {
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
