import { connect as tcpConnect, type Socket } from 'node:net';
import { DEVICE_TOPIC_FILTERS, DEVICE_TOPICS } from '@voltfleet/domain/protocol';

/*
 * Thousands of devices in one process (the connections test, bench/connections): one raw MQTT 3.1.1 client per device
 * over a plain TCP socket, as small as a device's: CONNECT with its serial number and secret, SUBSCRIBE to its command
 * topic, PINGREQ when idle and a QoS 1 PUBLISH of a reading when asked. mqtt.js costs ≈ 100 KB and timers per client;
 * ten thousand of them would measure the load generator rather than the broker.
 *
 * Like a device, a client whose connection drops or is refused connects again after 1–3 s (spread at random, so a
 * fleet does not come back in lock step), until the fleet is closed.
 */

const KEEPALIVE_S = 60;
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_SPREAD_MS = 2_000;
/** No CONNACK this long after the TCP connection: give up and connect again (Aedes' own connect timeout is 30 s). */
const CONNACK_TIMEOUT_MS = 30_000;
const PINGREQ = Buffer.from([0xc0, 0]);

const now = () => performance.timeOrigin + performance.now();

export interface RawDeviceSpec {
  sn: string;
  /** Without a secret the client connects anonymously (the anchors' brokers). */
  secret?: string;
  /** Readings to publish, by number (`publishRound`). */
  payloads?: Buffer[];
}

interface RawDevice extends Required<RawDeviceSpec> {
  socket: Socket | undefined;
  send: (packet: Buffer) => void;
  connected: boolean;
  connectedAt: number;
  lostAt: number;
  nextId: number;
  inflight: Map<number, number>;
}

export interface RawFleetStats {
  connected: number;
  /** Per device, when its current connection was accepted (epoch ms), or null when it is not connected. */
  connectedAt: (number | null)[];
  /** Per device, when it last lost a connection (epoch ms, 0 never). */
  lostAt: number[];
  attempts: number;
  /** CONNACKs refusing the login, by return code. */
  refusedByCode: Record<number, number>;
  connackTimeouts: number;
  drops: number;
  published: number;
  pubacks: number;
  /** Publish → PUBACK, ms, in arrival order. */
  pubLatencies: number[];
}

function str(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
}

function packet(first: number, body: Buffer): Buffer {
  const length: number[] = [];
  for (let n = body.length; ;) {
    const byte = n % 128;
    n = Math.floor(n / 128);
    length.push(n > 0 ? byte | 0x80 : byte);
    if (n === 0) break;
  }
  return Buffer.concat([Buffer.from([first, ...length]), body]);
}

function connectPacket(sn: string, secret: string): Buffer {
  // Level 4 (3.1.1); flags: user name, password and clean session (0xc2), or clean session only (anonymous).
  const flags = secret ? 0xc2 : 0x02;
  const credentials = secret ? [str(sn), str(secret)] : [];
  return packet(0x10, Buffer.concat([str('MQTT'), Buffer.from([4, flags, 0, KEEPALIVE_S]), str(sn), ...credentials]));
}

const subscribePacket = (sn: string) =>
  packet(0x82, Buffer.concat([Buffer.from([0, 1]), str(DEVICE_TOPIC_FILTERS.downlinkTree(sn)), Buffer.from([1])]));

const publishPacket = (sn: string, id: number, payload: Buffer) =>
  packet(0x32, Buffer.concat([str(DEVICE_TOPICS.reading(sn)), Buffer.from([id >> 8, id & 0xff]), payload]));

/** Splits a byte stream into MQTT packets: `onPacket(type, body)` for each complete one. */
function packetReader(onPacket: (type: number, body: Buffer) => void): (chunk: Buffer) => void {
  let buffer: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      let length = 0;
      let multiplier = 1;
      let offset = 1;
      for (;;) {
        if (offset >= buffer.length) return;
        const byte = buffer[offset++]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) break;
      }
      if (buffer.length < offset + length) return;
      onPacket(buffer[0]! >> 4, buffer.subarray(offset, offset + length));
      buffer = buffer.subarray(offset + length);
    }
  };
}

export class RawDeviceFleet {
  private readonly devices: RawDevice[];
  private port = 0;
  /** Clients closed by us do not reconnect. */
  private closing = false;
  private counters = RawDeviceFleet.zero();

  constructor(specs: RawDeviceSpec[]) {
    this.devices = specs.map((spec) => ({
      sn: spec.sn,
      secret: spec.secret ?? '',
      payloads: spec.payloads ?? [],
      socket: undefined,
      send: () => undefined,
      connected: false,
      connectedAt: 0,
      lostAt: 0,
      nextId: 1,
      inflight: new Map(),
    }));
  }

  private static zero() {
    return {
      attempts: 0,
      refusedByCode: {} as Record<number, number>,
      connackTimeouts: 0,
      drops: 0,
      published: 0,
      pubacks: 0,
      pubLatencies: [] as number[],
    };
  }

  /** Opens every client on `port` of 127.0.0.1, `perSecond` new connections a second (0: all at once). */
  async connect(port: number, perSecond = 0): Promise<void> {
    this.port = port;
    const started = now();
    for (const [i, device] of this.devices.entries()) {
      const due = perSecond > 0 ? started + (i / perSecond) * 1000 : 0;
      if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
      this.open(device);
    }
  }

  /** Each connected device publishes its reading number `reading` once (QoS 1), spread evenly over `spreadMs`. */
  publishRound(reading: number, spreadMs: number): void {
    this.devices.forEach((device, i) => {
      const publish = () => {
        const payload = device.payloads[reading];
        if (!device.connected || !payload) return;
        const id = device.nextId;
        device.nextId = (id % 65535) + 1;
        device.inflight.set(id, now());
        this.counters.published += 1;
        device.send(publishPacket(device.sn, id, payload));
      };
      setTimeout(publish, (i / this.devices.length) * spreadMs).unref();
    });
  }

  stats(full = false): RawFleetStats {
    return {
      connected: this.devices.filter((d) => d.connected).length,
      connectedAt: full ? this.devices.map((d) => (d.connected ? d.connectedAt : null)) : [],
      lostAt: full ? this.devices.map((d) => d.lostAt) : [],
      ...this.counters,
    };
  }

  /** Closes every client (none reconnects) and zeroes the counters, so the fleet can connect somewhere else alike. */
  async close(): Promise<void> {
    this.closing = true;
    const open = this.devices.flatMap((d) => (d.socket ? [d.socket] : []));
    await Promise.all(
      open.map(
        (socket) =>
          new Promise<void>((resolve) =>
            socket.destroyed ? resolve() : socket.destroy().once('close', () => resolve()),
          ),
      ),
    );
    for (const d of this.devices) Object.assign(d, { connected: false, connectedAt: 0, lostAt: 0 });
    // Reconnects already scheduled are all due within the spread: they see `closing` and do nothing.
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MIN_MS + RECONNECT_SPREAD_MS));
    this.counters = RawDeviceFleet.zero();
    this.closing = false;
  }

  private reconnectLater(device: RawDevice): void {
    device.socket = undefined;
    if (this.closing) return;
    const again = () => {
      if (!this.closing) this.open(device);
    };
    setTimeout(again, RECONNECT_MIN_MS + Math.random() * RECONNECT_SPREAD_MS).unref();
  }

  private open(device: RawDevice): void {
    this.counters.attempts += 1;
    const socket = tcpConnect({ port: this.port, host: '127.0.0.1' });
    device.socket = socket;
    device.connected = false;
    let lastSent = now();
    device.send = (buf) => {
      lastSent = now();
      socket.write(buf);
    };
    let connackTimer: NodeJS.Timeout | undefined;
    let pingTimer: NodeJS.Timeout | undefined;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      device.send(connectPacket(device.sn, device.secret));
      // From the TCP connection, as the broker counts its own connect timeout: SYN retries into a full accept queue
      // (thousands connecting at once) must not use up the time the login has.
      connackTimer = setTimeout(() => {
        this.counters.connackTimeouts += 1;
        socket.destroy();
      }, CONNACK_TIMEOUT_MS);
    });
    const onPacket = (type: number, body: Buffer) => {
      if (type === 2) {
        clearTimeout(connackTimer);
        connackTimer = undefined;
        const code = body[1] ?? 0;
        if (code !== 0) {
          this.counters.refusedByCode[code] = (this.counters.refusedByCode[code] ?? 0) + 1;
          socket.destroy();
          return;
        }
        device.connected = true;
        device.connectedAt = now();
        device.send(subscribePacket(device.sn));
        // A ping only when nothing else went out for half the keepalive (a publish keeps the connection alive too).
        const ping = () => {
          if (now() - lastSent >= (KEEPALIVE_S * 1000) / 2) device.send(PINGREQ);
        };
        pingTimer = setInterval(ping, 5_000 + Math.random() * 5_000).unref();
      } else if (type === 4) {
        const id = body.readUInt16BE(0);
        const sentAt = device.inflight.get(id);
        if (sentAt === undefined) return;
        device.inflight.delete(id);
        this.counters.pubacks += 1;
        this.counters.pubLatencies.push(now() - sentAt);
      }
    };
    socket.on('data', packetReader(onPacket));
    // 'close' follows every error; the reconnect is scheduled there.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(connackTimer);
      clearInterval(pingTimer);
      if (device.connected) {
        this.counters.drops += 1;
        device.lostAt = now();
      }
      device.connected = false;
      // A QoS 1 message without its PUBACK is not resent here; the counters show it as unacknowledged.
      device.inflight.clear();
      this.reconnectLater(device);
    });
  }
}
