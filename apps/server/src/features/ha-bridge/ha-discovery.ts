import type { HaBridgeConfig } from '../../config-bridge.js';
import type { SensorSpec } from './ha-entities.js';

/**
 * Home Assistant MQTT discovery: the topic layout and the retained config message of each sensor
 * (docs/integrations.md "Home Assistant" shows one as it comes out).
 */

/** A plant or device as Home Assistant sees it: one HA device with a JSON state topic and its own availability. */
export interface HaNode {
  /** `plant_12` or `device_vf2401000001`: the discovery node id (after `voltfleet_`) and the inventory's key. */
  id: string;
  stateTopic: string;
  availabilityTopic: string;
  device: HaDevice;
}

export interface HaDevice {
  identifiers: string[];
  name: string;
  manufacturer?: string;
  model?: string;
  sw_version?: string;
  via_device?: string;
  configuration_url?: string;
}

export interface HaOrigin {
  name: 'Voltfleet';
  sw: string;
  url: string;
}

/** The topics of one bridge, from its two prefixes. */
export class Topics {
  constructor(private readonly prefixes: Pick<HaBridgeConfig, 'discoveryPrefix' | 'topicPrefix'>) {}

  /** `online` while the bridge publishes current figures; `offline` when it stops (also its MQTT last will). */
  get bridgeAvailability(): string {
    return `${this.prefixes.topicPrefix}/bridge/availability`;
  }

  /** The retained list of the sensors the bridge has announced, so a restarted bridge can withdraw stale ones. */
  get inventory(): string {
    return `${this.prefixes.topicPrefix}/bridge/inventory`;
  }

  /** Home Assistant says `online` here when it starts: the bridge then announces its sensors again. */
  get haStatus(): string {
    return `${this.prefixes.discoveryPrefix}/status`;
  }

  node(id: string): Pick<HaNode, 'id' | 'stateTopic' | 'availabilityTopic'> {
    const [kind, ...rest] = id.split('_');
    const base = `${this.prefixes.topicPrefix}/${kind}/${rest.join('_')}`;
    return { id, stateTopic: `${base}/state`, availabilityTopic: `${base}/availability` };
  }

  config(nodeId: string, key: string): string {
    return `${this.prefixes.discoveryPrefix}/sensor/voltfleet_${nodeId}/${key}/config`;
  }
}

/** A node id part from a serial number: Home Assistant node and object ids allow `[a-zA-Z0-9_-]` only. */
export const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9-]+/g, '-');

export const plantNodeId = (plantId: number): string => `plant_${plantId}`;
export const deviceNodeId = (sn: string): string => `device_${slug(sn)}`;

/** The retained discovery config of one sensor of a node. */
export function sensorConfig<S>(
  topics: Topics,
  node: HaNode,
  spec: SensorSpec<S>,
  origin: HaOrigin,
): Record<string, unknown> {
  const uniqueId = `voltfleet_${node.id}_${spec.key}`;
  return {
    name: spec.name,
    unique_id: uniqueId,
    // object_id for Home Assistant before 2025.10, default_entity_id from then on (object_id is deprecated there).
    object_id: uniqueId,
    default_entity_id: `sensor.${uniqueId}`,
    state_topic: node.stateTopic,
    value_template: `{{ value_json.${spec.key} }}`,
    ...(spec.unit ? { unit_of_measurement: spec.unit } : {}),
    ...(spec.deviceClass ? { device_class: spec.deviceClass } : {}),
    state_class: spec.stateClass,
    ...(spec.icon ? { icon: spec.icon } : {}),
    availability: [{ topic: topics.bridgeAvailability }, { topic: node.availabilityTopic }],
    availability_mode: 'all',
    device: node.device,
    origin,
  };
}
