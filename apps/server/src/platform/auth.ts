import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError, forbidden } from './errors.js';
import { checkKeyRoute, keyCaller, KeyRateLimit, type ApiKeyStore } from './api-key-caller.js';
import type { Caller } from './caller.js';
import { isApiKey } from '@voltfleet/domain/api-keys';

export type { Caller, CallerKey } from './caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** false: public route. Default: a valid session is required. */
    auth?: boolean;
    /** Permission code the route needs (module, page or function; its ancestors are implied by the grant). */
    permission?: string;
    /**
     * true: an account awaiting approval may call this route (who am I, sign out, choose a language). Every other
     * route answers such an account 403 "awaits approval", so nothing it can reach depends on each route's scope.
     */
    whileAwaitingApproval?: boolean;
    audit?: { action: string; category: string; objectType?: string };
    /**
     * false: an API key is refused here whatever its permissions (routes that manage keys, passwords, accounts, roles,
     * webhooks and kiosk links: a leaked key must not be able to mint or widen credentials).
     */
    keys?: boolean;
    /**
     * false: a key limited to chosen plants is refused here (the account's own objects — its messages, report
     * templates and exports — are not tied to a plant, so such a key must not reach them; decision 0039).
     */
    plantLimitedKeys?: boolean;
  }
}

/** A stored session with what the caller needs of its user (provided by the auth feature; platform owns no table). */
export interface SessionRecord {
  user_id: number;
  last_seen_at: Date;
  expires_at: Date;
  username: string;
  path: string;
  level: number;
  enabled: boolean;
  role_id: number;
  /** 'pending' or 'refused' accounts hold no permission (the store answers an empty list for them). */
  approval: 'pending' | 'approved' | 'refused';
  permissions: string[];
}

/** How the auth plugin reads and ends sessions; the auth feature implements it over its table. */
export interface SessionStore {
  find(tokenHash: string): Promise<SessionRecord | undefined>;
  revoke(tokenHash: string): Promise<void>;
  touch(tokenHash: string): Promise<void>;
}

export const SESSION_COOKIE = 'user_token';
// Last-seen is written at most once a minute per session to keep reads cheap.
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

/** The caller or a 401; for handlers of routes that require a session. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('unauthorized', 'auth.loginRequired');
  return request.caller;
}

/** Resolves the session on every request; refuses protected routes without one and checks route permissions. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionStore; keys: ApiKeyStore; config: Config }) => {
    const { sessions, keys, config } = opts;
    const keyLimit = new KeyRateLimit(config.apiKeyRatePerMinute, 60_000);
    app.decorateRequest('caller', null);

    app.addHook('onRequest', async (request, reply) => {
      const routeConfig = request.routeOptions.config;
      // The API docs are public like /api/openapi.json; only API routes need a session. The web app and its files
      // are served whatever the cookie says: a stale session cookie must not turn a page load into a JSON 401
      // (the app then learns from its first API call that the session is over and goes to /login?from=…).
      const needsSession =
        routeConfig.auth !== false && request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
      const token = tokenFrom(request);
      if (token && isApiKey(token)) {
        // A key stands for its owner on routes that need a caller; public routes, the docs and the web app's files
        // ignore it (a key has no business there, and a bad one must not turn a public answer into a 401).
        if (!needsSession) return;
        const now = Date.now();
        const caller = await keyCaller(keys, hashToken(token), request, now);
        keyLimit.check(caller.key!.id, reply, now);
        checkKeyRoute(request, caller.key!);
        request.caller = caller;
      } else if (token) {
        const tokenHash = hashToken(token);
        const row = await sessions.find(tokenHash);
        const now = Date.now();
        const idleLimit = config.sessionIdleMinutes * 60_000;
        if (row) {
          const expired = row.expires_at.getTime() < now || now - row.last_seen_at.getTime() > idleLimit;
          if (expired || !row.enabled || row.approval === 'refused') {
            await sessions.revoke(tokenHash);
            if (needsSession) throw new AppError('unauthorized', 'auth.sessionExpired');
          } else {
            if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) await sessions.touch(tokenHash);
            request.caller = {
              id: row.user_id,
              username: row.username,
              path: row.path,
              level: row.level,
              roleId: row.role_id,
              permissions: new Set(row.approval === 'approved' ? row.permissions : []),
              approved: row.approval === 'approved',
              tokenHash,
            };
          }
        } else if (needsSession) {
          // A token we do not know (revoked, expired and cleaned, or forged): the session is over.
          throw new AppError('unauthorized', 'auth.sessionExpired');
        }
      }
      if (!needsSession) return;
      if (!request.caller) throw new AppError('unauthorized', 'auth.loginRequired');
      if (!request.caller.approved && routeConfig.whileAwaitingApproval !== true)
        throw new AppError('forbidden', 'auth.awaitingApproval');
      if (routeConfig.permission && !request.caller.permissions.has(routeConfig.permission)) throw forbidden();
    });
  },
);
