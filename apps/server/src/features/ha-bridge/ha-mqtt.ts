import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';
import { redacted } from '../../config-bridge.js';
import type { Topics } from './ha-discovery.js';

/** The log calls the bridge makes (pino's signature). */
export interface BridgeLog {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** What the bridge announced before: node id → sensor keys (the retained inventory message). */
export type Inventory = Record<string, string[]>;

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 60_000;
/** A retained inventory arrives right after the subscription; this bounds the wait for a broker that stalls. */
const INVENTORY_WAIT_MS = 10_000;

/**
 * The bridge's connection to the user's broker: last will `offline` on the bridge availability topic, reconnects
 * with a back-off doubling from 1 s to 60 s, and tells when it (re)connects and when Home Assistant restarts.
 */
export class HaMqtt extends EventEmitter<{ connect: []; haOnline: [] }> {
  readonly client: MqttClient;
  private lastError = '';

  constructor(
    url: string,
    private readonly topics: Topics,
    private readonly log: BridgeLog,
  ) {
    super();
    const where = redacted(url);
    this.client = mqtt.connect(url, {
      clientId: `voltfleet-bridge-${randomBytes(4).toString('hex')}`,
      clean: true,
      reconnectPeriod: RECONNECT_MIN_MS,
      connectTimeout: 10_000,
      will: { topic: topics.bridgeAvailability, payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    this.client.on('connect', () => {
      this.client.options.reconnectPeriod = RECONNECT_MIN_MS;
      this.lastError = '';
      log.info(`ha-bridge: connected to ${where}`);
      this.client.subscribe(topics.haStatus, { qos: 1 }, (err) => {
        if (err) log.warn({ err }, 'ha-bridge: cannot subscribe to the Home Assistant status topic');
      });
      this.emit('connect');
    });
    this.client.on('close', () => {
      const next = Math.min((this.client.options.reconnectPeriod ?? RECONNECT_MIN_MS) * 2, RECONNECT_MAX_MS);
      if (!this.client.disconnecting) this.client.options.reconnectPeriod = next;
    });
    this.client.on('offline', () => log.warn(`ha-bridge: broker ${where} unreachable, retrying with back-off`));
    this.client.on('error', (err) => {
      // The same refusal on every retry is logged once.
      if (err.message === this.lastError) return;
      this.lastError = err.message;
      log.error({ err: err.message }, `ha-bridge: broker ${where}`);
    });
    this.client.on('message', (topic, payload) => {
      if (topic === topics.haStatus && payload.toString() === 'online') this.emit('haOnline');
    });
  }

  get connected(): boolean {
    return this.client.connected;
  }

  async publish(topic: string, payload: string, retain = true): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos: 1, retain });
  }

  /**
   * The inventory a previous run left (empty when none). Subscribes to it and to a marker topic of this connection:
   * a retained message is delivered before the marker published after both subscriptions.
   */
  async readInventory(): Promise<Inventory> {
    const marker = `${this.topics.inventory}/sync/${randomBytes(6).toString('hex')}`;
    let inventory: Inventory = {};
    let done: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (done = resolve));
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic === this.topics.inventory && payload.length) inventory = parseInventory(payload.toString(), this.log);
      if (topic === marker) done();
    };
    this.client.on('message', onMessage);
    let timer: NodeJS.Timeout | undefined;
    try {
      await this.client.subscribeAsync([this.topics.inventory, marker], { qos: 1 });
      await this.publish(marker, 'sync', false);
      await Promise.race([arrived, new Promise<void>((resolve) => (timer = setTimeout(resolve, INVENTORY_WAIT_MS)))]);
      await this.client.unsubscribeAsync([this.topics.inventory, marker]);
    } finally {
      clearTimeout(timer);
      this.client.off('message', onMessage);
    }
    return inventory;
  }

  /** Says `offline` on the bridge availability topic (when connected) and disconnects. */
  async close(): Promise<void> {
    if (this.client.connected) {
      await Promise.race([
        this.publish(this.topics.bridgeAvailability, 'offline').catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
    }
    await this.client.endAsync(!this.client.connected);
  }
}

function parseInventory(text: string, log: BridgeLog): Inventory {
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null) return {};
    const out: Inventory = {};
    for (const [node, keys] of Object.entries(raw)) {
      if (/^(plant|device)_[a-z0-9-]+$/.test(node) && Array.isArray(keys))
        out[node] = keys.filter((k): k is string => typeof k === 'string' && /^[a-z_]+$/.test(k));
    }
    return out;
  } catch {
    log.warn('ha-bridge: the retained inventory is not JSON; starting without it');
    return {};
  }
}
