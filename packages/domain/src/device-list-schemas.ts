// The schemas of device-list.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { activeAlarmsSchema } from './active-alarms-schemas.js';
import { ACTIVATION_STATUSES, DEVICE_KINDS, RUNNING_STATUSES } from './devices.js';
import { pageQuerySchema } from './envelope-schemas.js';
import { DEVICE_LIST_SORTS } from './device-list.js';

/** The filters of the device list; the export takes the same ones. */
export const deviceListFilterSchema = z.object({
  /** Part of the serial number, model or plant name. */
  keyword: z.string().trim().max(64).optional(),
  model: z.string().trim().max(32).optional(),
  kind: z.enum(DEVICE_KINDS).optional(),
  status: z.enum(RUNNING_STATUSES).optional(),
  activation: z.enum(ACTIVATION_STATUSES).optional(),
  plantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sort: z.enum(DEVICE_LIST_SORTS).default('sn'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export type DeviceListFilter = z.infer<typeof deviceListFilterSchema>;

export const deviceListQuerySchema = z.object({ ...deviceListFilterSchema.shape, ...pageQuerySchema.shape });

export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

const liveValue = z.number().nullable();

/** The newest reading's key values; a value the reading did not carry is null. `ts` is the reading's time (UTC). */
export const deviceLatestSchema = z.object({
  ts: z.string(),
  pvPowerW: liveValue,
  loadPowerW: liveValue,
  gridPowerW: liveValue,
  batPowerW: liveValue,
  batSocPct: liveValue,
  pvEnergyTodayKwh: liveValue,
});

export type DeviceLatest = z.infer<typeof deviceLatestSchema>;

/** One row of the device list. Times are ISO strings in UTC; the page shows them in the plant's time zone. */
export const deviceListItemSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  /** IANA zone of the plant, e.g. 'Europe/Prague'; null for a device not installed in a plant. */
  plantTimeZone: z.string().nullable(),
  runningStatus: z.enum(RUNNING_STATUSES),
  activated: z.boolean(),
  /** When the device was put in storage (stock-in or import). */
  importedAt: z.string(),
  lastSeenAt: z.string().nullable(),
  lastReadingAt: z.string().nullable(),
  latest: deviceLatestSchema.nullable(),
  /** The device's active alarms (the list's alarm badge). */
  activeAlarms: activeAlarmsSchema,
});

export type DeviceListItem = z.infer<typeof deviceListItemSchema>;

/** What the list's model and plant filters offer: the models and plants of the devices in the caller's scope. */
export const deviceFilterOptionsSchema = z.object({
  models: z.array(z.string()),
  plants: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export type DeviceFilterOptions = z.infer<typeof deviceFilterOptionsSchema>;
