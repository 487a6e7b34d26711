import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Reading } from '@voltfleet/domain/telemetry';
import { generateDeviceSecret, hashDeviceSecret, verifyDeviceSecret } from './device-secret.js';
import type { DeviceDirectory, DeviceLookup, LinkDevice, ReadingSink } from './link.types.js';

/** Link tests: an in-memory device table with real `$7$` hashes (the link, not the database, is under test). */
export class MemoryDirectory implements DeviceDirectory, DeviceLookup {
  private readonly rows = new Map<string, { id: number; hash: string }>();
  readonly secrets = new Map<string, string>();

  /** Stocks in devices and returns them with their secrets. */
  async add(...sns: string[]): Promise<LinkDevice[]> {
    for (const sn of sns) {
      const secret = generateDeviceSecret();
      this.rows.set(sn, { id: this.rows.size + 1, hash: await hashDeviceSecret(secret) });
      this.secrets.set(sn, secret);
    }
    return sns.map((sn) => ({ id: this.rows.get(sn)!.id, sn }));
  }

  secret(sn: string): string {
    return this.secrets.get(sn)!;
  }

  async authenticate(sn: string, secret: string): Promise<LinkDevice | null> {
    const row = this.rows.get(sn);
    return row && (await verifyDeviceSecret(secret, row.hash)) ? { id: row.id, sn } : null;
  }

  async find(sn: string): Promise<LinkDevice | null> {
    const row = this.rows.get(sn);
    return row ? { id: row.id, sn } : null;
  }

  async listCredentials() {
    return [...this.rows].map(([sn, row]) => ({ sn, passwordHash: row.hash }));
  }
}

interface Held {
  device: LinkDevice;
  reading: Reading;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * A sink that commits in batches like the ingest does: `mode` 'auto' commits every `batchMs`, 'hold' keeps everything
 * until `commit()`, 'fail' rejects. It records what it saw, and how many readings waited together at most.
 */
export class TestSink implements ReadingSink {
  mode: 'auto' | 'hold' | 'fail' = 'auto';
  readonly committed: { sn: string; ts: number; seq: number | undefined }[] = [];
  submitted = 0;
  maxWaiting = 0;
  private waiting: Held[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly batchMs = 5) {}

  get pending(): number {
    return this.waiting.length;
  }

  submit(device: LinkDevice, reading: Reading): Promise<void> {
    this.submitted += 1;
    if (this.mode === 'fail') return Promise.reject(new Error('database unavailable'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ device, reading, resolve, reject });
      this.maxWaiting = Math.max(this.maxWaiting, this.waiting.length);
      if (this.mode === 'auto') this.timer ??= setTimeout(() => this.commit(), this.batchMs);
    });
  }

  /** Commits everything waiting (one "transaction"). */
  commit(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    for (const held of batch) {
      this.committed.push({ sn: held.device.sn, ts: held.reading.ts, seq: held.reading.seq });
      held.resolve();
    }
  }

  /** Fails everything waiting (the transaction rolled back). */
  failWaiting(): void {
    const batch = this.waiting;
    this.waiting = [];
    for (const held of batch) held.reject(new Error('transaction rolled back'));
  }

  /** Distinct (sn, ts) pairs committed: what the database would hold after deduplication. */
  distinct(): Set<string> {
    return new Set(this.committed.map((c) => `${c.sn}@${c.ts}`));
  }
}

/** A valid reading payload of `sn` (two PV values; `ts` defaults to now). */
export function readingJson(sn: string, seq = 1, ts = Date.now() - 1000 + seq): string {
  return JSON.stringify({ sn, ts, seq, values: { pvPowerW: 1000 + (seq % 1000), pv1VoltageV: 400.5 } });
}

/** Connects a device (client id = serial number) over MQTT 3.1.1 without reconnecting. */
export function connectDevice(
  url: string,
  sn: string,
  secret: string,
  extra: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: sn,
    username: sn,
    password: secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...extra,
  });
}

/** Connect attempt that resolves with the refusal message (or 'connected'). */
export async function connectOutcome(url: string, options: IClientOptions): Promise<string> {
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
    await client.endAsync();
    return 'connected';
  } catch (err) {
    return (err as Error).message;
  }
}

/** Resolves once `predicate` holds; fails after `timeoutMs` with `what`. */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves when the client's connection closes (or at once if it is closed). */
export function closed(client: MqttClient): Promise<void> {
  return new Promise((resolve) => (client.connected ? client.once('close', () => resolve()) : resolve()));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
