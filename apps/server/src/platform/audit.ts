import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { storableCopy } from '@voltfleet/domain';
import type { Db, Queryable } from '../db/db.js';
import { AppError } from './errors.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Copies a request body for the record: secrets replaced, bounded in depth and size, unsafe text made visible as
 * U+FFFD, and always an object (a non-object body is kept as `{ body: … }`), so the record can always be stored and
 * the records list can always read it, whatever the client sent.
 */
export const redact = (value: unknown): Record<string, unknown> => storableCopy(value);

/** A text column value from anything: bounded, without NUL or lone surrogates (which PostgreSQL text refuses). */
const storableText = (value: string, max: number) => {
  const copy = storableCopy({ v: value.slice(0, max) }).v;
  return typeof copy === 'string' ? copy : '';
};

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

/** Inserts one record; every client-given part is made storable first. Returns the record's id. */
export async function writeOperationRecord(db: Queryable, r: OperationRecordInput): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO operation_records (user_id, username, user_path, ip, action, category, object_type, object_id, params, ok, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      r.userId,
      r.username === null ? null : storableText(r.username, 64),
      r.userPath,
      storableText(r.ip, 64),
      storableText(r.action, 200),
      r.category,
      r.objectType,
      r.objectId === null ? null : storableText(r.objectId, 500),
      JSON.stringify(redact(r.params)),
      r.ok,
      r.status,
    ],
  );
  return rows[0]!.id;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler when it creates an object, so the record names it. */
    auditObjectId?: string;
    /** Set by a handler when the actor is only known after the fact (login). */
    auditActor?: { id: number; username: string; path: string };
    /** The record written before the handler ran; onSend completes it with the outcome. */
    auditRecordId?: string;
  }
}

/** Status of a record whose change was attempted but whose outcome could not be written (see below). */
export const OUTCOME_UNKNOWN_STATUS = 0;

/**
 * Every mutating API request leaves an operation record: who, from where, what, on which object, and the outcome.
 * A read route with an audit config (an export that takes data away) is recorded too, with its query as parameters.
 *
 * A request that reaches its handler has its record written first (preHandler): if the record cannot be stored the
 * handler never runs and the client hears 503 with nothing changed, so no change exists without its record. The
 * outcome (status, object, actor, the handler's view of the parameters) is filled in just before the answer is sent
 * (onSend); until then the record reads status 0, "outcome unknown". A request refused before its handler (no
 * session, no permission, invalid body) is recorded in onSend alone: nothing was changed, so nothing waits for it.
 */
export const auditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const audited = (request: FastifyRequest) =>
    (MUTATING.has(request.method) || Boolean(request.routeOptions.config.audit)) && request.url.startsWith('/api/');

  const describe = (request: FastifyRequest, status: number) => {
    const audit = request.routeOptions.config.audit;
    const actor =
      request.auditActor ??
      (request.caller ? { id: request.caller.id, username: request.caller.username, path: request.caller.path } : null);
    const params = request.params as Record<string, unknown> | undefined;
    const input: unknown = MUTATING.has(request.method) ? request.body : request.query;
    const claimed = input && typeof input === 'object' ? (input as { username?: unknown }).username : undefined;
    const pathId = typeof params?.id === 'string' || typeof params?.id === 'number' ? String(params.id) : null;
    return {
      userId: actor?.id ?? null,
      username: actor?.username ?? (typeof claimed === 'string' ? claimed : null),
      userPath: actor?.path ?? null,
      ip: request.ip,
      action: audit?.action ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
      category: audit?.category ?? 'system',
      objectType: audit?.objectType ?? '',
      objectId: request.auditObjectId ?? pathId,
      params: input ?? {},
      ok: status > 0 && status < 400,
      status,
    } satisfies OperationRecordInput;
  };

  app.addHook('preHandler', async (request) => {
    if (!audited(request) || !request.routeOptions.url) return;
    try {
      request.auditRecordId = await writeOperationRecord(opts.db, describe(request, OUTCOME_UNKNOWN_STATUS));
    } catch (err) {
      request.log.error({ err }, 'could not write the operation record; the request is refused unhandled');
      throw new AppError('unavailable', 'error.auditUnavailable');
    }
  });

  // onSend, not onResponse: the record is complete before the client hears the outcome, so a caller reading the
  // records right after sees it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!audited(request)) return payload;
    if (reply.statusCode === 404 && !request.routeOptions.url) return payload; // no such route: nothing was attempted
    const record = describe(request, reply.statusCode);
    try {
      if (request.auditRecordId) {
        await opts.db.query(
          `UPDATE operation_records
              SET ok = $2, status = $3, object_id = $4, params = $5, user_id = $6, username = $7, user_path = $8
            WHERE id = $1`,
          [
            request.auditRecordId,
            record.ok,
            record.status,
            record.objectId === null ? null : storableText(record.objectId, 500),
            JSON.stringify(redact(record.params)),
            record.userId,
            record.username === null ? null : storableText(record.username, 64),
            record.userPath,
          ],
        );
      } else {
        await writeOperationRecord(opts.db, record);
      }
    } catch (err) {
      // The record written before the handler stays (outcome unknown); a refused request's record is lost only
      // when the database itself fails, which is logged.
      request.log.error({ err }, 'could not complete the operation record');
    }
    return payload;
  });
});
