import type { PlantStatus } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';
import { plantAlarmsJoinSql, plantStatusSql } from '../devices/index.js';

/** The stored fields of a plant (R3.2), as the seeding and the plant API insert them. */
export interface PlantInsert {
  name: string;
  type: number;
  powerKw: number;
  capacityKwh: number;
  longitude: number;
  latitude: number;
  address: string;
  azimuthDeg: number;
  inclinationDeg: number;
  currency: string;
  onGridType: number;
  timeZone: string;
  ownerId: number;
  constructionDate: string | null;
}

const FIELDS = [
  ['name', 'name'],
  ['type', 'type'],
  ['powerKw', 'power_kw'],
  ['capacityKwh', 'capacity_kwh'],
  ['longitude', 'longitude'],
  ['latitude', 'latitude'],
  ['address', 'address'],
  ['azimuthDeg', 'azimuth_deg'],
  ['inclinationDeg', 'inclination_deg'],
  ['currency', 'currency'],
  ['onGridType', 'on_grid_type'],
  ['timeZone', 'time_zone'],
  ['ownerId', 'owner_id'],
  ['constructionDate', 'construction_date'],
] as const satisfies readonly (readonly [keyof PlantInsert, string])[];

/** Inserts a plant; returns its id. */
export async function insertPlant(db: Queryable, p: PlantInsert): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (${FIELDS.map(([, c]) => c).join(', ')})
     VALUES (${FIELDS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    FIELDS.map(([k]) => p[k]),
  );
  return rows[0]!.id;
}

/** Overwrites every stored field of a plant. */
export async function updatePlantFields(db: Queryable, id: number, p: PlantInsert): Promise<void> {
  await db.query(
    `UPDATE plants SET ${FIELDS.map(([, c], i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
    [id, ...FIELDS.map(([k]) => p[k])],
  );
}

/** Replaces the plant's affiliated accounts. */
export async function setAffiliatedUsers(db: Queryable, plantId: number, userIds: readonly number[]): Promise<void> {
  await db.query(`DELETE FROM plant_users WHERE plant_id = $1 AND NOT (user_id = ANY($2::int4[]))`, [
    plantId,
    [...userIds],
  ]);
  await db.query(`INSERT INTO plant_users (plant_id, user_id) SELECT $1, unnest($2::int4[]) ON CONFLICT DO NOTHING`, [
    plantId,
    [...userIds],
  ]);
}

export interface PlantRow {
  id: number;
  name: string;
  type: number;
  power_kw: number;
  capacity_kwh: number;
  longitude: number;
  latitude: number;
  address: string;
  azimuth_deg: number;
  inclination_deg: number;
  currency: string;
  on_grid_type: number;
  time_zone: string;
  owner_id: number;
  owner_name: string | null;
  construction_date: string | null;
  created_at: Date;
  status: PlantStatus;
  /** Active alarms of the plant's devices, of any severity, and the most severe one's severity_rank. */
  active_alarms: number;
  active_alarm_rank: number | null;
  device_count: number;
  refreshed_at: Date | null;
  affiliated_user_ids: number[];
}

/** Who asks: $1 scope pattern, $2 caller id, $3 offline threshold (seconds). */
export interface PlantScope {
  pattern: string;
  callerId: number;
  offlineSeconds: number;
}

export interface PlantFilter {
  /** normal | alarm | offline, or online (= not offline); absent = all. */
  status?: 'online' | PlantStatus | undefined;
  type?: number | undefined;
  /** Matches name or address, case-insensitively. */
  q?: string | undefined;
}

// The status is computed once per plant in a subquery so the filter and the answer use the same value.
const selectPlants = (where: string, thresholdParam: number) => `
  SELECT * FROM (
    SELECT p.id, p.name, p.type, p.power_kw, p.capacity_kwh, p.longitude, p.latitude, p.address, p.azimuth_deg,
           p.inclination_deg, p.currency, p.on_grid_type, p.time_zone, p.owner_id, o.name AS owner_name,
           to_char(p.construction_date, 'YYYY-MM-DD') AS construction_date, p.created_at,
           ${plantStatusSql('p', thresholdParam)} AS status, al.active_alarms, al.active_alarm_rank,
           (SELECT count(*)::int FROM devices cd WHERE cd.plant_id = p.id) AS device_count,
           (SELECT max(rd.last_reading_at) FROM devices rd WHERE rd.plant_id = p.id) AS refreshed_at,
           ARRAY(SELECT pu.user_id FROM plant_users pu WHERE pu.plant_id = p.id ORDER BY pu.user_id) AS affiliated_user_ids
      FROM plants p LEFT JOIN users o ON o.id = p.owner_id
      ${plantAlarmsJoinSql('p', 'al')}
     WHERE ${where}
  ) plant`;

/**
 * Whether a plant's name or address contains `q`, ignoring case. Done here rather than with ILIKE: ILIKE folds
 * case by the database's locale, and a cluster created with the C locale folds only ASCII ("VINOHRADSKÁ").
 */
const matchesText = (row: PlantRow, q: string): boolean => {
  const needle = q.toLocaleLowerCase();
  return row.name.toLocaleLowerCase().includes(needle) || row.address.toLocaleLowerCase().includes(needle);
};

/** Every plant in scope that passes the filter, by name. */
export async function listPlantsInScope(db: Queryable, scope: PlantScope, filter: PlantFilter): Promise<PlantRow[]> {
  const params: (string | number)[] = [scope.pattern, scope.callerId, scope.offlineSeconds];
  const where: string[] = [];
  const bind = (v: string | number) => `$${params.push(v)}`;
  if (filter.status === 'online') where.push(`plant.status <> 'offline'`);
  else if (filter.status) where.push(`plant.status = ${bind(filter.status)}`);
  if (filter.type !== undefined) where.push(`plant.type = ${bind(filter.type)}`);
  const { rows } = await db.query<PlantRow>(
    `${selectPlants(plantInScope('p', 1, 2), 3)} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY plant.name, plant.id`,
    params,
  );
  const q = filter.q;
  return q ? rows.filter((row) => matchesText(row, q)) : rows;
}

/** A plant in scope by id, or undefined: outside the scope looks exactly like missing. */
export async function findPlantInScope(db: Queryable, scope: PlantScope, id: number): Promise<PlantRow | undefined> {
  const { rows } = await db.query<PlantRow>(`${selectPlants(`${plantInScope('p', 1, 2)} AND p.id = $4`, 3)}`, [
    scope.pattern,
    scope.callerId,
    scope.offlineSeconds,
    id,
  ]);
  return rows[0];
}

/** A plant by id whatever the scope: only for reading back a change the caller was allowed to make. */
export async function findPlantById(db: Queryable, offlineSeconds: number, id: number): Promise<PlantRow | undefined> {
  const { rows } = await db.query<PlantRow>(selectPlants('p.id = $2', 1), [offlineSeconds, id]);
  return rows[0];
}

/** Locks the plant row until the transaction ends; false when it is gone. */
export async function lockPlant(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM plants WHERE id = $1 FOR UPDATE`, [id])).rows.length > 0;
}

/** The ids among `ids` of users in the subtree matching `pattern` (the caller's own id included). */
export async function usersInSubtree(db: Queryable, ids: readonly number[], pattern: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE id = ANY($1::int4[]) AND path LIKE $2`, [
    [...ids],
    pattern,
  ]);
  return rows.map((r) => r.id);
}

/** True when the plant exists and the caller may see it (cheap check for other plant endpoints). */
export async function plantExistsInScope(
  db: Queryable,
  scope: Pick<PlantScope, 'pattern' | 'callerId'>,
  id: number,
): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM plants p WHERE p.id = $3 AND ${plantInScope('p', 1, 2)}`, [
    scope.pattern,
    scope.callerId,
    id,
  ]);
  return rows.length > 0;
}

/** The devices installed in a plant (for the delete confirmation); `lock` holds them until the transaction ends. */
export async function plantDevices(db: Queryable, plantId: number, lock = false) {
  const { rows } = await db.query<{ id: number; sn: string; kind: string }>(
    `SELECT id, sn, kind FROM devices WHERE plant_id = $1 ORDER BY sn${lock ? ' FOR UPDATE' : ''}`,
    [plantId],
  );
  return rows;
}

/**
 * Deletes a plant whose devices were released (devices feature) and whose plant rollups were dropped (telemetry
 * feature: they have no foreign key); the rest cascades. Run inside a transaction.
 */
export async function removePlant(db: Queryable, plantId: number): Promise<void> {
  await db.query(`DELETE FROM plants WHERE id = $1`, [plantId]);
}

/** Turns the plant's script on or off (scripts feature): the plant_figures_* views read the flag. */
export async function setScriptActive(db: Queryable, plantId: number, active: boolean): Promise<void> {
  await db.query(`UPDATE plants SET script_active = $2 WHERE id = $1`, [plantId, active]);
}

/** Gives every plant owned by `fromId` to `toId` (a user deleted by their superior); the number handed over. */
export async function handOverPlants(db: Queryable, fromId: number, toId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH moved AS (UPDATE plants SET owner_id = $2 WHERE owner_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM moved`,
    [fromId, toId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The ids among `ids` of plants the user (subtree `pattern`, account `userId`) may see: what a feature checks before it
 * stores a choice of plants (kiosk links, API keys, alarm rules, webhooks). The one copy of this question.
 */
export async function plantIdsInScope(
  db: Queryable,
  pattern: string,
  userId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    `SELECT p.id FROM plants p WHERE p.id = ANY($3::int4[]) AND ${plantInScope('p', 1, 2)}`,
    [pattern, userId, [...ids]],
  );
  return rows.map((r) => r.id);
}
