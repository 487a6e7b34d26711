import {
  roundLiveValue,
  type DeviceLatest,
  type DeviceListFilter,
  type DeviceListItem,
  type DeviceListQuery,
  type DeviceLiveKey,
} from '@voltfleet/domain/device-list';
import { severityOfRank } from '@voltfleet/domain/alarms';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import {
  deviceFilterOptionsInScope,
  findDeviceInScope,
  listDevicesInScope,
  type DeviceFilter,
  type DeviceListRow,
  type DeviceScope,
} from './devices.repository.js';

/** The scope of a caller's device queries. */
export const scopeOf = (caller: Caller, offlineSeconds: number): DeviceScope => ({
  pattern: subtreePattern(caller),
  callerId: caller.id,
  offlineSeconds,
});

// Single-precision columns come back as e.g. 55.29999923706055: show them with the catalogue's decimals.
const value = (key: DeviceLiveKey, v: number | null): number | null => (v === null ? null : roundLiveValue(key, v));

function latestOf(row: DeviceListRow): DeviceLatest | null {
  if (!row.reading_ts) return null;
  return {
    ts: row.reading_ts.toISOString(),
    pvPowerW: value('pvPowerW', row.pv_power_w),
    loadPowerW: value('loadPowerW', row.load_power_w),
    gridPowerW: value('gridPowerW', row.grid_power_w),
    batPowerW: value('batPowerW', row.bat_power_w),
    batSocPct: value('batSocPct', row.bat_soc_pct),
    pvEnergyTodayKwh: value('pvEnergyTodayKwh', row.pv_energy_today_kwh),
  };
}

/** The API shape of a device row. */
export function toDeviceListItem(row: DeviceListRow): DeviceListItem {
  return {
    id: row.id,
    sn: row.sn,
    kind: row.kind,
    model: row.model,
    plantId: row.plant_id,
    plantName: row.plant_name,
    plantTimeZone: row.time_zone,
    runningStatus: row.running_status,
    activated: row.activated,
    importedAt: row.imported_at.toISOString(),
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    lastReadingAt: row.last_reading_at?.toISOString() ?? null,
    latest: latestOf(row),
    activeAlarms: { count: row.active_alarms, maxSeverity: severityOfRank(row.active_alarm_rank) },
  };
}

/** The repository filter of a list or export query (an empty text box filters nothing). */
export const filterOf = (q: DeviceListFilter): DeviceFilter => ({
  keyword: q.keyword || undefined,
  model: q.model || undefined,
  kind: q.kind,
  status: q.status,
  activation: q.activation,
  plantId: q.plantId,
});

/** The devices the caller may see (own subtree's and affiliated plants'), filtered, sorted and paged. */
export async function listDevices(db: Db, caller: Caller, offlineSeconds: number, q: DeviceListQuery) {
  const { rows, total } = await listDevicesInScope(db, scopeOf(caller, offlineSeconds), filterOf(q), {
    sort: q.sort,
    order: q.order,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: rows.map(toDeviceListItem), total, page: q.page, pageSize: q.pageSize };
}

/** One device in the caller's scope; anything else is "not found". */
export async function getDevice(db: Db, caller: Caller, offlineSeconds: number, id: number): Promise<DeviceListItem> {
  const row = await findDeviceInScope(db, scopeOf(caller, offlineSeconds), id);
  if (!row) throw notFound();
  return toDeviceListItem(row);
}

/** The models and plants the list's filters offer. */
export function deviceFilterOptions(db: Db, caller: Caller, offlineSeconds: number) {
  return deviceFilterOptionsInScope(db, scopeOf(caller, offlineSeconds));
}

/** The ids and plants of every device the caller may see. */
export { visibleDevices } from './devices.repository.js';
