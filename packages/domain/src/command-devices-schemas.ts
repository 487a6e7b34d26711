// The schemas of command-devices.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { RUNNING_STATUSES } from './devices.js';
import { pageQuerySchema } from './envelope-schemas.js';
import { DEVICE_PROTOCOLS } from './command-devices.js';

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
