import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Queryable } from '../db/db.js';

const SECRET_KEY = /pass(word)?|token|secret|captcha|credential|key/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Copies a request body for the record with secrets replaced, bounded in depth and size. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 50)
        .map(([k, v]) => [k, SECRET_KEY.test(k) ? '***' : redact(v, depth + 1)]),
    );
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

export interface OperationRecordInput {
  userId: number | null;
  username: string | null;
  userPath: string | null;
  ip: string;
  action: string;
  category: string;
  objectType: string;
  objectId: string | null;
  params: unknown;
  ok: boolean;
  status: number;
}

export async function writeOperationRecord(db: Queryable, r: OperationRecordInput): Promise<void> {
  await db.query(
    `INSERT INTO operation_records (user_id, username, user_path, ip, action, category, object_type, object_id, params, ok, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      r.userId,
      r.username,
      r.userPath,
      r.ip,
      r.action,
      r.category,
      r.objectType,
      r.objectId,
      JSON.stringify(redact(r.params) ?? {}),
      r.ok,
      r.status,
    ],
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler when it creates an object, so the record names it. */
    auditObjectId?: string;
    /** Set by a handler when the actor is only known after the fact (login). */
    auditActor?: { id: number; username: string; path: string };
  }
}

/**
 * Every mutating API request leaves an operation record: who, from where, what, on which object, and the outcome.
 * A read route with an audit config (an export that takes data away) is recorded too, with its query as parameters.
 */
export const auditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  // onSend, not onResponse: the record is stored before the client hears the outcome, so an answered change always
  // has its record (and a caller reading the records right after sees it).
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    const mutating = MUTATING.has(request.method);
    if ((!mutating && !audit) || !request.url.startsWith('/api/')) return payload;
    if (reply.statusCode === 404 && !request.routeOptions.url) return payload; // no such route: nothing was attempted
    const actor =
      request.auditActor ??
      (request.caller ? { id: request.caller.id, username: request.caller.username, path: request.caller.path } : null);
    const params = request.params as Record<string, string> | undefined;
    const input = mutating ? request.body : request.query;
    const body = input && typeof input === 'object' ? input : {};
    try {
      await writeOperationRecord(opts.db, {
        userId: actor?.id ?? null,
        username: actor?.username ?? (body as { username?: unknown }).username?.toString().slice(0, 64) ?? null,
        userPath: actor?.path ?? null,
        ip: request.ip,
        action: audit?.action ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
        category: audit?.category ?? 'system',
        objectType: audit?.objectType ?? '',
        objectId: request.auditObjectId ?? params?.id ?? null,
        params: body,
        ok: reply.statusCode < 400,
        status: reply.statusCode,
      });
    } catch (err) {
      request.log.error({ err }, 'could not write the operation record');
    }
    return payload;
  });
});
