import { storableCopy } from '@voltfleet/domain/validation';
import type { Queryable } from '../db/db.js';

// The operation_records table: one row per audited request, inserted before the handler runs and completed with the
// outcome (platform/audit.ts). Every client-given part is made storable first.

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

/** Changes are values from the object and the client: bounded and with secrets replaced like the parameters. */
const storedChanges = (changes: Record<string, unknown> | null) =>
  changes === null ? null : JSON.stringify(redact(changes));

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
  /** The fields an edit changed, before → after; null when the route did not say (creations, deletions, commands). */
  changes: Record<string, unknown> | null;
  /** Why the server refused the request, in every language (the error's message); null when it did not refuse. */
  refusal: Record<string, string> | null;
  ok: boolean;
  status: number;
  /** The API key the change was made with; null for the browser's session (or no caller). */
  apiKeyId: number | null;
}

/** The refusal's texts are the server's own messages, which may quote client input (a name): bounded like the rest. */
const storedRefusal = (refusal: Record<string, string> | null) =>
  refusal === null ? null : JSON.stringify(storableCopy(refusal));

/** Inserts one record; every client-given part is made storable first. Returns the record's id. */
export async function writeOperationRecord(db: Queryable, r: OperationRecordInput): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO operation_records (user_id, username, user_path, ip, action, category, object_type, object_id, params, ok, status, changes, refusal, api_key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
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
      storedChanges(r.changes),
      storedRefusal(r.refusal),
      r.apiKeyId,
    ],
  );
  return rows[0]!.id;
}

/** Completes a record inserted before the handler ran with the request's outcome. */
export async function completeOperationRecord(db: Queryable, id: string, r: OperationRecordInput): Promise<void> {
  await db.query(
    `UPDATE operation_records
        SET ok = $2, status = $3, object_id = $4, params = $5, user_id = $6, username = $7, user_path = $8,
            changes = $9, refusal = $10
      WHERE id = $1`,
    [
      id,
      r.ok,
      r.status,
      r.objectId === null ? null : storableText(r.objectId, 500),
      JSON.stringify(redact(r.params)),
      r.userId,
      r.username === null ? null : storableText(r.username, 64),
      r.userPath,
      storedChanges(r.changes),
      storedRefusal(r.refusal),
    ],
  );
}
