import type { CommandStatusMessage } from './commands.js';
import type { AlarmLiveEvent } from './alarms/alarm-api-schemas.js';
import type { RunningStatus } from './devices.js';
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
