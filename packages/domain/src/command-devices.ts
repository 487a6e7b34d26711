// The command page's device picker (R2.17 command issue): which inverters a caller can pick, filtered and paged on
// the server, and "all matching the filter" as one selection.

/** How a device talks to the platform (`devices.protocol`): MQTT JSON, or OSIM over TCP through the gateway. */
export const DEVICE_PROTOCOLS = ['mqtt', 'osim'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

/** The names of the protocols (the same words in every language: they are the protocols' own names). */
export const DEVICE_PROTOCOL_NAMES: Record<DeviceProtocol, string> = { mqtt: 'MQTT', osim: 'OSIM' };

/**
 * The most devices one command request may name (the issue schema refuses more). "Select all within the filter"
 * takes at most this many; above the configured batch limit (`COMMAND_BATCH_LIMIT`, default 20) a selection also
 * needs the B/E:command.batch permission and an explicit confirmation.
 */
export const COMMAND_MAX_DEVICES = 1000;
