import { randomBytes } from 'node:crypto';
import {
  BIG_SCREEN_VIEWS,
  KIOSK_LINK_MAX_DAYS,
  KIOSK_LINKS_PER_USER,
  type BigScreenView,
  type KioskLink,
  type KioskLinkCreate,
  type KioskLinkCreated,
} from '@voltfleet/domain/big-screen';
import { credentialState, endOfLastDay } from '@voltfleet/domain/time';
import type { Db } from '../../db/db.js';
import { hashToken, type Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { plantIdsInScope } from '../plants/index.js';
import {
  countActiveLinks,
  findLinkInScope,
  insertLink,
  listLinksInScope,
  lockOwner,
  revokeLink,
  userViews,
  type KioskLinkRow,
} from './kiosk-links.repository.js';

/** Another branch's link answers exactly like a missing one. */
export const kioskLinkNotFound = () => new AppError('not_found', 'kiosk.notFound');

/** The big-screen views among a role's visible views ('bigScreen/map' → 'map'), in the rotation's order. */
export function bigScreenViews(roleViews: readonly string[]): BigScreenView[] {
  return BIG_SCREEN_VIEWS.filter((v) => roleViews.includes(`bigScreen/${v}`));
}

/** Revoked wins over expired: the owner's decision is what the list and the screen should say. */
export function linkState(row: Pick<KioskLinkRow, 'revoked_at' | 'expires_at'>, nowMs: number): KioskLink['state'] {
  return credentialState(row.revoked_at, row.expires_at, nowMs);
}

export function toKioskLink(row: KioskLinkRow, nowMs: number): KioskLink {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    plantIds: row.plant_ids,
    plantNames: row.plant_names,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    state: linkState(row, nowMs),
  };
}

/** The links owned within the caller's subtree (their own and their subordinates', as other owned objects are). */
export async function listKioskLinks(db: Db, caller: Caller, nowMs: number): Promise<KioskLink[]> {
  return (await listLinksInScope(db, subtreePattern(caller), caller.id)).map((r) => toKioskLink(r, nowMs));
}

/** The end (UTC) of the last day a link works, checked against today (UTC) and the longest life of a link. */
function expiryOf(expiresOn: string, nowMs: number): Date {
  const end = endOfLastDay(expiresOn, nowMs, KIOSK_LINK_MAX_DAYS);
  if (end === 'past') throw invalid('expiresOn', 'kiosk.expiryPast');
  if (end === 'tooLate') throw invalid('expiresOn', 'kiosk.expiryTooLate', { max: KIOSK_LINK_MAX_DAYS });
  return end;
}

/**
 * Creates a link owned by the caller and returns its token, this once: only its hash is stored. Its plants must all
 * be in the caller's scope (400 naming plantIds otherwise, the same for a plant of another branch as for a missing
 * one); a caller whose role shows no big-screen view has nothing to put on a screen.
 */
export async function createKioskLink(
  db: Db,
  caller: Caller,
  input: KioskLinkCreate,
  nowMs: number,
): Promise<KioskLinkCreated> {
  const expiresAt = expiryOf(input.expiresOn, nowMs);
  const plantIds = input.plantIds ? [...new Set(input.plantIds)] : null;
  if (plantIds) {
    const seen = await plantIdsInScope(db, subtreePattern(caller), caller.id, plantIds);
    if (seen.length !== plantIds.length) throw invalid('plantIds', 'kiosk.plantOutOfScope');
  }
  const me = await userViews(db, caller.id);
  if (bigScreenViews(me?.views ?? []).length === 0) throw new AppError('forbidden', 'kiosk.noViews');
  const token = randomBytes(32).toString('base64url');
  const id = await db.transaction(async (tx) => {
    await lockOwner(tx, caller.id);
    if ((await countActiveLinks(tx, caller.id, new Date(nowMs))) >= KIOSK_LINKS_PER_USER)
      throw new AppError('conflict', 'kiosk.linkLimit', { max: KIOSK_LINKS_PER_USER });
    return insertLink(tx, { ownerId: caller.id, name: input.name, plantIds, tokenHash: hashToken(token), expiresAt });
  });
  const row = await findLinkInScope(db, subtreePattern(caller), caller.id, id);
  return { ...toKioskLink(row!, nowMs), token };
}

/** Revokes a link of the caller's subtree; revoking it again changes nothing and answers the same. */
export async function revokeKioskLink(db: Db, caller: Caller, id: number, nowMs: number): Promise<KioskLink> {
  if (!(await revokeLink(db, subtreePattern(caller), id))) throw kioskLinkNotFound();
  const row = await findLinkInScope(db, subtreePattern(caller), caller.id, id);
  if (!row) throw kioskLinkNotFound();
  return toKioskLink(row, nowMs);
}
