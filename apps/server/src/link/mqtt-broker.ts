import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket, type Subscription } from 'aedes';
import { SERIAL_NUMBER_PATTERN } from '@voltfleet/domain/devices';
import { OrderedCallbacks } from './ack-order.js';
import { linkCredentialEvents } from './credential-events.js';
import { CheckLane, DEFAULT_LOGIN_LIMITS, LoginGuard, type LoginGuardLimits } from './login-guard.js';
import { limitPacketSize } from './packet-size-guard.js';
import { commandPayload, isOwnDownlinkFilter, MAX_PAYLOAD_BYTES, topicMatches, uplinkTopic } from './mqtt-protocol.js';
import { Uplink, type AckHandler } from './uplink.js';
import {
  TOPICS,
  type CommandRouting,
  type DeviceCommand,
  type DeviceDirectory,
  type DeviceLink,
  type LinkDevice,
  type LinkLog,
  type ReadingSink,
} from './link.types.js';

// MQTT 3.1.1 CONNACK return codes (Aedes declares them as an ambient const enum, which isolated modules cannot read).
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
/**
 * mqemitter's concurrency limit for Aedes; 0 means none. With a limit (Aedes' default is 100), messages queue once that
 * many deliveries are in flight and the queue drains recursively: a QoS 0 burst then overflowed the stack ("Maximum
 * call stack size exceeded", fixtures/aedes-qos0-burst.mjs), and one device that stops reading could hold every slot.
 * Without it backpressure stays per client: Aedes reads a socket again only after its last batch was delivered.
 */
export const AEDES_CONCURRENCY = 0;
/** Largest MQTT packet accepted: a maximal payload plus topic and header. */
const MAX_PACKET_BYTES = MAX_PAYLOAD_BYTES + 1024;

export interface MqttBrokerOptions {
  /** TCP port (MQTT_PORT); 0 picks a free one (tests). */
  port: number;
  host?: string;
  directory: Pick<DeviceDirectory, 'authenticate'>;
  sink: ReadingSink;
  log?: LinkLog;
  /** Failed-login limits (tests lower them); default DEFAULT_LOGIN_LIMITS. */
  loginLimits?: LoginGuardLimits;
  /** How long a failing login over a limit waits for its answer (tests shorten it). */
  loginTarpitMs?: number;
  /** The clock of the login limits and of the remembered secrets (tests move it); default Date.now. */
  loginClock?: () => number;
}

export interface MqttBroker extends DeviceLink {
  /** The port actually listened on. */
  readonly port: number;
}

function authError(returnCode: 2 | 3 | 4, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

/** The client's remote address ('' for a connection that is not a socket, e.g. in-memory streams). */
function remoteAddress(client: Client): string {
  const conn = client.conn as Partial<Socket>;
  return typeof conn.remoteAddress === 'string' ? conn.remoteAddress : '';
}

function bytes(payload: PublishPacket['payload']): Buffer {
  return Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
}

/**
 * The in-process MQTT broker (Aedes, MQTT 3.1.1) for devices: a device logs in with its serial number and secret,
 * publishes only below `dev/{sn}/up/` and subscribes only below `dev/{sn}/down/`. Readings are submitted from
 * `authorizePublish`, which calls back only once the sink has committed them: Aedes sends the PUBACK right after that
 * callback, so acknowledgement follows the commit while readings of many devices share one batch.
 */
class AedesLink implements MqttBroker {
  port = 0;
  private readonly uplink: Uplink;
  private readonly logins: LoginGuard;
  /** Checks of logins over a limit run here: one at a time per address, two in all, addresses taking turns. */
  private readonly overLimit = new CheckLane();
  private readonly aedes: Aedes;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly devices = new WeakMap<Client, LinkDevice>();
  /** The live session of each serial number; a takeover's late disconnect must not mark the device offline. */
  private readonly sessions = new Map<string, Client>();
  private readonly downlinks = new WeakMap<Client, Set<string>>();
  private readonly ordered = new OrderedCallbacks<Client>();
  /** A rotated-out secret must not keep its session: the device logs in again with the new one. */
  private readonly credentialsReplaced = (sn: string) => {
    // The remembered secret proves nothing any more; the open session ends at once.
    this.logins.forgetSecret(sn);
    this.sessions.get(sn)?.close();
  };

  constructor(private readonly options: MqttBrokerOptions) {
    this.uplink = new Uplink(options.sink, options.log, false);
    this.logins = new LoginGuard(
      options.loginLimits ?? DEFAULT_LOGIN_LIMITS,
      options.loginClock ?? Date.now,
      options.loginTarpitMs,
    );
    this.aedes = new Aedes({
      concurrency: AEDES_CONCURRENCY,
      preConnect: (_client, packet, done) => {
        // Sessions are not kept (they would die with the process anyway): a device resubscribes after CONNACK.
        packet.clean = true;
        done(null, true);
      },
      authenticate: (client, username, password, done) => this.authenticate(client, username, password, done),
      authorizePublish: (client, packet, done) => this.authorizePublish(client, packet, done),
      authorizeSubscribe: (client, sub, done) => this.authorizeSubscribe(client, sub, done),
    });
    this.aedes.on('clientReady', (client) => this.connected(client));
    this.aedes.on('clientDisconnect', (client) => this.disconnected(client));
    this.aedes.on('subscribe', (subs, client) => this.subscribed(subs, client));
    this.aedes.on('unsubscribe', (topics, client) => topics.forEach((t) => this.downlinks.get(client)?.delete(t)));
    // Aedes emits 'error' for persistence trouble; unheard, an EventEmitter error would end the process.
    (this.aedes as NodeJS.EventEmitter).on('error', (err: Error) =>
      this.uplink.log.error({ err }, 'mqtt: broker error'),
    );
    this.aedes.on('clientError', (client, err) =>
      this.uplink.log.info({ sn: client.id, err: err.message }, 'mqtt: client dropped'),
    );
    this.server = createServer((socket) => this.accept(socket));
  }

  get counters() {
    return this.uplink.counters;
  }

  get events() {
    return this.uplink.events;
  }

  async listen(): Promise<void> {
    await this.aedes.listen();
    try {
      await new Promise<void>((resolve, reject) => {
        this.server.once('error', reject);
        this.server.listen(this.options.port, this.options.host ?? '0.0.0.0', () => resolve());
      });
    } catch (err) {
      await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
      throw err;
    }
    this.server.on('error', (err) => this.uplink.log.error({ err }, 'mqtt: listener error'));
    const address = this.server.address();
    this.port = address !== null && typeof address === 'object' ? address.port : this.options.port;
    linkCredentialEvents.on('replaced', this.credentialsReplaced);
  }

  onAck(handler: AckHandler): () => void {
    return this.uplink.onAck(handler);
  }

  reachable(sn: string): boolean {
    const session = this.sessions.get(sn);
    const filters = session ? [...(this.downlinks.get(session) ?? [])] : [];
    return filters.some((filter) => topicMatches(filter, TOPICS.command(sn)));
  }

  async send(sn: string, command: DeviceCommand): Promise<CommandRouting> {
    if (!SERIAL_NUMBER_PATTERN.test(sn)) throw new RangeError(`not a serial number: ${sn}`);
    const topic = TOPICS.command(sn);
    if (!this.reachable(sn)) return 'offline';
    const packet: PublishPacket = {
      cmd: 'publish',
      topic,
      payload: commandPayload(command),
      qos: 1,
      retain: false,
      dup: false,
    };
    await new Promise<void>((resolve, reject) => this.aedes.publish(packet, (err) => (err ? reject(err) : resolve())));
    return 'sent';
  }

  async close(): Promise<void> {
    linkCredentialEvents.off('replaced', this.credentialsReplaced);
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    // Connections that never sent CONNECT are not Aedes clients; close them too or server.close() waits for them.
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.setNoDelay(true);
    // Finds half-open connections of devices that use no MQTT keepalive.
    socket.setKeepAlive(true, 60_000);
    this.aedes.handle(socket);
    limitPacketSize(socket, MAX_PACKET_BYTES);
  }

  private authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: (err: AuthenticateError | null, ok: boolean | null) => void,
  ): void {
    const sn = username ?? '';
    if (!SERIAL_NUMBER_PATTERN.test(sn) || !password) {
      this.logins.failed(remoteAddress(client), '');
      this.uplink.refuse('link.auth', sn.slice(0, 40), 'no serial number or secret');
      return done(authError(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), null);
    }
    // The client id is the serial number, so one device can never take over another's session.
    if (client.id !== sn) {
      this.uplink.refuse('link.auth', sn, `client id ${client.id} is not the serial number`);
      return done(authError(IDENTIFIER_REJECTED, 'client id must be the serial number'), null);
    }
    const address = remoteAddress(client);
    const secret = password.toString('utf8');
    const accept = (device: LinkDevice) => {
      this.logins.succeeded(sn, { secret, value: device });
      this.devices.set(client, device);
      done(null, true);
    };
    const refuse = (slow: boolean, why: string) => {
      this.logins.failed(address, sn);
      this.uplink.refuse('link.auth', sn, why);
      const answer = () => done(authError(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), null);
      // Over a limit a failure is answered late: the guesser is slowed, never the owner, whose login succeeds.
      if (slow) setTimeout(answer, this.logins.tarpitMs).unref();
      else answer();
    };
    const left = () => {
      this.uplink.refuse('link.auth', sn, 'left before its login was checked');
      // Aedes ignores an answer to a closed client; answered anyway, so nothing waits on it.
      done(authError(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), null);
    };
    // Decided again after waiting for room under the address's limit (the memory or the limits may have changed).
    const decide = (): void => {
      if (client.closed) return left();
      // The secret that last logged this serial number in: recognised without hashing, whatever others tried.
      const known = this.logins.recall<LinkDevice>(sn, secret);
      if (known) return accept(known);
      const limited = this.logins.refusal(address, sn);
      if (limited && this.logins.knownWrong(sn, secret))
        return refuse(true, `wrong secret (too many failed logins for this ${limited})`);
      // Over the address limit only by its logins being checked (a crowd of devices reconnecting from one address, or
      // the start of a burst of guesses): wait for one of them to end, not for the lane. Correct devices from one
      // address are checked `perAddress` at a time however many there are; guesses move to the lane once they fail.
      if (limited === 'address' && this.logins.crowded(address)) return this.logins.whenRoom(address, decide);
      // Counted against both limits until decided, so a burst cannot all pass under them.
      const release = this.logins.checking(address, sn);
      // Over a limit the check still runs, in its address's turn: a flood from one address costs one check at a time and
      // holds nobody else's login behind it; a correct device waits for its turn instead of being refused. A client that
      // left before its turn is not checked at all.
      const checked: Promise<LinkDevice | null | undefined> = limited
        ? this.overLimit.run(
            address,
            () => this.checkOverLimit(sn, secret),
            () => !client.closed,
          )
        : this.options.directory.authenticate(sn, secret);
      checked.then(
        (device) => {
          release();
          if (device === undefined) return left();
          if (!device || device.sn !== sn) return refuse(limited !== null, 'unknown device or wrong secret');
          accept(device);
        },
        (err: unknown) => {
          release();
          this.uplink.log.error({ sn, err }, 'mqtt: device directory failed');
          done(authError(SERVER_UNAVAILABLE, 'server unavailable'), null);
        },
      );
    };
    decide();
  }

  /**
   * The check of a login over a limit, in its turn. The device may have logged in while it waited: then the memory
   * settles it (the owner's secret is recognised, any other refused) without hashing or a lookup.
   */
  private async checkOverLimit(sn: string, secret: string): Promise<LinkDevice | null> {
    const known = this.logins.recall<LinkDevice>(sn, secret);
    if (known) return known;
    if (this.logins.knownWrong(sn, secret)) return null;
    return this.options.directory.authenticate(sn, secret);
  }

  private authorizePublish(client: Client | null, packet: PublishPacket, done: (err?: Error | null) => void): void {
    const device = client ? this.devices.get(client) : undefined;
    const route = uplinkTopic(packet.topic);
    if (!client || !device || !route || route.sn !== device.sn) {
      this.uplink.refuse('link.topic', device?.sn ?? '', `publish to ${packet.topic.slice(0, 120)}`);
      // MQTT 3.1.1 cannot refuse a PUBLISH: an error here makes Aedes close the connection [MQTT-3.3.5-2].
      return done(new Error(`publishing to ${packet.topic} is not allowed`));
    }
    // Nothing a device sends is kept for later subscribers.
    packet.retain = false;
    this.ordered.run(client, this.uplink.handle(device, route.channel, bytes(packet.payload)), done);
  }

  private authorizeSubscribe(
    client: Client,
    sub: Subscription,
    done: (err: Error | null, sub?: Subscription | null) => void,
  ): void {
    const device = this.devices.get(client);
    if (device && isOwnDownlinkFilter(sub.topic, device.sn))
      return done(null, { ...sub, qos: sub.qos > 1 ? 1 : sub.qos });
    this.uplink.refuse('link.subscribe', device?.sn ?? '', `subscribe to ${sub.topic.slice(0, 120)}`);
    done(null, null); // granted 0x80: refused, the connection stays
  }

  private connected(client: Client): void {
    const device = this.devices.get(client);
    if (!device) return;
    const previous = this.sessions.get(device.sn);
    this.sessions.set(device.sn, client);
    // The remembered secret does not age while the device is connected, however long that is.
    this.logins.online(device.sn);
    this.downlinks.set(client, new Set());
    if (!previous) this.uplink.presence('online', device);
  }

  private disconnected(client: Client): void {
    const device = this.devices.get(client);
    if (!device || this.sessions.get(device.sn) !== client) return;
    this.sessions.delete(device.sn);
    this.logins.offline(device.sn);
    this.uplink.presence('offline', device);
  }

  private subscribed(subs: Subscription[], client: Client): void {
    const filters = this.downlinks.get(client);
    // Refused filters come back with granted QoS 0x80.
    for (const sub of subs) if ((sub.qos as number) !== 0x80) filters?.add(sub.topic);
  }
}

/** Starts the in-process broker on `options.port`; resolves once it listens. */
export async function startMqttBroker(options: MqttBrokerOptions): Promise<MqttBroker> {
  const link = new AedesLink(options);
  await link.listen();
  return link;
}
