import { readFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import type { HaBridgeConfig } from '../../config-bridge.js';
import { BridgeApiError, bridgeApi, type BridgeApi } from './ha-api.js';
import { Topics, deviceNodeId, plantNodeId, sensorConfig, type HaNode, type HaOrigin } from './ha-discovery.js';
import {
  DEVICE_SENSORS,
  PLANT_SENSORS,
  deviceSensorKeys,
  plantSensorKeys,
  stateOf,
  type PlantSnapshot,
  type SensorSpec,
} from './ha-entities.js';
import { HaMqtt, type BridgeLog, type Inventory } from './ha-mqtt.js';

/** The result of one poll: what was published, or why nothing was. */
export type RoundResult =
  | { ok: true; plants: number; devices: number; removed: string[] }
  | { ok: false; reason: 'broker' | 'api'; error?: string };

export interface HaBridge {
  /** Each finished poll (tests wait on it). */
  readonly events: EventEmitter<{ round: [RoundResult] }>;
  /** Polls now (after a running poll) and answers with its result. */
  pollNow(): Promise<RoundResult>;
  /** Stops polling, says `offline`, disconnects. */
  stop(): Promise<void>;
}

export interface HaBridgeOptions {
  config: HaBridgeConfig;
  log: BridgeLog;
  /** Tests: another API client. */
  api?: BridgeApi;
}

/** Back-off after a failed poll: 2 s doubling, at most 5 minutes (the poll interval when that is longer). */
const failureDelayMs = (failures: number, pollMs: number): number =>
  Math.min(2000 * 2 ** Math.min(failures - 1, 16), Math.max(300_000, pollMs));

/** One published sensor set of a node: its HA device, its sensors and the state that goes with them. */
interface NodeOutput {
  node: HaNode;
  specs: readonly SensorSpec<never>[];
  keys: string[];
  state: Record<string, number | null>;
  online: boolean;
}

/**
 * The Home Assistant bridge (role `bridge`): every poll it reads the plants and devices the key may see from the API,
 * announces their sensors by MQTT discovery (retained), publishes their states (retained), and withdraws the sensors
 * of plants and devices the key no longer sees. It never throws out of its loop: an unreachable broker or API is
 * logged and retried with back-off.
 */
export function startHaBridge(options: HaBridgeOptions): HaBridge {
  const { config, log } = options;
  const api = options.api ?? bridgeApi(config.apiUrl, config.apiKey);
  const topics = new Topics(config);
  const mqtt = new HaMqtt(config.mqttUrl, topics, log);
  const origin: HaOrigin = { name: 'Voltfleet', sw: serverVersion(), url: config.apiUrl };
  const events = new EventEmitter<{ round: [RoundResult] }>();
  const details = new Map<number, DeviceDetail | null>();
  /** Config payloads as last published (topic → JSON); cleared on reconnect and HA restart to announce again. */
  const announced = new Map<string, string>();
  let inventory: Inventory | undefined;
  let failures = 0;
  let apiDown = false;
  let devicesRefused = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  async function snapshot(plantId: number, plant: PlantSnapshot['plant']): Promise<PlantSnapshot | undefined> {
    const overview = await optional(() => api.overview(plantId));
    // Gone between the list and its detail: out of scope now, withdrawn with the others.
    if (!overview) return undefined;
    const savings = await optional(() => api.savings(plantId));
    let devices: DeviceListItem[] | undefined;
    try {
      devices = await api.devices(plantId);
      devicesRefused = false;
    } catch (err) {
      if (!(err instanceof BridgeApiError) || err.status !== 403) throw err;
      if (!devicesRefused) log.warn('ha-bridge: the key may not list devices (B/A): only plant sensors are published');
      devicesRefused = true;
    }
    for (const d of devices ?? []) {
      if (!details.has(d.id)) details.set(d.id, (await optional(() => api.deviceDetail(d.id))) ?? null);
    }
    const known = new Map<number, DeviceDetail>();
    for (const [id, detail] of details) if (detail) known.set(id, detail);
    return { plant, overview, savings, devices, details: known };
  }

  function outputs(snapshots: PlantSnapshot[]): NodeOutput[] {
    const out: NodeOutput[] = [];
    for (const s of snapshots) {
      const plantNode: HaNode = {
        ...topics.node(plantNodeId(s.plant.plantId)),
        device: {
          identifiers: [`voltfleet_${plantNodeId(s.plant.plantId)}`],
          name: s.plant.name,
          manufacturer: 'Voltfleet',
          model: 'Plant',
        },
      };
      const keys = withPrevious(plantSensorKeys(s), plantNode.id);
      out.push({
        node: plantNode,
        specs: PLANT_SENSORS,
        keys,
        state: stateOf(PLANT_SENSORS, keys, s),
        online: s.plant.status !== 'offline',
      });
      for (const d of s.devices ?? []) {
        const detail = s.details.get(d.id);
        const versions = [
          detail?.pcuVersion && `PCU ${detail.pcuVersion}`,
          detail?.dspVersion && `DSP ${detail.dspVersion}`,
        ]
          .filter(Boolean)
          .join(', ');
        const node: HaNode = {
          ...topics.node(deviceNodeId(d.sn)),
          device: {
            identifiers: [`voltfleet_${deviceNodeId(d.sn)}`],
            name: `${d.sn} (${d.kind})`,
            model: d.model,
            ...(versions ? { sw_version: versions } : {}),
            via_device: plantNode.device.identifiers[0]!,
          },
        };
        const deviceKeys = withPrevious(deviceSensorKeys(d), node.id);
        out.push({
          node,
          specs: DEVICE_SENSORS,
          keys: deviceKeys,
          state: stateOf(DEVICE_SENSORS, deviceKeys, d),
          online: d.runningStatus !== 'offline',
        });
      }
    }
    return out;
  }

  /** A sensor once announced stays while its node is in scope (a silent battery is unknown, not gone). */
  function withPrevious(keys: string[], nodeId: string): string[] {
    const previous = new Set(inventory?.[nodeId] ?? []);
    return [...new Set([...keys, ...previous])];
  }

  async function publishNode(o: NodeOutput): Promise<void> {
    for (const key of o.keys) {
      const spec = o.specs.find((s) => s.key === key);
      if (!spec) continue;
      const topic = topics.config(o.node.id, key);
      const payload = JSON.stringify(sensorConfig(topics, o.node, spec, origin));
      if (announced.get(topic) === payload) continue;
      await mqtt.publish(topic, payload);
      announced.set(topic, payload);
    }
    await mqtt.publish(o.node.availabilityTopic, o.online ? 'online' : 'offline');
    await mqtt.publish(o.node.stateTopic, JSON.stringify(o.state));
  }

  /** Withdraws the sensors of a node (or of some of its keys): empty retained configs, then its topics. */
  async function withdraw(nodeId: string, keys: string[], whole: boolean): Promise<void> {
    for (const key of keys) {
      const topic = topics.config(nodeId, key);
      await mqtt.publish(topic, '');
      announced.delete(topic);
    }
    if (whole) {
      const node = topics.node(nodeId);
      await mqtt.publish(node.stateTopic, '');
      await mqtt.publish(node.availabilityTopic, '');
    }
  }

  async function round(): Promise<RoundResult> {
    if (!mqtt.connected) return { ok: false, reason: 'broker' };
    let snapshots: PlantSnapshot[];
    try {
      inventory ??= await mqtt.readInventory();
      const plants = await api.plants();
      snapshots = [];
      for (const plant of plants) {
        const s = await snapshot(plant.plantId, plant);
        if (s) snapshots.push(s);
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!(err instanceof BridgeApiError)) return { ok: false, reason: 'broker', error: message };
      const retry = Math.round(failureDelayMs(failures + 1, config.pollSeconds * 1000) / 1000);
      log.error(
        err.status === 401
          ? `ha-bridge: the API refused HA_API_KEY (401), retrying in ${retry} s: ${message}`
          : `ha-bridge: the API at ${config.apiUrl} failed, retrying in ${retry} s: ${message}`,
      );
      apiDown = true;
      // The figures are stale now: Home Assistant shows the sensors unavailable until the API answers again.
      await mqtt.publish(topics.bridgeAvailability, 'offline').catch(() => undefined);
      return { ok: false, reason: 'api', error: message };
    }
    const out = outputs(snapshots);
    const now = new Set(out.map((o) => o.node.id));
    const removed: string[] = [];
    for (const [nodeId, keys] of Object.entries(inventory)) {
      if (now.has(nodeId)) continue;
      await withdraw(nodeId, keys, true);
      removed.push(nodeId);
    }
    for (const o of out) await publishNode(o);
    inventory = Object.fromEntries(out.map((o) => [o.node.id, o.keys]));
    await mqtt.publish(topics.inventory, JSON.stringify(inventory));
    await mqtt.publish(topics.bridgeAvailability, 'online');
    if (apiDown) log.info('ha-bridge: the API answers again');
    if (removed.length) log.info({ removed }, 'ha-bridge: withdrew the sensors of plants and devices out of scope');
    apiDown = false;
    const devices = out.filter((o) => o.node.id.startsWith('device_')).length;
    return { ok: true, plants: snapshots.length, devices, removed };
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void pollNow(), ms);
  }

  function pollNow(): Promise<RoundResult> {
    const next = chain.then(async () => {
      let result: RoundResult;
      try {
        result = stopped ? { ok: false, reason: 'broker' } : await round();
      } catch (err) {
        // A publish that failed mid-round (the broker went away): the next connect polls again.
        result = { ok: false, reason: 'broker', error: err instanceof Error ? err.message : String(err) };
      }
      failures = result.ok ? 0 : failures + 1;
      if (result.ok) schedule(config.pollSeconds * 1000);
      else if (result.reason === 'api' || result.error) schedule(failureDelayMs(failures, config.pollSeconds * 1000));
      if (!result.ok && result.reason === 'broker' && result.error)
        log.warn(`ha-bridge: publishing failed (${result.error}); retrying with back-off`);
      events.emit('round', result);
      return result;
    });
    chain = next;
    return next;
  }

  mqtt.on('connect', () => {
    announced.clear();
    void pollNow();
  });
  mqtt.on('haOnline', () => {
    log.info('ha-bridge: Home Assistant started: announcing the sensors again');
    announced.clear();
    void pollNow();
  });
  log.info(
    `ha-bridge: publishing what the key sees at ${config.apiUrl} every ${config.pollSeconds} s (discovery prefix ${config.discoveryPrefix}, topics ${config.topicPrefix}/…)`,
  );

  return {
    events,
    pollNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain.catch(() => undefined);
      await mqtt.close();
    },
  };
}

/** An answer, or undefined when the key may not see it (403, 404); other failures fail the poll. */
async function optional<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BridgeApiError && (err.status === 403 || err.status === 404)) return undefined;
    throw err;
  }
}

/** The server's version for the discovery `origin` (apps/server/package.json, from src and dist alike). */
function serverVersion(): string {
  try {
    const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
    const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
