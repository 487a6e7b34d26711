import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';
import { KIOSK_ENDED_CHANNEL } from '../live/index.js';

/** A stored kiosk link with its owner (the names of its plants are resolved per reader, see below). */
export interface KioskLinkRow {
  id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  plant_ids: number[] | null;
  plant_names: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

// Plant names of the link's own plants, in the link's order, of those the reader ($1 subtree pattern, $2 id) may
// still see: a plant moved out of scope since is not named to anyone who cannot see it now.
const SELECT_LINK = `
  SELECT k.id, k.owner_id, o.name AS owner_name, k.name, k.plant_ids, k.created_at, k.expires_at, k.revoked_at,
         k.last_used_at,
         COALESCE((SELECT array_agg(p.name ORDER BY x.ord)
                     FROM unnest(k.plant_ids) WITH ORDINALITY x(id, ord) JOIN plants p ON p.id = x.id
                    WHERE ${plantInScope('p', 1, 2)}), '{}') AS plant_names
    FROM kiosk_links k JOIN users o ON o.id = k.owner_id`;

/** The links owned within the reader's subtree (the reader's own and their subordinates'), newest first. */
export async function listLinksInScope(db: Queryable, pattern: string, readerId: number): Promise<KioskLinkRow[]> {
  const { rows } = await db.query<KioskLinkRow>(
    `${SELECT_LINK} WHERE o.path LIKE $1 ORDER BY k.created_at DESC, k.id DESC`,
    [pattern, readerId],
  );
  return rows;
}

/** One link owned within the reader's subtree, or undefined (another branch's link looks exactly like a missing one). */
export async function findLinkInScope(
  db: Queryable,
  pattern: string,
  readerId: number,
  id: number,
): Promise<KioskLinkRow | undefined> {
  const { rows } = await db.query<KioskLinkRow>(`${SELECT_LINK} WHERE o.path LIKE $1 AND k.id = $3`, [
    pattern,
    readerId,
    id,
  ]);
  return rows[0];
}

/** How many of the owner's links still work at `now` (neither revoked nor expired). */
export async function countActiveLinks(db: Queryable, ownerId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM kiosk_links WHERE owner_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [ownerId, now.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** Serialises link creation per owner until the transaction ends, so two requests cannot both pass the limit. */
export async function lockOwner(db: Queryable, ownerId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('kiosk_links'), $1)`, [ownerId]);
}

export async function insertLink(
  db: Queryable,
  link: { ownerId: number; name: string; plantIds: readonly number[] | null; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO kiosk_links (owner_id, name, plant_ids, token_hash, expires_at)
     VALUES ($1, $2, $3::int4[], $4, $5) RETURNING id`,
    [link.ownerId, link.name, link.plantIds ? [...link.plantIds] : null, link.tokenHash, link.expiresAt.toISOString()],
  );
  return rows[0]!.id;
}

/**
 * Revokes a link owned within the subtree; revoking a revoked one keeps its first revocation time (idempotent).
 * False when there is no such link in the subtree. Every revocation tells the live channel (KIOSK_ENDED_CHANNEL).
 */
export async function revokeLink(db: Queryable, pattern: string, id: number): Promise<boolean> {
  // The same statement tells the live channel (at its commit, never on rollback): open screens close at once.
  const { rows } = await db.query(
    `WITH revoked AS (
       UPDATE kiosk_links k SET revoked_at = COALESCE(k.revoked_at, now())
        WHERE k.id = $2 AND k.owner_id IN (SELECT id FROM users WHERE path LIKE $1) RETURNING k.id)
     SELECT id, pg_notify($3, id::text) FROM revoked`,
    [pattern, id, KIOSK_ENDED_CHANNEL],
  );
  return rows.length > 0;
}

/** What a kiosk read needs of its link and of the link's owner now (their place in the tree, state, role's views). */
export interface KioskTokenRow {
  id: number;
  name: string;
  plant_ids: number[] | null;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  owner_id: number;
  owner_path: string;
  owner_enabled: boolean;
  views: string[];
}

/** The link of a token hash with its owner, or undefined for a token nobody issued (or whose owner was deleted). */
export async function findLinkByTokenHash(db: Queryable, tokenHash: string): Promise<KioskTokenRow | undefined> {
  const { rows } = await db.query<KioskTokenRow>(
    `SELECT k.id, k.name, k.plant_ids, k.expires_at, k.revoked_at, k.last_used_at, k.owner_id,
            o.path AS owner_path, o.enabled AS owner_enabled, r.views
       FROM kiosk_links k JOIN users o ON o.id = k.owner_id JOIN roles r ON r.id = o.role_id
      WHERE k.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** Notes a kiosk read; at most one write a minute per link whatever the number of screens and requests. */
export async function touchLink(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE kiosk_links SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [id],
  );
}

/** A signed-in user's display name and their role's big-screen views. */
export async function userViews(db: Queryable, userId: number): Promise<{ name: string; views: string[] } | undefined> {
  const { rows } = await db.query<{ name: string; views: string[] }>(
    `SELECT u.name, r.views FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}
