import mqtt, { type MqttClient } from 'mqtt';
import type { Reading } from '@voltfleet/domain/telemetry';

export interface RecordingDeviceOptions {
  url: string;
  sn: string;
  secret: string;
  /** Unacknowledged QoS 1 publishes in flight at once. */
  inflightLimit?: number;
  reconnectPeriodMs?: number;
}

/**
 * A device for delivery tests. It behaves like the simulator's MqttDevice (QoS 1, a window of publishes in flight,
 * nothing dropped, unacknowledged readings sent again after every reconnect: MQTT.js resends those in flight, the
 * queue follows) and records exactly which readings the broker acknowledged: a PUBACK is a promise that the
 * reading is stored.
 */
export class RecordingDevice {
  readonly sn: string;
  /** `ts` of every reading whose PUBACK arrived, in arrival order (a repeat would mean a second PUBACK). */
  readonly acked: number[] = [];
  /** Connections accepted by the broker (the first one included). */
  connects = 0;
  private readonly client: MqttClient;
  private readonly queue: Reading[] = [];
  private inflight = 0;
  private paused = false;
  private readonly inflightLimit: number;

  constructor(options: RecordingDeviceOptions) {
    this.sn = options.sn;
    this.inflightLimit = options.inflightLimit ?? 20;
    this.client = mqtt.connect(options.url, {
      clientId: options.sn,
      username: options.sn,
      password: options.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 30,
      connectTimeout: 5000,
      reconnectPeriod: options.reconnectPeriodMs ?? 200,
      manualConnect: true,
    });
    this.client.on('connect', () => this.pump());
    // Counted on CONNACK: MQTT.js emits 'connect' only after resending what was in flight, and not at all when the
    // connection drops again before that.
    this.client.on('packetreceive', (packet) => {
      if (packet.cmd === 'connack' && !packet.returnCode) this.connects += 1;
    });
    // Refused connections while the server is down are retried by MQTT.js.
    this.client.on('error', () => undefined);
  }

  /** Readings queued or in flight, not yet acknowledged. */
  get unacknowledged(): number {
    return this.queue.length + this.inflight;
  }

  get inFlight(): number {
    return this.inflight;
  }

  get isConnected(): boolean {
    return this.client.connected;
  }

  /** Connects; resolves on the first CONNACK (the client keeps reconnecting after that). */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => {
        this.client.off('connect', connected);
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

  send(readings: Reading[]): void {
    this.queue.push(...readings);
    this.pump();
  }

  /** Stops taking readings from the queue (those in flight still complete); `resume` goes on. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  async stop(): Promise<void> {
    await this.client.endAsync(true);
  }

  private pump(): void {
    while (!this.paused && this.client.connected && this.inflight < this.inflightLimit && this.queue.length > 0) {
      const reading = this.queue.shift()!;
      this.inflight += 1;
      this.client.publish(`dev/${this.sn}/up/reading`, JSON.stringify(reading), { qos: 1 }, (err) => {
        this.inflight -= 1;
        // Only an ended client fails a QoS 1 publish; a dropped connection keeps it for the next one.
        if (err) this.queue.unshift(reading);
        else this.acked.push(reading.ts);
        this.pump();
      });
    }
  }
}
