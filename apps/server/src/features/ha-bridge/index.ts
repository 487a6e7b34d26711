// The Home Assistant bridge (role `bridge`): publishes what an API key may see to the user's MQTT broker with Home
// Assistant discovery (docs/integrations.md, "Home Assistant"). A client of the HTTP API, not of other features.
export { startHaBridge, type HaBridge, type HaBridgeOptions, type RoundResult } from './ha-bridge.js';
export type { BridgeLog } from './ha-mqtt.js';
