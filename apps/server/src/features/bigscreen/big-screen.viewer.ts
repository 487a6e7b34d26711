import { KIOSK_HEADER, type BigScreenView } from '@voltfleet/domain/big-screen';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db.js';
import { hashToken, requireCaller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { findLinkByTokenHash, touchLink, userViews } from './kiosk-links.repository.js';
import { bigScreenViews, linkState } from './kiosk-links.service.js';

/**
 * Whom a big screen reads for: a signed-in user (their whole scope), or a kiosk link (its owner's scope as it is now,
 * narrowed to the link's plants). Either way the figures come from the owner's place in the tree, read afresh on
 * every request: a link whose owner moved, lost plants or was disabled shows that at once.
 */
export interface BigScreenViewer {
  kind: 'session' | 'kiosk';
  /** The user's display name, or the link's name. */
  name: string;
  owner: { id: number; path: string };
  /** The link's plants (within the owner's scope at read time); null: the owner's whole scope. */
  plantIds: readonly number[] | null;
  expiresAt: string | null;
  views: BigScreenView[];
  /** Of a kiosk link: its id and token hash (the rate limit and the live socket's re-checks key on them). */
  link: { id: number; tokenHash: string } | null;
}

/** The 401 of a kiosk token that does not (or no longer) open a screen; `reason` lets the page say which. */
const refused = (reason: 'revoked' | 'expired' | 'invalid') =>
  new AppError('unauthorized', `kiosk.${reason}`, {}, { reason });

/**
 * The viewer of a kiosk token, or a 401 the screen can show: revoked, expired, or invalid (a token nobody issued, or
 * whose owner was deleted or is disabled). Nothing is cached, so a revocation takes effect at the next read.
 */
export async function kioskViewer(db: Queryable, token: string, nowMs: number): Promise<BigScreenViewer> {
  const tokenHash = hashToken(token);
  const row = await findLinkByTokenHash(db, tokenHash);
  if (!row || !row.owner_enabled) throw refused('invalid');
  const state = linkState(row, nowMs);
  if (state !== 'active') throw refused(state);
  if (!row.last_used_at || nowMs - row.last_used_at.getTime() > 60_000) await touchLink(db, row.id);
  return {
    kind: 'kiosk',
    name: row.name,
    owner: { id: row.owner_id, path: row.owner_path },
    plantIds: row.plant_ids,
    expiresAt: row.expires_at.toISOString(),
    views: bigScreenViews(row.views),
    link: { id: row.id, tokenHash },
  };
}

/** The kiosk token a request carries in KIOSK_HEADER, if any (a header only: never a cookie, never the URL). */
export function kioskTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KIOSK_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The viewer of a big-screen request: the kiosk token when one is sent (a wall screen, even in a browser that also
 * holds a session), else the session, else 401 "please log in".
 */
export async function viewerOf(db: Queryable, request: FastifyRequest, nowMs: number): Promise<BigScreenViewer> {
  const token = kioskTokenOf(request);
  if (token) return kioskViewer(db, token, nowMs);
  const caller = requireCaller(request);
  const me = await userViews(db, caller.id);
  return {
    kind: 'session',
    name: me?.name ?? caller.username,
    owner: { id: caller.id, path: caller.path },
    plantIds: null,
    expiresAt: null,
    views: bigScreenViews(me?.views ?? []),
    link: null,
  };
}
