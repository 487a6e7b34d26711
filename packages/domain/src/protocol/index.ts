// @voltfleet/domain/protocol: The MQTT protocol between devices and the platform: topics, status, commands and their
// acknowledgements.
export * from '../device-protocol.js';
