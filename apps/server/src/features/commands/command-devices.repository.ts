// The command page's device picker: inverters in the caller's scope, filtered by serial number, plant, model,
// protocol and running status (the device list's one status rule), paged, or all of them for "select all".
import type { CommandDevice, CommandDeviceFilter, DeviceProtocol } from '@voltfleet/domain/commands';
import type { DeviceFilterOptions } from '@voltfleet/domain/device-list';
import type { RunningStatus } from '@voltfleet/domain/devices';
import type { Queryable, SqlParam } from '../../db/db.js';
import { deviceInScope } from '../../platform/scope.js';
import { runningStatusIsSql, runningStatusSql } from '../devices/index.js';
import type { Scope } from './commands.repository.js';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE clause of a filter and its parameters ($1 subtree pattern, $2 caller id), and the number of the parameter
 * holding the offline threshold (added only where a statement uses it: PostgreSQL refuses a parameter it cannot type).
 */
function filterSql(scope: Scope, filter: CommandDeviceFilter, offlineSeconds: number) {
  const params: SqlParam[] = [scope.pattern, scope.callerId];
  const where = [`d.kind = 'inverter'`, deviceInScope('d', 1, 2)];
  const bind = (value: SqlParam) => params.push(value);
  const add = (sql: (i: number) => string, value: SqlParam) => where.push(sql(bind(value)));
  if (filter.q) add((i) => `d.sn ILIKE $${i}`, `%${escapeLike(filter.q)}%`);
  if (filter.plantId !== undefined) add((i) => `d.plant_id = $${i}`, filter.plantId);
  if (filter.model) add((i) => `d.model = $${i}`, filter.model);
  if (filter.protocol) add((i) => `d.protocol = $${i}`, filter.protocol);
  const status = filter.status;
  if (status) add((i) => runningStatusIsSql('d', i, status), offlineSeconds);
  return { params, where: where.join(' AND '), bind };
}

interface PickRow {
  id: number;
  sn: string;
  model: string;
  plant_id: number | null;
  plant_name: string | null;
  running_status: RunningStatus;
  protocol: DeviceProtocol;
}

const toDevice = (r: PickRow): CommandDevice => ({
  id: r.id,
  sn: r.sn,
  model: r.model,
  plantId: r.plant_id,
  plantName: r.plant_name,
  runningStatus: r.running_status,
  protocol: r.protocol,
});

const SELECT = (status: string) => `SELECT d.id, d.sn, d.model, d.plant_id, p.name AS plant_name, d.protocol,
       ${status} AS running_status
  FROM devices d LEFT JOIN plants p ON p.id = d.plant_id`;

/** How many inverters match, and those from `offset` on (at most `limit`), by serial number. */
export async function pickableDevices(
  db: Queryable,
  scope: Scope,
  filter: CommandDeviceFilter,
  offlineSeconds: number,
  window: { limit: number; offset: number },
): Promise<{ devices: CommandDevice[]; total: number }> {
  const { params, where, bind } = filterSql(scope, filter, offlineSeconds);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices d WHERE ${where}`, params);
  const n = total.rows[0]?.n ?? 0;
  if (n === 0 || window.limit === 0) return { devices: [], total: n };
  const threshold = bind(offlineSeconds);
  const limit = bind(window.limit);
  const offset = bind(window.offset);
  const { rows } = await db.query<PickRow>(
    `${SELECT(runningStatusSql('d', threshold))} WHERE ${where} ORDER BY d.sn, d.id LIMIT $${limit} OFFSET $${offset}`,
    params,
  );
  return { devices: rows.map(toDevice), total: n };
}

/** The models and plants of the inverters in scope, by name (what the picker's filters offer). */
export async function pickableOptions(db: Queryable, scope: Scope): Promise<DeviceFilterOptions> {
  const params = [scope.pattern, scope.callerId];
  const where = `d.kind = 'inverter' AND ${deviceInScope('d', 1, 2)}`;
  const models = await db.query<{ model: string }>(
    `SELECT DISTINCT d.model FROM devices d WHERE ${where} ORDER BY 1`,
    params,
  );
  const plants = await db.query<{ id: number; name: string }>(
    `SELECT DISTINCT p.id, p.name FROM devices d JOIN plants p ON p.id = d.plant_id WHERE ${where} ORDER BY 2, 1`,
    params,
  );
  return { models: models.rows.map((r) => r.model), plants: plants.rows };
}
