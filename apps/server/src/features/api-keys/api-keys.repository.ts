import type { Queryable } from '../../db/db.js';
import type { ApiKeyRecord, ApiKeyStore } from '../../platform/api-key-caller.js';
import { plantInScope } from '../../platform/scope.js';

/** A stored key as its owner's list shows it (the names of its plants are resolved per reader, see below). */
export interface ApiKeyRow {
  id: number;
  name: string;
  shown: string;
  writes: boolean;
  permissions: string[];
  plant_ids: number[] | null;
  plant_names: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

// Plant names of the key's own plants, in the key's order, of those the owner ($1 subtree pattern, $2 id) may still
// see: a plant moved out of scope since is no longer named.
const SELECT_KEY = `
  SELECT k.id, k.name, k.shown, k.writes, k.permissions, k.plant_ids, k.created_at, k.expires_at, k.revoked_at,
         k.last_used_at, k.last_used_ip,
         COALESCE((SELECT array_agg(p.name ORDER BY x.ord)
                     FROM unnest(k.plant_ids) WITH ORDINALITY x(id, ord) JOIN plants p ON p.id = x.id
                    WHERE ${plantInScope('p', 1, 2)}), '{}') AS plant_names
    FROM api_keys k`;

/** The owner's keys, newest first. A key is its owner's alone: a superior neither sees nor uses a subordinate's. */
export async function listKeys(db: Queryable, pattern: string, ownerId: number): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(
    `${SELECT_KEY} WHERE k.owner_id = $2 ORDER BY k.created_at DESC, k.id DESC`,
    [pattern, ownerId],
  );
  return rows;
}

export async function findKey(
  db: Queryable,
  pattern: string,
  ownerId: number,
  id: number,
): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.query<ApiKeyRow>(`${SELECT_KEY} WHERE k.owner_id = $2 AND k.id = $3`, [
    pattern,
    ownerId,
    id,
  ]);
  return rows[0];
}

/** How many of the owner's keys still work at `now` (neither revoked nor expired). */
export async function countActiveKeys(db: Queryable, ownerId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_keys WHERE owner_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [ownerId, now.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** Serialises key creation per owner until the transaction ends, so two requests cannot both pass the limit. */
export async function lockOwner(db: Queryable, ownerId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('api_keys'), $1)`, [ownerId]);
}

export async function insertKey(
  db: Queryable,
  key: {
    ownerId: number;
    name: string;
    shown: string;
    keyHash: string;
    writes: boolean;
    permissions: readonly string[];
    plantIds: readonly number[] | null;
    expiresAt: Date;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO api_keys (owner_id, name, shown, key_hash, writes, permissions, plant_ids, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::int4[], $8) RETURNING id`,
    [
      key.ownerId,
      key.name,
      key.shown,
      key.keyHash,
      key.writes,
      [...key.permissions],
      key.plantIds ? [...key.plantIds] : null,
      key.expiresAt.toISOString(),
    ],
  );
  return rows[0]!.id;
}

/** Revokes one of the owner's keys; revoking it again keeps the first time. False when the owner has no such key. */
export async function revokeKey(db: Queryable, ownerId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $2 AND owner_id = $1 RETURNING id`,
    [ownerId, id],
  );
  return rows.length > 0;
}

export async function findKeyByHash(db: Queryable, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const { rows } = await db.query<ApiKeyRecord>(
    `SELECT k.id, k.owner_id, k.writes, k.permissions, k.plant_ids, k.expires_at, k.revoked_at, k.last_used_at,
            u.username, u.path, u.level, u.enabled, u.role_id, u.approval,
            -- An account not approved holds no permission, whatever its role (migration 0044).
            CASE WHEN u.approval = 'approved' THEN r.permissions ELSE '{}'::text[] END AS owner_permissions
       FROM api_keys k JOIN users u ON u.id = k.owner_id JOIN roles r ON r.id = u.role_id
      WHERE k.key_hash = $1`,
    [keyHash],
    // Every key-authenticated request runs this: planned once per connection, not per request.
    { keepPlan: true },
  );
  return rows[0];
}

/** Notes a call: at most one write a minute per key whatever the number of calls. */
export async function touchKey(db: Queryable, id: number, ip: string): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = now(), last_used_ip = $2
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [id, ip.slice(0, 64)],
  );
}

/** The api_keys table as the auth plugin reads it. */
export function apiKeyStore(db: Queryable): ApiKeyStore {
  return { find: (hash) => findKeyByHash(db, hash), touch: (id, ip) => touchKey(db, id, ip) };
}
