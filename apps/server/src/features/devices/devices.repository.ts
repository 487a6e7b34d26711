import type { DeviceKind, DeviceListSort, RunningStatus } from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import { deviceInScope } from '../../platform/scope.js';
import { runningStatusSql } from './device-status.js';

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
  last_seen_at: Date | null;
  last_reading_at: Date | null;
  reading_ts: Date | null;
  pv_power_w: number | null;
  load_power_w: number | null;
  grid_power_w: number | null;
  bat_power_w: number | null;
  bat_soc_pct: number | null;
  pv_energy_today_kwh: number | null;
}

/** Who asks and how old a last-seen may be: $1 scope pattern, $2 caller id, $3 offline threshold (seconds). */
export interface DeviceScope {
  pattern: string;
  callerId: number;
  offlineSeconds: number;
}

export interface DeviceFilter {
  keyword?: string | undefined;
  kind?: DeviceKind | undefined;
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

  /** SQL of device `d`'s running status. */
  status(): string {
    if (!this.thresholdIndex) {
      this.bind(this.scope.offlineSeconds);
      this.thresholdIndex = this.params.length;
    }
    return runningStatusSql('d', this.thresholdIndex);
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
    if (filter.kind) where.push(`d.kind = ${this.bind(filter.kind)}`);
    if (filter.status) where.push(`${this.status()} = ${this.bind(filter.status)}`);
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
// index probe per shown device however long the history is (ordered append stops at the newest partition).
const selectDevices = (status: string) => `
  SELECT d.id, d.sn, d.kind, d.model, d.plant_id, p.name AS plant_name, p.time_zone,
         ${status} AS running_status, d.activated_at IS NOT NULL AS activated, d.last_seen_at, d.last_reading_at,
         r.ts AS reading_ts, r.pv_power_w, r.load_power_w, r.grid_power_w, r.bat_power_w, r.bat_soc_pct,
         r.pv_energy_today_kwh
    FROM devices d
    LEFT JOIN plants p ON p.id = d.plant_id
    LEFT JOIN LATERAL (
      SELECT ts, pv_power_w, load_power_w, grid_power_w, bat_power_w, bat_soc_pct, pv_energy_today_kwh
        FROM readings WHERE device_id = d.id ORDER BY ts DESC LIMIT 1
    ) r ON true`;

const orderBy = (sort: DeviceListSort, status: string): string =>
  ({
    sn: 'd.sn',
    status: `array_position(ARRAY['alarm', 'online', 'offline'], ${status})`,
    lastSeen: 'd.last_seen_at',
  })[sort];

/** One page of the devices in scope, filtered and sorted (ties broken by serial number), with the total. */
export async function listDevicesInScope(
  db: Queryable,
  scope: DeviceScope,
  filter: DeviceFilter,
  page: { sort: DeviceListSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: DeviceListRow[]; total: number }> {
  // The count needs neither the plant nor the reading, only the filter.
  const counting = Statement.for(scope);
  const total =
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM devices d WHERE ${counting.where(filter)}`,
        counting.params,
      )
    ).rows[0]?.n ?? 0;
  const listing = Statement.for(scope);
  const where = listing.where(filter);
  const status = listing.status();
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await db.query<DeviceListRow>(
    `${selectDevices(status)} WHERE ${where}
      ORDER BY ${orderBy(page.sort, status)} ${direction} NULLS LAST, d.sn ${direction}, d.id
      LIMIT ${page.limit} OFFSET ${page.offset}`,
    listing.params,
  );
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
