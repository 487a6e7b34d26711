import type { DeviceKind, RunningStatus } from '@voltfleet/domain/devices';
import type { Queryable } from '../../db/db.js';
import { deviceInScope } from '../../platform/scope.js';
import { heardSql, runningStatusSql } from './device-status.js';
import type { DeviceScope } from './devices.repository.js';

/** A device another one links to, with its status, whether it is heard from itself, and when it last was. */
export interface LinkedDeviceRow {
  id: number;
  sn: string;
  kind: DeviceKind;
  model: string;
  running_status: RunningStatus;
  last_seen_at: Date | null;
  heard: boolean;
}

// $1 scope pattern, $2 caller id, $3 offline threshold (seconds), $4 the device or plant asked about.
const SELECT_LINKED = `
  SELECT d.id, d.sn, d.kind, d.model, ${runningStatusSql('d', 3)} AS running_status, d.last_seen_at,
         ${heardSql('d', 3)} AS heard
    FROM devices d`;
const IN_SCOPE = deviceInScope('d', 1, 2);

async function linked(db: Queryable, scope: DeviceScope, sql: string, id: number): Promise<LinkedDeviceRow[]> {
  const { rows } = await db.query<LinkedDeviceRow>(sql, [scope.pattern, scope.callerId, scope.offlineSeconds, id]);
  return rows;
}

/** A device in scope by id, as the link of another one (a battery's inverter), or undefined. */
export async function linkedDeviceInScope(
  db: Queryable,
  scope: DeviceScope,
  id: number,
): Promise<LinkedDeviceRow | undefined> {
  return (await linked(db, scope, `${SELECT_LINKED} WHERE ${IN_SCOPE} AND d.id = $4`, id))[0];
}

/**
 * The devices in scope that report through device `id` (their reports_via names it: a collector's inverters, an
 * inverter's batteries), by serial number: a devices_reports_via_idx probe, and a collector has a handful.
 */
export function devicesBehindInScope(db: Queryable, scope: DeviceScope, id: number): Promise<LinkedDeviceRow[]> {
  return linked(db, scope, `${SELECT_LINKED} WHERE ${IN_SCOPE} AND d.reports_via = $4 ORDER BY d.sn`, id);
}

/** The most recently heard inverter in scope of a plant that is heard from now: what keeps a linkless device online. */
export async function heardPlantInverterInScope(
  db: Queryable,
  scope: DeviceScope,
  plantId: number,
): Promise<LinkedDeviceRow | undefined> {
  const sql = `${SELECT_LINKED}
    WHERE ${IN_SCOPE} AND d.plant_id = $4 AND d.kind = 'inverter' AND ${heardSql('d', 3)}
    ORDER BY d.last_seen_at DESC, d.sn LIMIT 1`;
  return (await linked(db, scope, sql, plantId))[0];
}

/**
 * The inverter in scope of a plant whose newest reading carries battery values (SoC or power), newest reading first:
 * where a battery without a reports_via link has its values. One device_latest_reading probe per inverter.
 */
export async function plantBatteryInverterInScope(
  db: Queryable,
  scope: DeviceScope,
  plantId: number,
): Promise<LinkedDeviceRow | undefined> {
  const sql = `${SELECT_LINKED}
    JOIN LATERAL device_latest_reading(d.id) r ON true
    WHERE ${IN_SCOPE} AND d.plant_id = $4 AND d.kind = 'inverter'
      AND (r.bat_soc_pct IS NOT NULL OR r.bat_power_w IS NOT NULL)
    ORDER BY r.ts DESC, d.sn LIMIT 1`;
  return (await linked(db, scope, sql, plantId))[0];
}

/**
 * The inverter whose readings carry a battery's values: the device in its reports_via, else the inverter of its plant
 * whose newest reading has battery values. Undefined for another kind, or when there is none in the caller's scope.
 * The device detail's live values and battery health find it the same way.
 */
export async function batterySourceInScope(
  db: Queryable,
  scope: DeviceScope,
  battery: { kind: string; reports_via: number | null; plant_id: number | null },
): Promise<LinkedDeviceRow | undefined> {
  if (battery.kind !== 'battery') return undefined;
  if (battery.reports_via !== null) return linkedDeviceInScope(db, scope, battery.reports_via);
  return battery.plant_id !== null ? plantBatteryInverterInScope(db, scope, battery.plant_id) : undefined;
}
