import { createServer, type AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * Tests of the Home Assistant bridge: a real MQTT broker (the in-process Aedes the project runs; Mosquitto when
 * installed is no different for these topics) that wants a user name and password, and a subscriber that keeps the
 * newest message of every topic like Home Assistant sees them.
 */
export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

export async function startTestBroker(username: string, password: string): Promise<TestBroker> {
  const aedes = new Aedes({
    authenticate: (_client, user, pass, done) => done(null, user === username && pass?.toString() === password),
  });
  await aedes.listen();
  const server = createServer((socket) => aedes.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://${username}:${password}@127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A subscriber to `homeassistant/#` and `voltfleet/#`: the newest payload of each topic (retained ones included). */
export class Watcher {
  readonly topics = new Map<string, string>();
  private readonly events = new EventEmitter();

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      this.topics.set(topic, payload.toString());
      this.events.emit('message');
    });
  }

  static async connect(url: string): Promise<Watcher> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const watcher = new Watcher(client);
    await client.subscribeAsync(['homeassistant/#', 'voltfleet/#'], { qos: 1 });
    return watcher;
  }

  /** Waits (at most `timeoutMs`) until `check` holds over what has arrived; re-checked on every message. */
  async until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('message', onMessage);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const onMessage = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.events.off('message', onMessage);
        resolve();
      };
      this.events.on('message', onMessage);
    });
  }

  /** The parsed JSON of the configs under a discovery node (`voltfleet_plant_12`), by object id. */
  configs(node: string): Map<string, Record<string, unknown>> {
    const out = new Map<string, Record<string, unknown>>();
    for (const [topic, payload] of this.topics) {
      const m = /^homeassistant\/sensor\/([^/]+)\/([^/]+)\/config$/.exec(topic);
      if (m && m[1] === node && payload) out.set(m[2]!, JSON.parse(payload) as Record<string, unknown>);
    }
    return out;
  }

  json(topic: string): Record<string, unknown> {
    return JSON.parse(this.topics.get(topic) ?? 'null') as Record<string, unknown>;
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
