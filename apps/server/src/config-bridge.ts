/**
 * The Home Assistant bridge's settings (role `bridge`, docs/integrations.md "Home Assistant"): read only when the
 * process runs that role, and refused at start with a message naming the variable when they are wrong.
 */
export interface HaBridgeConfig {
  /** HA_MQTT_URL: the user's broker, mqtt://user:pass@host:port (mqtts, ws and wss too). */
  mqttUrl: string;
  /** HA_API_KEY: the key (or session token) the bridge calls the API with, as `Authorization: Bearer`. */
  apiKey: string;
  /** HA_API_URL: where the bridge reaches Voltfleet's API; default this process's own port on loopback. */
  apiUrl: string;
  /** HA_DISCOVERY_PREFIX: Home Assistant's discovery prefix (default `homeassistant`). */
  discoveryPrefix: string;
  /** HA_TOPIC_PREFIX: the prefix of the bridge's state and availability topics (default `voltfleet`). */
  topicPrefix: string;
  /** HA_POLL_SECONDS: how often the figures are read and published (default 30). */
  pollSeconds: number;
}

export const HA_POLL_SECONDS_MIN = 5;
export const HA_POLL_SECONDS_MAX = 3600;

/** One or more topic levels without wildcards, empty levels, or a leading `$` (reserved for brokers). */
const TOPIC_PREFIX = /^(?!\$)[^/#+\s]+(\/[^/#+\s]+)*$/;

function prefix(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!TOPIC_PREFIX.test(raw) || raw.length > 100)
    throw new Error(
      `${name} must be an MQTT topic prefix (levels separated by /, no +, #, spaces, empty levels or leading $), got "${raw}"`,
    );
  return raw;
}

function url(name: string, raw: string, protocols: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL (${protocols.join(', ')}), got "${redacted(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol.slice(0, -1)) || !parsed.hostname)
    throw new Error(`${name} must be a ${protocols.join(', ')} URL with a host, got "${redacted(raw)}"`);
  return raw;
}

/** A URL for an error message or the log: its password never shows. */
export function redacted(raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

/** The bridge's settings when `bridge` is among the roles; undefined otherwise (its variables are then ignored). */
export function haBridgeConfig(env: NodeJS.ProcessEnv, bridge: boolean, port: number): HaBridgeConfig | undefined {
  if (!bridge) return undefined;
  const mqttUrl = env.HA_MQTT_URL;
  if (!mqttUrl)
    throw new Error('ROLES=bridge needs HA_MQTT_URL (the Home Assistant broker, mqtt://user:pass@host:1883)');
  const apiKey = env.HA_API_KEY;
  if (!apiKey) throw new Error('ROLES=bridge needs HA_API_KEY (an API key that may read the plants to publish)');
  if (/\s/.test(apiKey)) throw new Error('HA_API_KEY must not contain spaces or line breaks');
  const rawPoll = env.HA_POLL_SECONDS || '30';
  const pollSeconds = Number(rawPoll);
  if (!/^\d+$/.test(rawPoll) || pollSeconds < HA_POLL_SECONDS_MIN || pollSeconds > HA_POLL_SECONDS_MAX)
    throw new Error(
      `HA_POLL_SECONDS must be a whole number of seconds from ${HA_POLL_SECONDS_MIN} to ${HA_POLL_SECONDS_MAX}, got "${rawPoll}"`,
    );
  return {
    mqttUrl: url('HA_MQTT_URL', mqttUrl, ['mqtt', 'mqtts', 'ws', 'wss']),
    apiKey,
    apiUrl: url('HA_API_URL', env.HA_API_URL || `http://127.0.0.1:${port}`, ['http', 'https']).replace(/\/+$/, ''),
    discoveryPrefix: prefix(env, 'HA_DISCOVERY_PREFIX', 'homeassistant'),
    topicPrefix: prefix(env, 'HA_TOPIC_PREFIX', 'voltfleet'),
    pollSeconds,
  };
}
