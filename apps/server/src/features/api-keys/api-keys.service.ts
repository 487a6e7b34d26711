import { randomBytes } from 'node:crypto';
import {
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  API_KEYS_PER_USER,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@voltfleet/domain/api-keys';
import { grantBeyond, normaliseGrant, parentCode } from '@voltfleet/domain/permissions';
import { credentialState, endOfLastDay } from '@voltfleet/domain/time';
import type { Db } from '../../db/db.js';
import { hashToken, type Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { plantIdsInScope } from '../plants/index.js';
import {
  countActiveKeys,
  findKey,
  insertKey,
  listKeys,
  lockOwner,
  revokeKey,
  type ApiKeyRow,
} from './api-keys.repository.js';

/** Another user's key answers exactly like a missing one. */
export const apiKeyNotFound = () => new AppError('not_found', 'apiKey.notFound');

export function toApiKey(row: ApiKeyRow, nowMs: number): ApiKey {
  return {
    id: row.id,
    name: row.name,
    shown: row.shown,
    access: row.writes ? 'readWrite' : 'read',
    permissions: row.permissions,
    plantIds: row.plant_ids,
    plantNames: row.plant_names,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    lastUsedFrom: row.last_used_ip,
    state: credentialState(row.revoked_at, row.expires_at, nowMs),
  };
}

/** The caller's own keys (a key is a personal credential: a superior does not see a subordinate's). */
export async function listApiKeys(db: Db, caller: Caller, nowMs: number): Promise<ApiKey[]> {
  return (await listKeys(db, subtreePattern(caller), caller.id)).map((r) => toApiKey(r, nowMs));
}

/** The end (UTC) of the last day a key works, checked against today (UTC) and the longest life of a key. */
function expiryOf(expiresOn: string, nowMs: number): Date {
  const end = endOfLastDay(expiresOn, nowMs, API_KEY_MAX_DAYS);
  if (end === 'past') throw invalid('expiresOn', 'apiKey.expiryPast');
  if (end === 'tooLate') throw invalid('expiresOn', 'apiKey.expiryTooLate', { max: API_KEY_MAX_DAYS });
  return end;
}

/** The codes asked for with every ancestor they need (a function implies its page and module), as a grant tree. */
export function keyGrant(requested: readonly string[]): string[] {
  const withParents = new Set<string>();
  for (const code of requested) {
    for (let c: string | undefined = code; c !== undefined; c = parentCode(c)) withParents.add(c);
  }
  return normaliseGrant(withParents);
}

/**
 * Makes a key for the caller and returns it, this once: only its hash is stored. Its permissions (with the pages and
 * modules they need) must all be the caller's own and its plants all in the caller's scope (400 otherwise, naming
 * the field; a plant of another branch answers like a missing one).
 */
export async function createApiKey(db: Db, caller: Caller, input: ApiKeyCreate, nowMs: number): Promise<ApiKeyCreated> {
  const expiresAt = expiryOf(input.expiresOn, nowMs);
  const permissions = keyGrant(input.permissions);
  if (grantBeyond(caller.permissions, permissions).length > 0) throw invalid('permissions', 'apiKey.permissionNotHeld');
  const plantIds = input.plantIds ? [...new Set(input.plantIds)] : null;
  if (plantIds) {
    const seen = await plantIdsInScope(db, subtreePattern(caller), caller.id, plantIds);
    if (seen.length !== plantIds.length) throw invalid('plantIds', 'apiKey.plantOutOfScope');
  }
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction(async (tx) => {
    await lockOwner(tx, caller.id);
    if ((await countActiveKeys(tx, caller.id, new Date(nowMs))) >= API_KEYS_PER_USER)
      throw new AppError('conflict', 'apiKey.keyLimit', { max: API_KEYS_PER_USER });
    return insertKey(tx, {
      ownerId: caller.id,
      name: input.name,
      shown: key.slice(0, API_KEY_SHOWN_CHARS),
      keyHash: hashToken(key),
      writes: input.access === 'readWrite',
      permissions,
      plantIds,
      expiresAt,
    });
  });
  const row = await findKey(db, subtreePattern(caller), caller.id, id);
  return { ...toApiKey(row!, nowMs), key };
}

/** Revokes one of the caller's keys at once (the next call with it answers 401); again changes nothing. */
export async function revokeApiKey(db: Db, caller: Caller, id: number, nowMs: number): Promise<ApiKey> {
  if (!(await revokeKey(db, caller.id, id))) throw apiKeyNotFound();
  const row = await findKey(db, subtreePattern(caller), caller.id, id);
  if (!row) throw apiKeyNotFound();
  return toApiKey(row, nowMs);
}
