import {
  FIELD_GROUPS,
  FIELDS_BY_GROUP,
  REALTIME_CORE_GROUPS,
  roundToField,
  type DeviceDetail,
  type DeviceRealtime,
  type FieldGroup,
} from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { columnOf } from '../telemetry/columns.js';
import { findDeviceRecordInScope, latestReading, type DeviceRecordRow } from './devices.repository.js';
import { scopeOf } from './devices.service.js';

// Text attributes are stored as '' until the device or its installer gives them: the API says null ("—" on screen).
const given = (text: string): string | null => (text === '' ? null : text);
const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

function toDetail(row: DeviceRecordRow): DeviceDetail {
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
    gridCode: given(row.grid_code),
    batteryProtocol: given(row.battery_protocol),
    meterProtocol: given(row.meter_protocol),
    activation: row.activated_at ? 'activated' : 'awaiting',
    importTime: row.imported_at.toISOString(),
    activatedAt: iso(row.activated_at),
    runningStatus: row.running_status,
    lastSeenAt: iso(row.last_seen_at),
    lastReadingAt: iso(row.last_reading_at),
    template: given(row.template),
    gridConnectionLimitW: row.grid_limit_w,
    socLowerLimitPct: row.soc_lower_limit_pct,
    identityConflict:
      row.osim_conflicts > 0 && row.osim_conflict_at
        ? {
            count: row.osim_conflicts,
            lastAt: row.osim_conflict_at.toISOString(),
            remote: row.osim_conflict_remote ?? '',
          }
        : null,
  };
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

/** SPEC §3 basic info of a device in scope. */
export async function getDeviceDetail(db: Queryable, caller: Caller, offlineSeconds: number, id: number) {
  return toDetail(await deviceRecord(db, caller, offlineSeconds, id));
}

/** A reading column as a number: int8 columns may come back as bigint depending on the engine. */
function numeric(raw: unknown): number | null {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  return null;
}

const FIELD_SQL = FIELD_GROUPS.flatMap((g) => FIELDS_BY_GROUP[g]).map((f) => `${columnOf(f.key)} AS "${f.key}"`);

/**
 * The newest reading of a device in scope by monitoring group: the five core groups always (a value the reading did
 * not carry is null), the others only when the device reports one of their values.
 */
export async function getDeviceRealtime(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  id: number,
): Promise<DeviceRealtime> {
  const device = await deviceRecord(db, caller, offlineSeconds, id);
  const reading = await latestReading(db, device.id, FIELD_SQL);
  const core = new Set<FieldGroup>(REALTIME_CORE_GROUPS);
  const groups = FIELD_GROUPS.map((group) => ({
    group,
    values: FIELDS_BY_GROUP[group].map((f) => {
      const raw = numeric(reading?.[f.key]);
      return { key: f.key, unit: f.unit, decimals: f.decimals, value: raw === null ? null : roundToField(f.key, raw) };
    }),
  })).filter((g) => core.has(g.group) || g.values.some((v) => v.value !== null));
  const ts = reading?.ts;
  return { ts: ts instanceof Date ? ts.toISOString() : null, plantTimeZone: device.time_zone, groups };
}
