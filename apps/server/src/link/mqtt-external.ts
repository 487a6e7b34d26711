import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { DEVICE_TOPIC_FILTERS, sharedTopicFilter } from '@voltfleet/domain/protocol';
import { SERIAL_NUMBER_PATTERN } from '@voltfleet/domain/devices';
import { AckQueue } from './ack-order.js';
import { DeviceCache } from './device-cache.js';
import { commandPayload, uplinkTopic } from './mqtt-protocol.js';
import { Uplink, type AckHandler } from './uplink.js';
import {
  TOPICS,
  type CommandRouting,
  type DeviceCommand,
  type DeviceLink,
  type DeviceLookup,
  type LinkLog,
  type ReadingSink,
} from './link.types.js';

/** Every server process subscribes in this group: the broker hands each uplink message to one of them. */
export const SHARED_UPLINK_FILTER = sharedTopicFilter('voltfleet', DEVICE_TOPIC_FILTERS.uplinks);

export interface ExternalLinkOptions {
  /** MQTT_URL with the platform's login, e.g. `mqtt://voltfleet:secret@mosquitto:1883`. */
  url: string;
  /** Stable per process (MQTT_CLIENT_ID): its session keeps unacknowledged messages across a restart. */
  clientId: string;
  devices: DeviceLookup;
  sink: ReadingSink;
  log?: LinkLog;
  /** How long the broker keeps the session of a stopped process (default one hour). */
  sessionExpirySeconds?: number;
  /** Messages the broker may have in flight to us unacknowledged: the most that can share one batch. */
  receiveMaximum?: number;
  /** Waiting time for reconnecting after the connection dropped (ms). */
  reconnectPeriodMs?: number;
}

export interface ExternalLink extends DeviceLink {
  /** The platform's MQTT client (tests watch its packets). */
  readonly client: MqttClient;
  /** Leaves the share group, lets in-flight messages commit (up to `drainMs`, default 10 s), then disconnects. */
  close(drainMs?: number): Promise<void>;
}

/** Tells MQTT.js to skip its own PUBACK and hand over the next packet at once; our ack queue sends it after commit. */
const ACK_LATER = new Error('acknowledged after commit');

interface PacketWriter {
  _sendPacket(packet: { cmd: 'puback'; messageId: number; reasonCode: number }, cb?: () => void): void;
}

function bytes(payload: IPublishPacket['payload']): Buffer {
  return Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
}

/**
 * The platform's link through an external broker (Mosquitto, EMQX; MQTT 5): the broker authenticates devices and
 * enforces the ACL, several server processes share the uplink through one shared subscription. MQTT.js handles one
 * incoming packet at a time and sends the PUBACK when `handleMessage` calls back, so holding that callback until a
 * commit would let one message through per commit. Instead each message is accepted at once (so many share a batch)
 * and the PUBACKs go out in arrival order as their batches commit. If a commit fails, the link reconnects without
 * acknowledging: the broker resends everything unacknowledged (persistent session), and the sink dedupes on (device, ts).
 */
class MqttExternalLink implements ExternalLink {
  readonly client: MqttClient;
  private readonly uplink: Uplink;
  private readonly devices: DeviceCache;
  private readonly acks: AckQueue;
  private starting: { resolve: () => void; reject: (err: Error) => void } | undefined;

  constructor(private readonly options: ExternalLinkOptions) {
    this.uplink = new Uplink(options.sink, options.log, true);
    this.devices = new DeviceCache(options.devices);
    this.acks = new AckQueue(
      (messageId) => this.puback(messageId),
      (err) => this.redeliver(err),
    );
    this.client = mqtt.connect(options.url, {
      protocolVersion: 5,
      clientId: options.clientId,
      clean: false,
      properties: {
        sessionExpiryInterval: options.sessionExpirySeconds ?? 3600,
        receiveMaximum: options.receiveMaximum ?? 1000,
      },
      reconnectPeriod: options.reconnectPeriodMs ?? 1000,
      resubscribe: false,
      // A broker restarted with new password files refuses for a moment: keep trying.
      reconnectOnConnackError: true,
      manualConnect: true,
    });
    this.client.handleMessage = (packet, callback) => this.receive(packet, callback);
    // Messages of a dropped connection are not acknowledged there; the broker sends them again.
    this.client.on('close', () => this.acks.reset());
    this.client.on('connect', () => this.subscribe());
    this.client.on('error', (err) => this.uplink.log.warn({ err: err.message }, 'mqtt: broker connection error'));
  }

  get counters() {
    return this.uplink.counters;
  }

  get events() {
    return this.uplink.events;
  }

  /** Connects and subscribes; resolves on the first subscription, fails if the broker refuses the login. */
  async start(): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        this.starting = { resolve, reject };
        this.client.once('error', reject);
        this.client.connect();
      });
    } catch (err) {
      await this.client.endAsync(true);
      throw err;
    } finally {
      this.starting = undefined;
    }
  }

  onAck(handler: AckHandler): () => void {
    return this.uplink.onAck(handler);
  }

  async send(sn: string, command: DeviceCommand): Promise<CommandRouting> {
    if (!SERIAL_NUMBER_PATTERN.test(sn)) throw new RangeError(`not a serial number: ${sn}`);
    await this.client.publishAsync(TOPICS.command(sn), commandPayload(command), { qos: 1 });
    return 'accepted';
  }

  /** Leaves the share group, lets in-flight messages commit (up to `drainMs`), then disconnects. */
  async close(drainMs = 10_000): Promise<void> {
    if (this.client.connected) {
      await this.client
        .unsubscribeAsync(SHARED_UPLINK_FILTER)
        .catch((err: Error) => this.uplink.log.warn({ err: err.message }, 'mqtt: leaving the share group failed'));
      const deadline = Date.now() + drainMs;
      while (this.acks.pending > 0 && this.client.connected && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await this.client.endAsync();
  }

  private subscribe(): void {
    // Always (also with a session present): a subscription dropped by an earlier close must come back.
    this.client.subscribe(SHARED_UPLINK_FILTER, { qos: 1 }, (err) => {
      if (err) this.uplink.log.error({ err: err.message }, 'mqtt: shared subscription refused');
      if (err) this.starting?.reject(err);
      else this.starting?.resolve();
    });
  }

  private receive(packet: IPublishPacket, callback: (err?: Error) => void): void {
    const work = this.process(packet.topic, bytes(packet.payload));
    if (packet.qos === 0 || packet.messageId === undefined) {
      work.catch((err: unknown) => this.uplink.log.error({ err }, 'mqtt: QoS 0 message lost'));
      return callback();
    }
    this.acks.add(packet.messageId, work);
    callback(ACK_LATER);
  }

  private async process(topic: string, payload: Buffer): Promise<void> {
    const route = uplinkTopic(topic);
    if (!route) return this.uplink.refuse('link.topic', '', topic.slice(0, 120));
    const device = await this.devices.find(route.sn);
    if (!device) return this.uplink.refuse('link.unknownDevice', route.sn, 'not stocked in');
    await this.uplink.handle(device, route.channel, payload);
  }

  private puback(messageId: number): void {
    if (!this.client.connected) return;
    // MQTT.js 5 has no public manual-ack call; _sendPacket is what its own handler uses for this PUBACK.
    (this.client as unknown as PacketWriter)._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });
  }

  private redeliver(err: Error): void {
    this.uplink.log.error({ err: err.message }, 'mqtt: commit failed; reconnecting so the broker redelivers');
    this.client.stream.destroy();
  }
}

/** Connects the platform to an external broker (MQTT_URL) and joins the shared uplink subscription. */
export async function connectExternalLink(options: ExternalLinkOptions): Promise<ExternalLink> {
  const link = new MqttExternalLink(options);
  await link.start();
  return link;
}
