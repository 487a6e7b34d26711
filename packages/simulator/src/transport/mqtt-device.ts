import mqtt, { type MqttClient } from 'mqtt';
import {
  DEVICE_TOPICS,
  commandAckJson,
  deviceStatusJson,
  type CommandAnswer,
  type DeviceCommand,
} from '@voltfleet/domain/protocol';
import { type Reading } from '@voltfleet/domain/telemetry';
import { parseCommand } from './commands.js';

export interface MqttDeviceOptions {
  /** Broker address, e.g. `mqtt://localhost:1883`. */
  url: string;
  sn: string;
  /** The secret issued at stock-in. */
  secret: string;
  /** Executes a command; its answer is published on `dev/{sn}/up/ack`. */
  onCommand?: (command: DeviceCommand) => CommandAnswer;
  /** The firmware versions the device runs, reported with its online status. */
  versions?: () => { pcuVersion: string; dspVersion: string };
  /** Readings kept while the broker has not acknowledged them; beyond it the oldest are dropped. */
  bufferLimit?: number;
  /** Readings handed to MQTT at once (unacknowledged QoS 1 publishes in flight). */
  inflightLimit?: number;
  reconnectPeriodMs?: number;
  keepaliveS?: number;
}

const REMEMBERED_COMMANDS = 100;

/** The status a device says before a clean disconnect and leaves as its last will. */
const OFFLINE_STATUS = deviceStatusJson({ status: 'offline' });

/**
 * One simulated device on MQTT (docs/protocol.md): logs in with its serial number and secret, announces itself on its
 * status topic with a last will saying offline, publishes readings with QoS 1 and answers commands. Readings wait in a
 * bounded buffer until the broker acknowledges them; after a reconnect the unacknowledged ones are sent again (MQTT.js
 * resends those in flight, the rest follow), so nothing is lost unless the buffer overflows (counted in `dropped`).
 */
export class MqttDevice {
  readonly sn: string;
  /** Readings acknowledged by the broker. */
  acknowledged = 0;
  /** Readings dropped because the buffer was full. */
  dropped = 0;
  private readonly client: MqttClient;
  private readonly queue: Reading[] = [];
  private inflight = 0;
  private readonly answers = new Map<string, CommandAnswer>();
  private readonly bufferLimit: number;
  private readonly inflightLimit: number;

  constructor(private readonly options: MqttDeviceOptions) {
    this.sn = options.sn;
    this.bufferLimit = options.bufferLimit ?? 1000;
    this.inflightLimit = options.inflightLimit ?? 20;
    this.client = mqtt.connect(options.url, {
      clientId: options.sn,
      username: options.sn,
      password: options.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: options.keepaliveS ?? 60,
      reconnectPeriod: options.reconnectPeriodMs ?? 2000,
      will: {
        topic: DEVICE_TOPICS.status(options.sn),
        payload: Buffer.from(OFFLINE_STATUS),
        qos: 1,
        retain: false,
      },
      manualConnect: true,
    });
    this.client.on('connect', () => this.connected());
    this.client.on('message', (_topic, payload) => this.command(payload));
    // Connection problems are retried by MQTT.js; a listener keeps them from being thrown.
    this.client.on('error', () => undefined);
  }

  /** Readings not yet acknowledged (queued and in flight). */
  get unacknowledged(): number {
    return this.queue.length + this.inflight;
  }

  get isConnected(): boolean {
    return this.client.connected;
  }

  /** Connects (and keeps reconnecting); resolves on the first connection, rejects (and stops) if that fails. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => {
        this.client.off('connect', connected);
        this.client.end(true);
        reject(err);
      };
      const connected = () => {
        this.client.off('error', failed);
        resolve();
      };
      this.client.once('connect', connected);
      this.client.once('error', failed);
      this.client.connect();
    });
  }

  /** Queues a reading for sending; the oldest unsent one is dropped when the buffer is full. */
  publishReading(reading: Reading): void {
    this.queue.push(reading);
    while (this.unacknowledged > this.bufferLimit && this.queue.length > 0) {
      this.queue.shift();
      this.dropped += 1;
    }
    this.pump();
  }

  /** Resolves once every buffered reading has been acknowledged (or after `timeoutMs`). */
  async drain(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.unacknowledged > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.unacknowledged === 0;
  }

  /** Says offline (waiting at most a second for the broker) and disconnects; a clean disconnect sends no will. */
  async close(): Promise<void> {
    if (this.client.connected) {
      const said = this.client.publishAsync(DEVICE_TOPICS.status(this.sn), OFFLINE_STATUS, { qos: 1 });
      await Promise.race([said.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
    await this.client.endAsync(true);
  }

  /** Says online again with the firmware versions it runs now (e.g. back from an upgrade's restart). */
  reportStatus(): void {
    if (this.client.connected) this.client.publish(DEVICE_TOPICS.status(this.sn), this.onlineStatus(), { qos: 1 });
  }

  /** Cuts the connection without DISCONNECT, as a lost link would (the broker publishes the last will). */
  dropConnection(): void {
    this.client.stream.destroy();
  }

  private connected(): void {
    this.client.subscribe(DEVICE_TOPICS.command(this.sn), { qos: 1 });
    this.client.publish(DEVICE_TOPICS.status(this.sn), this.onlineStatus(), { qos: 1 });
    this.pump();
  }

  private onlineStatus(): string {
    return deviceStatusJson({ status: 'online', ts: Date.now(), ...this.options.versions?.() });
  }

  private pump(): void {
    while (this.client.connected && this.inflight < this.inflightLimit && this.queue.length > 0) {
      const reading = this.queue.shift()!;
      this.inflight += 1;
      this.client.publish(DEVICE_TOPICS.reading(this.sn), JSON.stringify(reading), { qos: 1 }, (err) => {
        this.inflight -= 1;
        // Only a client that was ended fails a QoS 1 publish: keep the reading for the next start.
        if (err) this.queue.unshift(reading);
        else this.acknowledged += 1;
        this.pump();
      });
    }
  }

  private command(payload: Buffer): void {
    const command = parseCommand(payload);
    if (!command) return;
    // A command can arrive twice (QoS 1): it is executed once and the first answer repeated.
    let answer = this.answers.get(command.commandId);
    if (!answer) {
      answer = this.execute(command);
      this.answers.set(command.commandId, answer);
      if (this.answers.size > REMEMBERED_COMMANDS) this.answers.delete(this.answers.keys().next().value!);
    }
    this.client.publish(DEVICE_TOPICS.ack(this.sn), commandAckJson(command.commandId, answer), { qos: 1 });
  }

  private execute(command: DeviceCommand): CommandAnswer {
    if (command.expiresAt !== undefined && command.expiresAt < Date.now()) return { ok: false, reason: 'expired' };
    if (!this.options.onCommand) return { ok: false, reason: 'unsupported' };
    try {
      return this.options.onCommand(command);
    } catch (err) {
      return { ok: false, reason: (err as Error).message.slice(0, 128) };
    }
  }
}
