import type { AlarmSeverity, AlarmSort, AlarmState } from '@voltfleet/domain/alarms';
import type { Queryable, SqlParam } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deviceInScope, plantInScope, subtreePattern } from '../../platform/scope.js';

/**
 * The Alarm Center's reads (search, drawer, export; the overview's are in alarm-overview.repository.ts; every write,
 * the acknowledgement included, is in alarms.repository.ts). Every statement is limited to the alarms of the
 * devices the caller may see (platform/scope.ts): an alarm is visible to whoever may see its device.
 *
 * How the statements stay fast over a million alarms (indexes in migration 0019):
 * - the scope is the list of the caller's device ids (`a.device_id = ANY(…)`, a hashed lookup per row, checked on
 *   the index entries), or nothing at all for a caller whose subtree holds every user (every device is theirs);
 * - a page walks an index in the requested order and stops after it (ORDER BY … LIMIT), the serial-number order
 *   walks the caller's devices by sn and each device's alarms newest first, the plant order likewise by plant;
 * - the total is counted only up to a cap (`LIMIT cap + 1` inside the count);
 * - text search is resolved to catalogue codes, device ids and plant ids first, so it is an indexable condition.
 */

/** Whose alarms: every device (`all`), or the devices with these ids. */
export interface AlarmScope {
  all: boolean;
  devices: number[];
}

/** Conditions on alarms; all optional, all combined with AND. */
export interface AlarmConditions {
  plantId?: number | undefined;
  /** Alarms of these plants only (a big screen's plants). */
  plants?: readonly number[] | undefined;
  deviceId?: number | undefined;
  /** Alarms of these devices only (a serial-number filter, resolved). */
  devices?: number[] | undefined;
  severityRank?: number | undefined;
  state?: AlarmState | undefined;
  group?: string | undefined;
  ack?: 'acknowledged' | 'unacknowledged' | undefined;
  code?: string | undefined;
  /** The text search, resolved: an alarm matches when any of these does. */
  text?: { codes: string[]; codePatterns: string[]; devices: number[]; plants: number[] } | undefined;
  /** Raised at or after the start of a plant-local day (00:00 in the alarm's plant zone, UTC without a plant). */
  fromDay?: DayBound | undefined;
  /** Raised before the start of a plant-local day (the day after the last day asked for). */
  untilDay?: DayBound | undefined;
  /** Raised at or after this instant. */
  raisedFrom?: Date | undefined;
}

/**
 * Where one calendar day starts in every plant's zone: the instants grouped by the plants that share them (UTC for
 * alarms without a plant), and the earliest and latest of them. A day condition is then an index range between the
 * earliest and latest start plus, only for the alarms raised between the two, a lookup of their plant's start: no
 * join, no time-zone arithmetic per row.
 */
export interface DayBound {
  earliest: Date;
  latest: Date;
  utc: Date;
  groups: { at: Date; plants: number[] }[];
}

/** Bind parameters of one statement, and the scope and conditions as SQL (shared with the overview's reads). */
export class Statement {
  readonly params: SqlParam[] = [];

  bind(value: SqlParam): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** The scope and the conditions on alarm `a`, as SQL joined with AND. */
  where(scope: AlarmScope, c: AlarmConditions): string {
    const out: string[] = [];
    if (!scope.all) out.push(`a.device_id = ANY(${this.bind(scope.devices)}::int4[])`);
    out.push(...this.conditions(c));
    return out.length ? out.join(' AND ') : 'true';
  }

  /** `a.raised_at <op> the day's start in the alarm's plant zone`, cheap outside the band where zones differ. */
  private day(bound: DayBound, op: '>=' | '<'): string {
    const [outer, inner] = op === '>=' ? [bound.earliest, bound.latest] : [bound.latest, bound.earliest];
    const branches = bound.groups
      .map(
        (g) =>
          `WHEN a.plant_id = ANY(${this.bind(g.plants)}::int4[]) THEN a.raised_at ${op} ${this.bind(g.at)}::timestamptz`,
      )
      .join(' ');
    const utc = `a.raised_at ${op} ${this.bind(bound.utc)}::timestamptz`;
    const exact = branches ? `CASE ${branches} ELSE ${utc} END` : utc;
    return `a.raised_at ${op} ${this.bind(outer)}::timestamptz AND (a.raised_at ${op} ${this.bind(inner)}::timestamptz OR ${exact})`;
  }

  /** The conditions without the scope (a walk over the caller's devices has it already). */
  conditions(c: AlarmConditions): string[] {
    const out: string[] = [];
    if (c.plantId !== undefined) out.push(`a.plant_id = ${this.bind(c.plantId)}`);
    if (c.plants) out.push(`a.plant_id = ANY(${this.bind([...c.plants])}::int4[])`);
    if (c.deviceId !== undefined) out.push(`a.device_id = ${this.bind(c.deviceId)}`);
    if (c.devices) out.push(`a.device_id = ANY(${this.bind(c.devices)}::int4[])`);
    if (c.severityRank !== undefined) out.push(`a.severity_rank = ${this.bind(c.severityRank)}`);
    if (c.state) out.push(`a.state = ${this.bind(c.state)}`);
    if (c.group) out.push(`a.group_name = ${this.bind(c.group)}`);
    if (c.ack) out.push(`a.acknowledged_at IS ${c.ack === 'acknowledged' ? 'NOT NULL' : 'NULL'}`);
    if (c.code !== undefined) out.push(`a.code = ${this.bind(c.code)}`);
    if (c.text) {
      const any: string[] = [];
      if (c.text.codes.length) any.push(`a.code = ANY(${this.bind(c.text.codes)}::text[])`);
      if (c.text.codePatterns.length) any.push(`a.code LIKE ANY(${this.bind(c.text.codePatterns)}::text[])`);
      if (c.text.devices.length) any.push(`a.device_id = ANY(${this.bind(c.text.devices)}::int4[])`);
      if (c.text.plants.length) any.push(`a.plant_id = ANY(${this.bind(c.text.plants)}::int4[])`);
      out.push(any.length ? `(${any.join(' OR ')})` : 'false');
    }
    if (c.fromDay) out.push(this.day(c.fromDay, '>='));
    if (c.untilDay) out.push(this.day(c.untilDay, '<'));
    if (c.raisedFrom) out.push(`a.raised_at >= ${this.bind(c.raisedFrom)}::timestamptz`);
    return out;
  }
}

/** Every plant's time zone, the plants grouped by zone (plant-local day bounds). */
export async function plantZones(db: Queryable): Promise<{ time_zone: string; ids: number[] }[]> {
  const { rows } = await db.query<{ time_zone: string; ids: number[] }>(
    `SELECT time_zone, array_agg(id ORDER BY id) AS ids FROM plants GROUP BY time_zone`,
  );
  return rows;
}

/**
 * The caller's scope: every device when the caller's subtree holds every user (a user is only ever created below
 * another, so it stays so), else the ids of the devices they may see (platform/scope.ts deviceInScope).
 */
export async function alarmScopeOf(db: Queryable, caller: Caller): Promise<AlarmScope> {
  const { rows } = await db.query<{ everything: boolean; ids: number[] | null }>(
    `SELECT e.everything,
            CASE WHEN e.everything THEN NULL
                 ELSE (SELECT coalesce(array_agg(d.id ORDER BY d.id), '{}') FROM devices d WHERE ${deviceInScope('d', 1, 2)})
            END AS ids
       FROM (SELECT NOT EXISTS (SELECT 1 FROM users u WHERE u.path NOT LIKE $1) AS everything) e`,
    [subtreePattern(caller), caller.id],
  );
  const row = rows[0];
  return row?.everything ? { all: true, devices: [] } : { all: false, devices: (row?.ids ?? []).map(Number) };
}

/** Ids of the devices in scope whose serial number matches the ILIKE pattern. */
export async function devicesMatchingSn(db: Queryable, scope: AlarmScope, pattern: string): Promise<number[]> {
  const s = new Statement();
  const where = [`d.sn ILIKE ${s.bind(pattern)}`];
  if (!scope.all) where.push(`d.id = ANY(${s.bind(scope.devices)}::int4[])`);
  const { rows } = await db.query<{ id: number }>(`SELECT d.id FROM devices d WHERE ${where.join(' AND ')}`, s.params);
  return rows.map((r) => r.id);
}

/** Ids of the plants whose name matches the ILIKE pattern (an alarm's plant may lie outside the caller's plants). */
export async function plantsMatchingName(db: Queryable, pattern: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT p.id FROM plants p WHERE p.name ILIKE $1`, [pattern]);
  return rows.map((r) => r.id);
}

/** The time zone of a plant the caller may see, or undefined. */
export async function plantZoneInScope(db: Queryable, caller: Caller, plantId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ time_zone: string }>(
    `SELECT p.time_zone FROM plants p WHERE p.id = $3 AND ${plantInScope('p', 1, 2)}`,
    [subtreePattern(caller), caller.id, plantId],
  );
  return rows[0]?.time_zone;
}

/** How many alarms match, counted up to `cap + 1` (more than `cap` means "at least that many"). */
export async function countAlarms(db: Queryable, scope: AlarmScope, c: AlarmConditions, cap: number): Promise<number> {
  const s = new Statement();
  const where = s.where(scope, c);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM alarms a WHERE ${where} LIMIT ${cap + 1}) t`,
    s.params,
  );
  return rows[0]?.n ?? 0;
}

type Direction = 'ASC' | 'DESC';

/** ORDER BY of the orders that read one alarm column (ties: raise time and id in the same direction). */
function columnOrder(sort: Exclude<AlarmSort, 'plant' | 'sn'>, dir: Direction): string {
  const then = `a.raised_at ${dir}, a.id ${dir}`;
  switch (sort) {
    case 'attention':
      // "desc" is unacknowledged first (true sorts after false).
      return `a.acknowledged_at IS NULL ${dir}, ${then}`;
    case 'raisedAt':
      return then;
    case 'recoveredAt':
      // PostgreSQL's default: not recovered (NULL) first when descending, last when ascending.
      return `a.recovered_at ${dir}, a.id ${dir}`;
    case 'lastSeenAt':
      return `a.last_seen_at ${dir}, a.id ${dir}`;
    case 'severity':
      // "desc" is most severe first: the lowest rank.
      return `a.severity_rank ${dir === 'DESC' ? 'ASC' : 'DESC'}, ${then}`;
    case 'code':
      return `a.code ${dir}, ${then}`;
  }
}

/** ORDER BY of the whole sort, for a statement that joins the device `d` and the plant `p` (export, small scopes). */
function fullOrder(sort: AlarmSort, dir: Direction): string {
  if (sort === 'plant') return `p.name ${dir} NULLS LAST, a.plant_id ${dir}, a.raised_at ${dir}, a.id ${dir}`;
  if (sort === 'sn') return `d.sn ${dir}, a.raised_at ${dir}, a.id ${dir}`;
  return columnOrder(sort, dir);
}

export interface AlarmPageRequest {
  sort: AlarmSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of the matching alarms, whole, in order: the page's ids, then their rows, in one statement. */
export async function alarmPage(
  db: Queryable,
  scope: AlarmScope,
  c: AlarmConditions,
  page: AlarmPageRequest,
): Promise<AlarmRecord[]> {
  const s = new Statement();
  const ids = pageIdsSql(s, scope, c, page);
  const { rows } = await db.query<AlarmRecord>(
    `WITH page AS MATERIALIZED (SELECT x.id, row_number() OVER () AS ord FROM (${ids}) x)
     SELECT ${RECORD_COLUMNS} FROM page JOIN alarms a ON a.id = page.id ${RECORD_JOINS} ORDER BY page.ord`,
    s.params,
  );
  return rows;
}

/** The SQL of the ids of one page of the matching alarms, in order. */
function pageIdsSql(s: Statement, scope: AlarmScope, c: AlarmConditions, page: AlarmPageRequest): string {
  const dir: Direction = page.order === 'desc' ? 'DESC' : 'ASC';
  if (page.sort === 'sn') return bySnWalk(s, scope, c, dir, page);
  if (page.sort === 'plant' && scope.all) return byPlantWalk(s, c, dir, page);
  if (page.sort === 'plant') {
    // A limited scope sorts its own matches (their plants are read from the device index, not the table): walking
    // every plant by name would read the other branches' alarms to find none.
    return `SELECT a.id FROM alarms a LEFT JOIN plants p ON p.id = a.plant_id
             WHERE ${s.where(scope, c)}
             ORDER BY ${fullOrder('plant', dir)} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  return `SELECT a.id FROM alarms a WHERE ${s.where(scope, c)}
           ORDER BY ${columnOrder(page.sort, dir)} LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/**
 * The serial-number order: the caller's devices by sn, each device's matching alarms newest first (its index), at
 * most a page's worth from each; the walk stops once the page is full.
 */
function bySnWalk(s: Statement, scope: AlarmScope, c: AlarmConditions, dir: Direction, page: AlarmPageRequest): string {
  const k = page.offset + page.limit;
  const devices: string[] = [];
  if (!scope.all) devices.push(`g.id = ANY(${s.bind(scope.devices)}::int4[])`);
  if (c.deviceId !== undefined) devices.push(`g.id = ${s.bind(c.deviceId)}`);
  if (c.devices) devices.push(`g.id = ANY(${s.bind(c.devices)}::int4[])`);
  const inner = s.conditions(c);
  return `SELECT x.id FROM devices g
     CROSS JOIN LATERAL (
       SELECT a.id, a.raised_at FROM alarms a 
        WHERE a.device_id = g.id${inner.length ? ` AND ${inner.join(' AND ')}` : ''}
        ORDER BY a.raised_at ${dir}, a.id ${dir} LIMIT ${k}) x
    ${devices.length ? `WHERE ${devices.join(' AND ')}` : ''}
    ORDER BY g.sn ${dir}, x.raised_at ${dir}, x.id ${dir} LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/**
 * The plant order for a caller who sees every device: the plants by name, each plant's matching alarms newest
 * first, then the alarms without a plant. (A limited scope sorts its own matches instead: walking every plant
 * would read the other branches' alarms to find none.)
 */
function byPlantWalk(s: Statement, c: AlarmConditions, dir: Direction, page: AlarmPageRequest): string {
  const k = page.offset + page.limit;
  const inPlant = s.conditions(c);
  const noPlant = s.conditions(c);
  const plants = c.plantId !== undefined ? `WHERE g.id = ${s.bind(c.plantId)}` : '';
  return `SELECT id FROM (
      (SELECT 0 AS grp, g.name, g.id AS pid, x.raised_at, x.id FROM plants g
        CROSS JOIN LATERAL (
          SELECT a.id, a.raised_at FROM alarms a
           WHERE a.plant_id = g.id${inPlant.length ? ` AND ${inPlant.join(' AND ')}` : ''}
           ORDER BY a.raised_at ${dir}, a.id ${dir} LIMIT ${k}) x
        ${plants}
        ORDER BY g.name ${dir}, g.id ${dir}, x.raised_at ${dir}, x.id ${dir} LIMIT ${k})
      UNION ALL
      (SELECT 1, NULL, NULL, a.raised_at, a.id FROM alarms a
        WHERE a.plant_id IS NULL${noPlant.length ? ` AND ${noPlant.join(' AND ')}` : ''}
        ORDER BY a.raised_at ${dir}, a.id ${dir} LIMIT ${k})
    ) u
    ORDER BY grp, name ${dir}, pid ${dir}, raised_at ${dir}, id ${dir} LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** An alarm as the pages show it. */
export interface AlarmRecord {
  id: string | number;
  code: string;
  device_code: number | null;
  group_name: string;
  severity: AlarmSeverity;
  state: AlarmState;
  device_id: number;
  sn: string;
  plant_id: number | null;
  plant_name: string | null;
  time_zone: string | null;
  raised_at: Date;
  last_seen_at: Date;
  recovered_at: Date | null;
  flapping: boolean;
  flaps: number;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  ack_note: string | null;
}

const RECORD_COLUMNS = `
  a.id, a.code, a.device_code, a.group_name, a.severity, a.state, a.device_id, d.sn, a.plant_id,
  p.name AS plant_name, p.time_zone, a.raised_at, a.last_seen_at, a.recovered_at, a.flapping, a.flaps,
  a.acknowledged_at, ack.username AS acknowledged_by, a.ack_note`;
const RECORD_JOINS = `
  JOIN devices d ON d.id = a.device_id
  LEFT JOIN plants p ON p.id = a.plant_id
  LEFT JOIN users ack ON ack.id = a.acknowledged_by`;
const SELECT_RECORD = `SELECT ${RECORD_COLUMNS} FROM alarms a ${RECORD_JOINS}`;

/** Up to `limit` matching alarms in the requested order, whole (the export). */
export async function alarmsForExport(
  db: Queryable,
  scope: AlarmScope,
  c: AlarmConditions,
  sort: AlarmSort,
  order: 'asc' | 'desc',
  limit: number,
): Promise<AlarmRecord[]> {
  const s = new Statement();
  const { rows } = await db.query<AlarmRecord>(
    `${SELECT_RECORD} WHERE ${s.where(scope, c)} ORDER BY ${fullOrder(sort, order === 'desc' ? 'DESC' : 'ASC')} LIMIT ${limit}`,
    s.params,
  );
  return rows;
}

/** One alarm of a device the caller may see, or undefined (outside the scope looks exactly like missing). */
export async function findAlarmInScope(db: Queryable, caller: Caller, id: number): Promise<AlarmRecord | undefined> {
  const { rows } = await db.query<AlarmRecord>(`${SELECT_RECORD} WHERE a.id = $3 AND ${deviceInScope('d', 1, 2)}`, [
    subtreePattern(caller),
    caller.id,
    id,
  ]);
  return rows[0];
}

export interface AlarmEventRecord {
  at: Date;
  kind: string;
  username: string | null;
  note: string | null;
}

/** An alarm's timeline, oldest first. */
export async function alarmEvents(db: Queryable, alarmId: number): Promise<AlarmEventRecord[]> {
  const { rows } = await db.query<AlarmEventRecord>(
    `SELECT e.at, e.kind, u.username, e.note FROM alarm_events e LEFT JOIN users u ON u.id = e.user_id
      WHERE e.alarm_id = $1 ORDER BY e.at, e.id`,
    [alarmId],
  );
  return rows;
}
