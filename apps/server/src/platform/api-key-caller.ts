import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { keyPermissions, methodReads } from '@voltfleet/domain/api-keys';
import { AppError } from './errors.js';
import type { Caller, CallerKey } from './caller.js';

/** What an API-key call needs of its key and of the key's owner now (the api-keys feature reads it). */
export interface ApiKeyRecord {
  id: number;
  owner_id: number;
  writes: boolean;
  permissions: string[];
  plant_ids: number[] | null;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  username: string;
  path: string;
  level: number;
  enabled: boolean;
  role_id: number;
  approval: 'pending' | 'approved' | 'refused';
  /** The owner's role's permissions now (empty for an account not approved). */
  owner_permissions: string[];
}

/** How the auth plugin reads keys; the api-keys feature implements it over its table. */
export interface ApiKeyStore {
  find(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** Notes a call (time and address), at most once a minute per key. */
  touch(id: number, ip: string): Promise<void>;
}

const TOUCH_EVERY_MS = 60_000;

/**
 * The caller an API key stands for, or a 401 for a key that is unknown, revoked, expired, or whose owner is disabled
 * or refused (the same answer for each: a caller learns nothing about keys it does not hold). Its permissions are the
 * key's intersected with its owner's now, so a permission the owner loses leaves the key at this call.
 */
export async function keyCaller(
  store: ApiKeyStore,
  keyHash: string,
  request: FastifyRequest,
  nowMs: number,
): Promise<Caller> {
  const row = await store.find(keyHash);
  if (!row || row.revoked_at || row.expires_at.getTime() <= nowMs || !row.enabled || row.approval !== 'approved')
    throw new AppError('unauthorized', 'apiKey.invalid');
  if (!row.last_used_at || nowMs - row.last_used_at.getTime() > TOUCH_EVERY_MS) await store.touch(row.id, request.ip);
  return {
    id: row.owner_id,
    username: row.username,
    path: row.path,
    level: row.level,
    roleId: row.role_id,
    permissions: new Set(keyPermissions(row.permissions, row.owner_permissions)),
    approved: true,
    tokenHash: keyHash,
    key: { id: row.id, writes: row.writes, plantIds: row.plant_ids },
  };
}

/**
 * What a key may not do whatever its permissions: call a route that manages credentials or accounts (`keys: false`:
 * keys, passwords, users, roles, webhooks, kiosk links), or change anything when it is read-only.
 */
export function checkKeyRoute(request: FastifyRequest, key: CallerKey): void {
  if (request.routeOptions.config.keys === false) throw new AppError('forbidden', 'apiKey.routeRefused');
  if (key.plantIds && request.routeOptions.config.plantLimitedKeys === false)
    throw new AppError('forbidden', 'apiKey.accountRefused');
  if (!key.writes && !methodReads(request.method)) throw new AppError('forbidden', 'apiKey.readOnly');
}

/**
 * A fixed window of calls per key in this process (each process of a scale-out counts its own share, so the limit a
 * key meets is per process; docs/integrations.md says so). Over it: 429 with Retry-After in seconds. Counting per key,
 * not per address, means one key's flood never slows another key or a browser session of the same owner.
 */
export class KeyRateLimit {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  check(keyId: number, reply: FastifyReply, nowMs: number): void {
    let w = this.windows.get(keyId);
    if (!w || nowMs - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.windows.clear(); // bounded memory; keys are few, this never trips in use
      w = { start: nowMs, count: 0 };
      this.windows.set(keyId, w);
    }
    w.count += 1;
    if (w.count > this.max) {
      void reply.header('Retry-After', String(Math.max(1, Math.ceil((w.start + this.windowMs - nowMs) / 1000))));
      throw new AppError('rate_limited', 'apiKey.rateLimited', { max: this.max });
    }
  }
}

/** An onRoute hook: every route registered where it is added refuses keys limited to chosen plants. */
export function refusePlantLimitedKeys(route: RouteOptions): void {
  route.config = { ...route.config, plantLimitedKeys: false };
}

/** An onRoute hook: every route registered where it is added refuses API keys (`keys: false`). */
export function refuseApiKeys(route: RouteOptions): void {
  route.config = { ...route.config, keys: false };
}
