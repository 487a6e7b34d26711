import {
  LINKED_KINDS,
  type DeviceCredentials,
  type DeviceFields,
  type DeviceKind,
  type StockIn,
  type StockInResult,
  type StorageItem,
  type StorageListQuery,
} from '@voltfleet/domain/devices';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { linkCredentialEvents } from '../../link/credential-events.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { activateDevice, deactivateDevice, insertDevices, replaceSecretHash } from '../devices/index.js';
import {
  existingSerialNumbers,
  findStorageDevice,
  listStorage,
  plantVisible,
  userInSubtree,
  type StorageRow,
  type StorageScope,
} from './device-storage.repository.js';

export const scopeOf = (caller: Caller): StorageScope => ({ pattern: subtreePattern(caller), callerId: caller.id });

const deviceNotFound = () => new AppError('not_found', 'deviceStorage.deviceNotFound');

/** The API shape of a storage row. */
export function toStorageItem(row: StorageRow): StorageItem {
  return {
    id: row.id,
    sn: row.sn,
    kind: row.kind,
    modelType: row.model,
    batteryModelType: row.battery_model,
    installationPosition: row.installation_position,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    plantId: row.plant_id,
    plantName: row.plant_name,
    plantTimeZone: row.time_zone,
    activation: row.activated_at ? 'activated' : 'awaiting',
    importTime: row.imported_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
    hasCredentials: row.has_credentials,
  };
}

/** The grid code, protocols and template a stock-in gave (what it left out stays unset). */
export const fieldsOf = (input: StockIn): Partial<DeviceFields> => ({
  gridCode: input.gridCode,
  batteryProtocol: input.batteryProtocol,
  meterProtocol: input.meterProtocol,
  template: input.template,
});

/** Whether a device of this kind logs in to the link itself (and so gets credentials). */
export const isLinked = (kind: DeviceKind) => LINKED_KINDS.includes(kind);

/**
 * A fresh random secret (192 bits) and its Mosquitto-format hash; only the hash is ever stored. A secret that would
 * start with '-' is drawn again: a sheet would have to neutralise it as formula-like text and so change it.
 */
export async function issueSecret(): Promise<{ secret: string; hash: string }> {
  let secret = generateDeviceSecret();
  while (secret.startsWith('-')) secret = generateDeviceSecret();
  return { secret, hash: await hashDeviceSecret(secret) };
}

export async function listStorageDevices(db: Db, caller: Caller, q: StorageListQuery) {
  const { rows, total } = await listStorage(
    db,
    scopeOf(caller),
    { status: q.status, keyword: q.keyword || undefined },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  return { items: rows.map(toStorageItem), total, page: q.page, pageSize: q.pageSize };
}

/**
 * Stocks one device in, held by the caller or a user below them: awaiting activation, credentials returned once.
 * A serial number outside the caller's scope gets the same "owned elsewhere" answer whoever holds it.
 */
export async function stockIn(db: Db, caller: Caller, input: StockIn): Promise<StockInResult> {
  const scope = scopeOf(caller);
  const ownerId = input.ownerId ?? caller.id;
  if (ownerId !== caller.id && !(await userInSubtree(db, scope, ownerId)))
    throw invalid('ownerId', 'deviceStorage.ownerOutOfScope');
  const credential = isLinked(input.kind) ? await issueSecret() : null;
  const existing = (await existingSerialNumbers(db, scope, [input.sn])).get(input.sn);
  if (existing) throw conflict(existing.inScope ? 'deviceStorage.snInStorage' : 'deviceStorage.snOwnedElsewhere');
  const inserted = await insertDevices(db, [
    {
      sn: input.sn,
      kind: input.kind,
      model: input.modelType,
      batteryModel: input.batteryModelType ?? '',
      installationPosition: input.installationPosition ?? '',
      ownerId,
      secretHash: credential?.hash ?? null,
      fields: fieldsOf(input),
    },
  ]);
  const id = inserted.get(input.sn);
  // Taken between the check and the insert: answer as if the check had seen it.
  if (id === undefined) throw conflict('deviceStorage.snOwnedElsewhere');
  const row = await findStorageDevice(db, scope, id);
  if (!row) throw deviceNotFound();
  return {
    device: toStorageItem(row),
    credentials: credential ? { username: input.sn, secret: credential.secret } : null,
  };
}

/** Issues a new secret for a device in scope; the old one stops working at once. */
export async function rotateCredentials(db: Db, caller: Caller, id: number): Promise<DeviceCredentials> {
  const row = await findStorageDevice(db, scopeOf(caller), id);
  if (!row) throw deviceNotFound();
  if (!isLinked(row.kind)) throw invalid('id', 'deviceStorage.noLinkCredentials');
  const credential = await issueSecret();
  await replaceSecretHash(db, id, credential.hash);
  // The broker of this process drops the open session now; any broker refuses the old secret at the next login.
  linkCredentialEvents.emit('replaced', row.sn);
  return { username: row.sn, secret: credential.secret };
}

/** Activates an awaiting device in scope into a plant the caller may manage. */
export async function activate(db: Db, caller: Caller, id: number, plantId: number): Promise<StorageItem> {
  const scope = scopeOf(caller);
  const row = await findStorageDevice(db, scope, id);
  if (!row) throw deviceNotFound();
  if (!(await plantVisible(db, scope, plantId))) throw new AppError('not_found', 'plant.notFound');
  if (!(await activateDevice(db, id, plantId))) throw conflict('deviceStorage.alreadyActivated');
  return toStorageItem((await findStorageDevice(db, scope, id))!);
}

/** Unbinds an activated device in scope from its plant; it waits for activation again (moved or mis-assigned). */
export async function deactivate(db: Db, caller: Caller, id: number): Promise<StorageItem> {
  const scope = scopeOf(caller);
  const row = await findStorageDevice(db, scope, id);
  if (!row) throw deviceNotFound();
  if (!(await deactivateDevice(db, id))) throw conflict('deviceStorage.notActivated');
  return toStorageItem((await findStorageDevice(db, scope, id))!);
}
