import type { ActivationStatus, DeviceKind, RunningStatus } from '@voltfleet/domain/devices';
import type { DeviceListSort } from '@voltfleet/domain/device-list';
import type { PlantStatus } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deviceInScope, subtreePattern } from '../../platform/scope.js';
import {
  deviceAlarmsJoinSql,
  heardSql,
  plantStatusSql,
  runningStatusIsSql,
  runningStatusSql,
} from './device-status.js';

export interface DeviceListRow {
  id: number;
  sn: string;
  kind: DeviceKind;
  model: string;
  plant_id: number | null;
  plant_name: string | null;
  time_zone: string | null;
  running_status: RunningStatus;
  activated: boolean;
  imported_at: Date;
  last_seen_at: Date | null;
  last_reading_at: Date | null;
  reading_ts: Date | null;
  pv_power_w: number | null;
  load_power_w: number | null;
  grid_power_w: number | null;
  bat_power_w: number | null;
  bat_soc_pct: number | null;
  pv_energy_today_kwh: number | null;
  /** Active alarms of any severity, and the most severe one's severity_rank (null without any). */
  active_alarms: number;
  active_alarm_rank: number | null;
}

/** Who asks and how old a last-seen may be: $1 scope pattern, $2 caller id, $3 offline threshold (seconds). */
export interface DeviceScope {
  pattern: string;
  callerId: number;
  offlineSeconds: number;
}

export interface DeviceFilter {
  keyword?: string | undefined;
  model?: string | undefined;
  kind?: DeviceKind | undefined;
  activation?: ActivationStatus | undefined;
  status?: RunningStatus | undefined;
  plantId?: number | undefined;
}

/** Bind parameters of one statement; the offline threshold is bound once, only when the statement needs it. */
class Statement {
  readonly params: (string | number)[] = [];
  private thresholdIndex = 0;

  constructor(private readonly scope: DeviceScope) {}

  bind(value: string | number): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** The number of the parameter holding the offline threshold, bound on first use. */
  private threshold(): number {
    if (!this.thresholdIndex) {
      this.bind(this.scope.offlineSeconds);
      this.thresholdIndex = this.params.length;
    }
    return this.thresholdIndex;
  }

  /** SQL of device `d`'s running status. */
  status(): string {
    return runningStatusSql('d', this.threshold());
  }

  /** SQL (boolean) of device `d` heard from itself within the threshold. */
  heard(): string {
    return heardSql('d', this.threshold());
  }

  /** The scope condition and the filters, joined with AND. */
  where(filter: DeviceFilter): string {
    const where = [deviceInScope('d', 1, 2)];
    if (filter.keyword) {
      const p = this.bind(`%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(
        `(d.sn ILIKE ${p} OR d.model ILIKE ${p} OR EXISTS (SELECT 1 FROM plants kp WHERE kp.id = d.plant_id AND kp.name ILIKE ${p}))`,
      );
    }
    if (filter.model) where.push(`lower(d.model) = lower(${this.bind(filter.model)})`);
    if (filter.kind) where.push(`d.kind = ${this.bind(filter.kind)}`);
    if (filter.activation) where.push(`d.activated_at IS ${filter.activation === 'activated' ? 'NOT NULL' : 'NULL'}`);
    if (filter.status) where.push(runningStatusIsSql('d', this.threshold(), filter.status));
    if (filter.plantId) where.push(`d.plant_id = ${this.bind(filter.plantId)}`);
    return where.join(' AND ');
  }

  static for(scope: DeviceScope): Statement {
    const statement = new Statement(scope);
    statement.bind(scope.pattern);
    statement.bind(scope.callerId);
    return statement;
  }
}

// The newest reading per device: the (device_id, ts) primary key read backwards, one row, so the list costs one
// index probe per shown device however long the history is (ordered append stops at the newest partition); its
// active alarms likewise read the partial index of active alarms. The probe is the function of migration 0038, whose
// plan the connection keeps: named here, the partitioned table cost more to plan on every request than to read.
const selectDevices = (status: string) => `
  SELECT d.id, d.sn, d.kind, d.model, d.plant_id, p.name AS plant_name, p.time_zone,
         ${status} AS running_status, d.activated_at IS NOT NULL AS activated, d.imported_at, d.last_seen_at, d.last_reading_at,
         r.ts AS reading_ts, r.pv_power_w, r.load_power_w, r.grid_power_w, r.bat_power_w, r.bat_soc_pct,
         r.pv_energy_today_kwh, al.active_alarms, al.active_alarm_rank
    FROM devices d
    LEFT JOIN plants p ON p.id = d.plant_id
    LEFT JOIN LATERAL device_latest_reading(d.id) r ON true
    ${deviceAlarmsJoinSql('d', 'al')}`;

const orderBy = (sort: DeviceListSort, status: string): string =>
  ({
    sn: 'd.sn',
    model: 'd.model',
    plant: 'p.name',
    activation: 'd.activated_at IS NOT NULL',
    importTime: 'd.imported_at',
    status: `array_position(ARRAY['alarm', 'online', 'offline'], ${status})`,
    lastSeen: 'd.last_seen_at',
  })[sort];

/** How many devices in scope the filter matches: the count needs neither the plant nor the reading. */
async function countDevicesInScope(db: Queryable, scope: DeviceScope, filter: DeviceFilter): Promise<number> {
  const counting = Statement.for(scope);
  const sql = `SELECT count(*)::int AS n FROM devices d WHERE ${counting.where(filter)}`;
  return (await db.query<{ n: number }>(sql, counting.params)).rows[0]?.n ?? 0;
}

/** One page of the devices in scope, filtered and sorted (ties broken by serial number), with the total. */
export async function listDevicesInScope(
  db: Queryable,
  scope: DeviceScope,
  filter: DeviceFilter,
  page: { sort: DeviceListSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: DeviceListRow[]; total: number }> {
  const listing = Statement.for(scope);
  const where = listing.where(filter);
  const status = listing.status();
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  // The page is chosen first, from the devices (and plant names) alone; only its rows then read their newest
  // reading, alarms and status, rather than every device the filter matches. The count goes beside it: on PostgreSQL
  // a second pooled connection answers it meanwhile, instead of a round trip before the page.
  const [total, { rows }] = await Promise.all([
    countDevicesInScope(db, scope, filter),
    db.query<DeviceListRow>(
      `${selectDevices(status)}
      JOIN (SELECT d.id, ${orderBy(page.sort, status)} AS sort_key
              FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
             WHERE ${where}
             ORDER BY sort_key ${direction} NULLS LAST, d.sn ${direction}, d.id
             LIMIT ${page.limit} OFFSET ${page.offset}) pg ON pg.id = d.id
      ORDER BY pg.sort_key ${direction} NULLS LAST, d.sn ${direction}, d.id`,
      listing.params,
    ),
  ]);
  return { rows, total };
}

/** A device in scope by id, or undefined: outside the scope looks exactly like missing. */
export async function findDeviceInScope(
  db: Queryable,
  scope: DeviceScope,
  id: number,
): Promise<DeviceListRow | undefined> {
  const statement = Statement.for(scope);
  const sql = `${selectDevices(statement.status())} WHERE ${statement.where({})} AND d.id = ${statement.bind(id)}`;
  return (await db.query<DeviceListRow>(sql, statement.params)).rows[0];
}

export interface DeviceExportRow {
  sn: string;
  kind: DeviceKind;
  model: string;
  plant_name: string | null;
  time_zone: string | null;
  running_status: RunningStatus;
  activated: boolean;
  imported_at: Date;
  last_seen_at: Date | null;
}

/**
 * Up to `limit` devices in scope for the export, filtered and sorted like the list, without the newest reading
 * (so a large export costs no per-device reading probe), and the total the filter matches.
 */
export async function exportDevicesInScope(
  db: Queryable,
  scope: DeviceScope,
  filter: DeviceFilter,
  page: { sort: DeviceListSort; order: 'asc' | 'desc'; limit: number },
): Promise<{ rows: DeviceExportRow[]; total: number }> {
  const total = await countDevicesInScope(db, scope, filter);
  if (total > page.limit) return { rows: [], total };
  const listing = Statement.for(scope);
  const where = listing.where(filter);
  const status = listing.status();
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await db.query<DeviceExportRow>(
    `SELECT d.sn, d.kind, d.model, p.name AS plant_name, p.time_zone, ${status} AS running_status,
            d.activated_at IS NOT NULL AS activated, d.imported_at, d.last_seen_at
       FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
      WHERE ${where}
      ORDER BY ${orderBy(page.sort, status)} ${direction} NULLS LAST, d.sn ${direction}, d.id
      LIMIT ${page.limit}`,
    listing.params,
  );
  return { rows, total };
}

/** Every stored attribute of a device, with its plant and running status. */
export interface DeviceRecordRow {
  id: number;
  sn: string;
  kind: DeviceKind;
  model: string;
  battery_model: string;
  installation_position: string;
  plant_id: number | null;
  plant_name: string | null;
  time_zone: string | null;
  dsp_version: string;
  pcu_version: string;
  grid_code: number | null;
  battery_protocol: number | null;
  meter_protocol: number | null;
  template: string;
  imported_at: Date;
  activated_at: Date | null;
  last_seen_at: Date | null;
  last_reading_at: Date | null;
  osim_conflicts: number;
  osim_conflict_at: Date | null;
  osim_conflict_remote: string | null;
  running_status: RunningStatus;
  reports_via: number | null;
  /** Heard from itself within the offline threshold. */
  heard: boolean;
  /** Some device (in scope or not) names this one in its reports_via: the status rule's "behind" case. */
  has_behind: boolean;
}

/** The full record of a device in scope by id, or undefined: outside the scope looks exactly like missing. */
export async function findDeviceRecordInScope(
  db: Queryable,
  scope: DeviceScope,
  id: number,
): Promise<DeviceRecordRow | undefined> {
  const statement = Statement.for(scope);
  const where = statement.where({});
  const sql = `
    SELECT d.id, d.sn, d.kind, d.model, d.battery_model, d.installation_position, d.plant_id, p.name AS plant_name,
           p.time_zone, d.dsp_version, d.pcu_version, d.grid_code, d.battery_protocol, d.meter_protocol, d.template,
           d.imported_at, d.activated_at, d.last_seen_at, d.last_reading_at,
           d.osim_conflicts, d.osim_conflict_at, d.osim_conflict_remote,
           ${statement.status()} AS running_status, d.reports_via, ${statement.heard()} AS heard,
           EXISTS (SELECT 1 FROM devices b WHERE b.reports_via = d.id) AS has_behind
      FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
     WHERE ${where} AND d.id = ${statement.bind(id)}`;
  // Every device page asks for it first (detail, live values, history). Its status subqueries cost PostgreSQL about
  // 2.5 ms to plan against 0.2 ms to run (pg_stat_statements, bench/README.md api): the plan is kept per connection.
  // The text is the same for every caller (the scope is in the parameters).
  return (await db.query<DeviceRecordRow>(sql, statement.params, { keepPlan: true })).rows[0];
}

/** The distinct models and plants of the devices in scope, by name. */
export async function deviceFilterOptionsInScope(
  db: Queryable,
  scope: DeviceScope,
): Promise<{ models: string[]; plants: { id: number; name: string }[] }> {
  const statement = Statement.for(scope);
  const where = statement.where({});
  const models = await db.query<{ model: string }>(
    `SELECT DISTINCT d.model FROM devices d WHERE ${where} ORDER BY 1`,
    statement.params,
  );
  const plants = await db.query<{ id: number; name: string }>(
    `SELECT DISTINCT p.id, p.name FROM devices d JOIN plants p ON p.id = d.plant_id WHERE ${where} ORDER BY 2, 1`,
    statement.params,
  );
  return { models: models.rows.map((r) => r.model), plants: plants.rows };
}

/** A device by serial number, with its link secret's hash (null before one is issued). */
export async function deviceBySn(
  db: Queryable,
  sn: string,
): Promise<{ id: number; sn: string; secret_hash: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; sn: string; secret_hash: string | null }>(
    `SELECT id, sn, secret_hash FROM devices WHERE sn = $1`,
    [sn],
  );
  return rows[0];
}

/** Every device that has a link secret, by serial number (an external broker's credential list). */
export async function deviceCredentials(db: Queryable): Promise<{ sn: string; secret_hash: string }[]> {
  const { rows } = await db.query<{ sn: string; secret_hash: string }>(
    `SELECT sn, secret_hash FROM devices WHERE secret_hash IS NOT NULL ORDER BY sn`,
  );
  return rows;
}

/**
 * A device's newest reading: its time and the given columns (the `readings` primary key read backwards: one probe).
 */
export async function latestReading(
  db: Queryable,
  deviceId: number,
  columns: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${['ts', ...columns].join(', ')} FROM readings WHERE device_id = $1 ORDER BY ts DESC LIMIT 1`,
    [deviceId],
  );
  return rows[0];
}

/** The ids and plants of every device the caller may see (the live hub filters what it pushes by them). */
export async function visibleDevices(
  db: Queryable,
  caller: Pick<Caller, 'id' | 'path'>,
): Promise<{ id: number; plant_id: number | null }[]> {
  const { rows } = await db.query<{ id: number; plant_id: number | null }>(
    `SELECT d.id, d.plant_id FROM devices d WHERE ${deviceInScope('d', 1, 2)}`,
    [subtreePattern(caller), caller.id],
  );
  return rows;
}

/** Current running status of every device (for the status watcher). */
export async function allDeviceStatuses(db: Queryable, thresholdSeconds: number) {
  const { rows } = await db.query<{ id: number; plant_id: number | null; status: RunningStatus }>(
    `SELECT d.id, d.plant_id, ${runningStatusSql('d', 1)} AS status FROM devices d`,
    [thresholdSeconds],
  );
  return rows;
}

/** Current status of every plant (for the status watcher), by the same rule as the plant list. */
export async function allPlantStatuses(db: Queryable, thresholdSeconds: number) {
  const { rows } = await db.query<{ id: number; status: PlantStatus }>(
    `SELECT p.id, ${plantStatusSql('p', 1)} AS status FROM plants p`,
    [thresholdSeconds],
  );
  return rows;
}
