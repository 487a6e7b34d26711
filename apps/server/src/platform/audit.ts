import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldChanges } from '@voltfleet/domain/records';
import type { Db } from '../db/db.js';
import {
  completeOperationRecord,
  redact,
  writeOperationRecord,
  type OperationRecordInput,
} from './audit.repository.js';
import { AppError } from './errors.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export { redact };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler when it creates an object, so the record names it. */
    auditObjectId?: string;
    /** Set by a handler when the actor is only known after the fact (login). */
    auditActor?: { id: number; username: string; path: string };
    /**
     * Set by a handler that edits an object: the fields it changed, before → after (domain `fieldChanges`), so the
     * record says what changed and not only what the client sent.
     */
    auditChanges?: FieldChanges;
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
      changes: request.auditChanges ?? null,
      refusal: status >= 400 ? (request.auditRefusal ?? null) : null,
      ok: status > 0 && status < 400,
      status,
      apiKeyId: request.caller?.key?.id ?? null,
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
        await completeOperationRecord(opts.db, request.auditRecordId, record);
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
