import { severityOfRank } from '@voltfleet/domain/alarms';
import { type Plant, type PlantDeleteImpact, type PlantInput, type PlantListQuery } from '@voltfleet/domain/plants';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { userOptions } from '../users/index.js';
import { releasePlantDevices } from '../devices/index.js';
import { dropPlantRollups } from '../telemetry/index.js';
import {
  findPlantById,
  findPlantInScope,
  insertPlant,
  listPlantsInScope,
  lockPlant,
  plantDevices,
  plantExistsInScope,
  removePlant,
  setAffiliatedUsers,
  updatePlantFields,
  usersInSubtree,
  type PlantInsert,
  type PlantRow,
  type PlantScope,
} from './plants.repository.js';

/** "Cannot find this plant": a missing plant and one outside the caller's scope answer the same. */
export const plantNotFound = () => new AppError('not_found', 'plant.notFound');

const scopeOf = (caller: Pick<Caller, 'id' | 'path'>, offlineSeconds: number): PlantScope => ({
  pattern: subtreePattern(caller),
  callerId: caller.id,
  offlineSeconds,
});

/** For every plant endpoint: throws "Cannot find this plant" (404) unless the plant is in the caller's scope. */
export async function requirePlantInScope(db: Queryable, caller: Caller, plantId: number): Promise<void> {
  if (!(await plantExistsInScope(db, { pattern: subtreePattern(caller), callerId: caller.id }, plantId))) {
    throw plantNotFound();
  }
}

/** The API shape of a plant row. */
export function toPlant(row: PlantRow): Plant {
  return {
    plantId: row.id,
    name: row.name,
    type: row.type as Plant['type'],
    powerKw: row.power_kw,
    capacityKwh: row.capacity_kwh,
    longitude: row.longitude,
    latitude: row.latitude,
    address: row.address,
    // Single-precision columns: 35 comes back as 35, 12.3 as 12.300000190734863.
    azimuthDeg: Math.round(row.azimuth_deg * 1e4) / 1e4,
    inclinationDeg: Math.round(row.inclination_deg * 1e4) / 1e4,
    currency: row.currency as Plant['currency'],
    onGridType: row.on_grid_type as Plant['onGridType'],
    timeZone: row.time_zone,
    constructionDate: row.construction_date,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    affiliatedUserIds: row.affiliated_user_ids,
    status: row.status,
    activeAlarms: { count: row.active_alarms, maxSeverity: severityOfRank(row.active_alarm_rank) },
    deviceCount: row.device_count,
    createdAt: row.created_at.toISOString(),
    refreshedAt: row.refreshed_at?.toISOString() ?? null,
  };
}

/**
 * Every plant the caller may see, narrowed by status, type and a name/address search. Only the caller's place in the
 * tree matters, so a big screen lists a kiosk link's owner's plants through here too.
 */
export async function listPlants(
  db: Db,
  caller: Pick<Caller, 'id' | 'path'>,
  offlineSeconds: number,
  q: PlantListQuery,
): Promise<Plant[]> {
  const rows = await listPlantsInScope(db, scopeOf(caller, offlineSeconds), {
    status: q.status === 'all' ? undefined : q.status,
    type: q.type,
    q: q.q?.trim() || undefined,
  });
  return rows.map(toPlant);
}

async function plantRow(db: Queryable, caller: Caller, offlineSeconds: number, id: number): Promise<PlantRow> {
  const row = await findPlantInScope(db, scopeOf(caller, offlineSeconds), id);
  if (!row) throw plantNotFound();
  return row;
}

export async function getPlant(db: Db, caller: Caller, offlineSeconds: number, id: number): Promise<Plant> {
  return toPlant(await plantRow(db, caller, offlineSeconds, id));
}

/** Accounts a plant may belong to or be affiliated with: the caller and everyone below them. */
export const plantAccountOptions = (db: Db, caller: Caller) => userOptions(db, caller);

/** The owner must sit in the caller's subtree; keeping a plant's current owner is always allowed. */
async function checkOwner(db: Queryable, caller: Caller, ownerId: number, current?: number): Promise<void> {
  if (ownerId === current) return;
  const found = await usersInSubtree(db, [ownerId], subtreePattern(caller));
  if (found.length === 0) throw invalid('ownerId', 'plant.ownerOutOfScope');
}

/** New affiliations must be users in the caller's subtree; ones already on the plant may stay. */
async function checkAffiliated(db: Queryable, caller: Caller, ids: readonly number[], current: readonly number[] = []) {
  const added = [...new Set(ids)].filter((id) => !current.includes(id));
  if (added.length === 0) return;
  const found = await usersInSubtree(db, added, subtreePattern(caller));
  if (found.length !== added.length) throw invalid('affiliatedUserIds', 'plant.affiliatedOutOfScope');
}

function fieldsOf(input: PlantInput, ownerId: number): PlantInsert {
  const { affiliatedUserIds: _affiliated, ownerId: _owner, ...fields } = input;
  return { ...fields, ownerId };
}

export async function createPlant(db: Db, caller: Caller, offlineSeconds: number, input: PlantInput): Promise<Plant> {
  const ownerId = input.ownerId ?? caller.id;
  await checkOwner(db, caller, ownerId);
  await checkAffiliated(db, caller, input.affiliatedUserIds ?? []);
  const id = await db.transaction(async (tx) => {
    const plantId = await insertPlant(tx, fieldsOf(input, ownerId));
    await setAffiliatedUsers(tx, plantId, [...new Set(input.affiliatedUserIds ?? [])]);
    return plantId;
  });
  return getPlant(db, caller, offlineSeconds, id);
}

export async function updatePlant(
  db: Db,
  caller: Caller,
  offlineSeconds: number,
  id: number,
  input: PlantInput,
): Promise<Plant> {
  const current = await plantRow(db, caller, offlineSeconds, id);
  const ownerId = input.ownerId ?? current.owner_id;
  await checkOwner(db, caller, ownerId, current.owner_id);
  if (input.affiliatedUserIds) await checkAffiliated(db, caller, input.affiliatedUserIds, current.affiliated_user_ids);
  await db.transaction(async (tx) => {
    await updatePlantFields(tx, id, fieldsOf(input, ownerId));
    if (input.affiliatedUserIds) await setAffiliatedUsers(tx, id, [...new Set(input.affiliatedUserIds)]);
  });
  // Read back unscoped: a caller who saw the plant only through an affiliation may just have removed it.
  const after = await findPlantById(db, offlineSeconds, id);
  if (!after) throw plantNotFound();
  return toPlant(after);
}

/** What deleting the plant would do: how many (and which) devices go back to awaiting activation. */
export async function plantDeleteImpact(
  db: Db,
  caller: Caller,
  offlineSeconds: number,
  id: number,
): Promise<PlantDeleteImpact> {
  await plantRow(db, caller, offlineSeconds, id);
  const devices = await plantDevices(db, id);
  return { plantId: id, deviceCount: devices.length, devices };
}

/**
 * Deletes a plant in one transaction. With devices installed, the caller must confirm their current count
 * (`confirmDevices`), else 409 and nothing changes. Returns the number of devices unbound.
 */
export async function deletePlant(
  db: Db,
  caller: Caller,
  id: number,
  confirmDevices: number | undefined,
): Promise<{ unboundDevices: number }> {
  await requirePlantInScope(db, caller, id);
  const unboundDevices = await db.transaction(async (tx) => {
    // Holding the plant row keeps a device from being installed between the count and the delete.
    if (!(await lockPlant(tx, id))) throw plantNotFound();
    const devices = await plantDevices(tx, id, true);
    if (devices.length > 0 && confirmDevices !== devices.length) {
      throw new AppError(
        'conflict',
        'plant.deleteNeedsConfirmation',
        { count: devices.length },
        {
          deviceCount: devices.length,
        },
      );
    }
    // The devices go back to awaiting activation, the plant's rollups go (readings, rollups per device and stock-in
    // data stay); then the plant goes and the rest cascades.
    const released = await releasePlantDevices(tx, id);
    await dropPlantRollups(tx, id);
    await removePlant(tx, id);
    return released;
  });
  return { unboundDevices };
}

// The demo seed creates plants without a caller, the scripts feature switches a plant's script on and off (pass the
// transaction to keep it in one); the table stays this feature's.
export { insertPlant as insertPlantRecord, setAffiliatedUsers, setScriptActive } from './plants.repository.js';
