import {
  type DeviceDetail,
  type DeviceRealtime,
  type LinkedDevice,
  type OnlineRule,
} from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import {
  devicesBehindInScope,
  findDeviceRecordInScope,
  heardPlantInverterInScope,
  latestReading,
  linkedDeviceInScope,
  batterySourceInScope,
  scopeOf,
  type DeviceRecordRow,
  type DeviceScope,
  type LinkedDeviceRow,
} from '../devices/index.js';
import { confirmedSettings, type ConfirmedSettings } from './confirmed-settings.repository.js';
import { BMS_FIELD_SQL, groupOf, realtimeGroupsOf, REALTIME_FIELD_SQL, tsOf } from './realtime-groups.js';

// Text attributes are stored as '' until the device or its installer gives them: the API says null ("—" on screen).
const given = (text: string): string | null => (text === '' ? null : text);
const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

const linked = (row: LinkedDeviceRow): LinkedDevice => ({ id: row.id, sn: row.sn, kind: row.kind });

/** The link the status rule looks at for this device besides itself (the same order as deviceOnlineSql). */
function onlineRuleOf(row: DeviceRecordRow): OnlineRule {
  if (row.kind === 'inverter') return 'own';
  if (row.reports_via !== null) return 'reportsVia';
  return row.has_behind ? 'behind' : 'plant';
}

/** What a device's page says about its links, beside its stored attributes. */
interface Links {
  onlineRule: OnlineRule;
  onlineVia: LinkedDevice | null;
  lastContact: DeviceDetail['lastContact'];
  behind: DeviceDetail['behind'];
}

function toDetail(row: DeviceRecordRow, confirmed: ConfirmedSettings, links: Links): DeviceDetail {
  return {
    id: row.id,
    sn: row.sn,
    kind: row.kind,
    modelType: row.model,
    batteryModelType: given(row.battery_model),
    installationPosition: given(row.installation_position),
    plantId: row.plant_id,
    plantName: row.plant_name,
    plantTimeZone: row.time_zone,
    dspVersion: given(row.dsp_version),
    pcuVersion: given(row.pcu_version),
    gridCode: row.grid_code,
    batteryProtocol: row.battery_protocol,
    meterProtocol: row.meter_protocol,
    activation: row.activated_at ? 'activated' : 'awaiting',
    importTime: row.imported_at.toISOString(),
    activatedAt: iso(row.activated_at),
    runningStatus: row.running_status,
    lastSeenAt: iso(row.last_seen_at),
    lastReadingAt: iso(row.last_reading_at),
    template: given(row.template),
    gridConnectionLimitW: confirmed.gridConnectionLimitW ?? null,
    socLowerLimitPct: confirmed.socLowerLimitPct ?? null,
    identityConflict:
      row.osim_conflicts > 0 && row.osim_conflict_at
        ? {
            count: row.osim_conflicts,
            lastAt: row.osim_conflict_at.toISOString(),
            remote: row.osim_conflict_remote ?? '',
          }
        : null,
    ...links,
  };
}

/**
 * The inverter whose readings carry a battery's values: the device in its reports_via, else the inverter of its plant
 * whose newest reading has battery values. Null for another kind, or when there is none in the caller's scope.
 */
async function batterySource(db: Queryable, scope: DeviceScope, row: DeviceRecordRow): Promise<LinkedDevice | null> {
  const source = await batterySourceInScope(db, scope, row);
  return source ? linked(source) : null;
}

/** The device that keeps this one online while it is not heard from itself (null while heard, or offline). */
async function onlineViaOf(
  db: Queryable,
  scope: DeviceScope,
  row: DeviceRecordRow,
  rule: OnlineRule,
  behind: LinkedDeviceRow[],
): Promise<LinkedDevice | null> {
  if (row.heard || row.running_status === 'offline') return null;
  let via: LinkedDeviceRow | undefined;
  if (rule === 'reportsVia' && row.reports_via !== null) via = await linkedDeviceInScope(db, scope, row.reports_via);
  else if (rule === 'behind') via = newestContact(behind.filter((d) => d.heard));
  else if (rule === 'plant' && row.plant_id !== null) via = await heardPlantInverterInScope(db, scope, row.plant_id);
  return via?.heard ? linked(via) : null;
}

/** The device heard from most recently (first by serial number on a tie), or undefined. */
function newestContact(devices: LinkedDeviceRow[]): LinkedDeviceRow | undefined {
  let newest: LinkedDeviceRow | undefined;
  for (const d of devices)
    if (d.last_seen_at && (!newest?.last_seen_at || d.last_seen_at > newest.last_seen_at)) newest = d;
  return newest;
}

/**
 * The newest time the platform heard of the device: its own last contact, or, when newer, a battery's newest reading
 * of its inverter, or a collector's newest contact of a device behind it.
 */
async function lastContactOf(
  db: Queryable,
  row: DeviceRecordRow,
  source: LinkedDevice | null,
  behind: LinkedDeviceRow[],
): Promise<DeviceDetail['lastContact']> {
  let at = row.last_seen_at;
  let via: LinkedDevice | null = null;
  const consider = (time: Date | null, device: LinkedDevice) => {
    if (time && (!at || time > at)) [at, via] = [time, device];
  };
  if (source) {
    const ts = (await latestReading(db, source.id, []))?.ts;
    consider(ts instanceof Date ? ts : null, source);
  }
  if (row.kind === 'collector') {
    const newest = newestContact(behind);
    if (newest) consider(newest.last_seen_at, linked(newest));
  }
  return at ? { at: at.toISOString(), via } : null;
}

/** A device of the caller's scope by id (anything else is "not found"). */
export async function deviceRecord(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  id: number,
): Promise<DeviceRecordRow> {
  const row = await findDeviceRecordInScope(db, scopeOf(caller, offlineSeconds), id);
  if (!row) throw notFound();
  return row;
}

/** R3.3 basic info of a device in scope, with its links: what it is online through, and what reports through it. */
export async function getDeviceDetail(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  id: number,
): Promise<DeviceDetail> {
  const scope = scopeOf(caller, offlineSeconds);
  const row = await deviceRecord(db, caller, offlineSeconds, id);
  const behind = row.has_behind ? await devicesBehindInScope(db, scope, row.id) : [];
  const onlineRule = onlineRuleOf(row);
  const source = await batterySource(db, scope, row);
  return toDetail(row, await confirmedSettings(db, row.id), {
    onlineRule,
    onlineVia: await onlineViaOf(db, scope, row, onlineRule, behind),
    lastContact: await lastContactOf(db, row, source, behind),
    behind: behind.map((d) => ({
      ...linked(d),
      model: d.model,
      runningStatus: d.running_status,
      lastSeenAt: iso(d.last_seen_at),
    })),
  });
}

/**
 * The newest reading of a device in scope by monitoring group: the five core groups always (a value the reading did
 * not carry is null), the others only when the device reports one of their values. A battery has no link of its own:
 * its values are the battery group of the newest reading of the inverter it reports through.
 */
export async function getDeviceRealtime(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  id: number,
): Promise<DeviceRealtime> {
  const device = await deviceRecord(db, caller, offlineSeconds, id);
  const plantTimeZone = device.time_zone;
  const source = await batterySource(db, scopeOf(caller, offlineSeconds), device);
  if (device.kind === 'battery') {
    const reading = source ? await latestReading(db, source.id, BMS_FIELD_SQL) : undefined;
    return { ts: tsOf(reading), source, plantTimeZone, groups: [groupOf('bms', reading)] };
  }
  const reading = await latestReading(db, device.id, REALTIME_FIELD_SQL);
  return { ts: tsOf(reading), source: null, plantTimeZone, groups: realtimeGroupsOf(reading) };
}
