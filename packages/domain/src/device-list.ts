import type { CommandStatusMessage } from './commands.js';
import { z } from 'zod';
import { activeAlarmsSchema } from './active-alarms.js';
import type { AlarmLiveEvent } from './alarms/alarm-api.js';
import { ACTIVATION_STATUSES, DEVICE_KINDS, RUNNING_STATUSES, type RunningStatus } from './devices.js';
import { pageQuerySchema } from './envelope.js';
import type { PlantStatus } from './plants.js';
import type { UnreadLiveMessage } from './messages-inbox.js';
import type { FieldDef } from './telemetry/field-types.js';
import { BAT_POWER_FIELD, BAT_SOC_FIELD } from './telemetry/fields-bms.js';
import { GRID_POWER_FIELD, LOAD_POWER_FIELD, PV_ENERGY_TODAY_FIELD, PV_POWER_FIELD } from './telemetry/fields-power.js';
import type { ReadingValues } from './telemetry/reading.js';
import type { DeviceLiveKey } from './device-live-keys.js';

export { DEVICE_LIVE_KEYS, type DeviceLiveKey } from './device-live-keys.js';

/**
 * The catalogue entries (unit, decimals, names) of those values, taken one by one so that a page showing them
 * does not load the whole field catalogue.
 */
export const DEVICE_LIVE_FIELDS: { readonly [K in DeviceLiveKey]: Omit<FieldDef<K>, 'group'> } = {
  pvPowerW: PV_POWER_FIELD,
  loadPowerW: LOAD_POWER_FIELD,
  gridPowerW: GRID_POWER_FIELD,
  batPowerW: BAT_POWER_FIELD,
  batSocPct: BAT_SOC_FIELD,
  pvEnergyTodayKwh: PV_ENERGY_TODAY_FIELD,
};

/** A live value rounded to the decimals its field is reported with. */
export function roundLiveValue(key: DeviceLiveKey, value: number): number {
  const factor = 10 ** DEVICE_LIVE_FIELDS[key].decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Sign conventions of the signed power fields (as the inverters report them): grid power is positive while
 * importing from the grid and negative while exporting; battery power is positive while discharging.
 */
export const POWER_SIGNS = {
  gridPowerW: { positive: 'import', negative: 'export' },
  batPowerW: { positive: 'discharge', negative: 'charge' },
} as const;

/** Orders the device list offers (one per sortable column). */
export const DEVICE_LIST_SORTS = ['sn', 'model', 'plant', 'status', 'activation', 'importTime', 'lastSeen'] as const;
export type DeviceListSort = (typeof DEVICE_LIST_SORTS)[number];

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

/**
 * Messages of the live channel (WebSocket /api/ws, one per browser tab), each about a device or plant in the
 * user's scope: `hello` on connect, the newest `reading` of a device (`ts` in epoch ms), status changes, and alarms
 * raised, flapping, acknowledged or recovered. `resync` says events may have been missed (the server's
 * LISTEN connection to the database was lost and is back): a page refetches what it shows (docs/faults.md).
 */
export type LiveMessage =
  | { type: 'hello'; devices: number }
  | { type: 'resync' }
  | { type: 'reading'; deviceId: number; plantId: number | null; ts: number; values: ReadingValues }
  | { type: 'deviceStatus'; deviceId: number; plantId: number | null; status: RunningStatus }
  | { type: 'plantStatus'; plantId: number; status: PlantStatus }
  | CommandStatusMessage
  | AlarmLiveEvent
  | UnreadLiveMessage;

/** What the list's model and plant filters offer: the models and plants of the devices in the caller's scope. */
export const deviceFilterOptionsSchema = z.object({
  models: z.array(z.string()),
  plants: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeviceFilterOptions = z.infer<typeof deviceFilterOptionsSchema>;
