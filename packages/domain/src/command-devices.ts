// The command page's device picker (R2.17 command issue): which inverters a caller can pick, filtered and paged on
// the server, and "all matching the filter" as one selection.
import { z } from 'zod';
import { RUNNING_STATUSES } from './devices.js';
import { pageQuerySchema } from './envelope.js';

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

/** A device the command page can pick. */
export const commandDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  model: z.string(),
  /** The plant it belongs to (the command form loads that plant's tariff). */
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  /** The one status rule of the device list (online, alarm, offline). */
  runningStatus: z.enum(RUNNING_STATUSES),
  protocol: z.enum(DEVICE_PROTOCOLS),
});
export type CommandDevice = z.infer<typeof commandDeviceSchema>;

/** The picker's filters: part of the serial number, plant, model, protocol and running status. */
export const commandDeviceFilterSchema = z.object({
  q: z.string().trim().max(32, 'validation.tooLong').optional(),
  plantId: z.coerce
    .number('validation.invalidValue')
    .int('validation.invalidValue')
    .positive('validation.invalidValue')
    .max(2_147_483_647, 'validation.invalidValue')
    .optional(),
  model: z.string().trim().max(32, 'validation.tooLong').optional(),
  protocol: z.enum(DEVICE_PROTOCOLS, 'validation.invalidValue').optional(),
  status: z.enum(RUNNING_STATUSES, 'validation.invalidValue').optional(),
});
export type CommandDeviceFilter = z.infer<typeof commandDeviceFilterSchema>;

export const commandDeviceQuerySchema = z.object({ ...commandDeviceFilterSchema.shape, ...pageQuerySchema.shape });
export type CommandDeviceQuery = z.infer<typeof commandDeviceQuerySchema>;

/**
 * Every device matching a filter, for "select all within the filter": all of them when there are at most `limit`
 * (COMMAND_MAX_DEVICES), none when there are more (the page asks for a narrower filter); `total` either way.
 */
export const commandDeviceSelectionSchema = z.object({
  devices: z.array(commandDeviceSchema),
  total: z.number().int(),
  limit: z.number().int(),
});
export type CommandDeviceSelection = z.infer<typeof commandDeviceSelectionSchema>;
