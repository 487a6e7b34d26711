import { z } from 'zod';
import { SECRET_KEY } from './hostile-input.js';

/** Categories of operation records (what kind of object a change touched). */
export const OPERATION_CATEGORIES = [
  'auth',
  'user',
  'role',
  'plant',
  'device',
  'command',
  'alarm',
  'report',
  'system',
] as const;
export type OperationCategory = (typeof OPERATION_CATEGORIES)[number];

/**
 * What a change did to one field of its object: the value before and after. A field that was set for the first time
 * has no `from`; a record of a creation or deletion keeps its body in `params` instead.
 */
export const fieldChangeSchema = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });
export const fieldChangesSchema = z.record(z.string(), fieldChangeSchema);
export type FieldChanges = z.infer<typeof fieldChangesSchema>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields among `keys` whose values differ between the object before and after a change, with both values, for
 * the operation record (a route computes it from what it read before and what it returns after). Secrets are left
 * out: their change is a fact, their values never are.
 */
export function fieldChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  keys: Iterable<string>,
): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of keys) {
    if (!(key in before) || !(key in after) || sameValue(before[key], after[key])) continue;
    changes[key] = SECRET_KEY.test(key) ? {} : { from: before[key], to: after[key] };
  }
  return changes;
}

export const operationRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string(),
  action: z.string(),
  category: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  /**
   * The object's name (plant name, device serial, user name, role name, rule name…) as it is now, resolved when the
   * list is read, and only for an object the reader may see now: null for an object out of the reader's scope, a
   * deleted one, or one that has no name (the list then says its kind and number).
   */
  objectName: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  /** The fields the change altered, before → after; null on records written before changes were kept, and on actions that edit nothing. */
  changes: fieldChangesSchema.nullable(),
  ok: z.boolean(),
  /**
   * Why the server refused the request, in every language (the message the client heard, kept when the record was
   * written, so it reads in the reader's language later); null for a request that succeeded, or a record older than it.
   */
  refusal: z.object({ zh: z.string(), en: z.string(), cs: z.string(), de: z.string() }).nullable(),
  /** The API key the change was made with (its number in its owner's key list); null for a signed-in session. */
  apiKeyId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type OperationRecord = z.infer<typeof operationRecordSchema>;
