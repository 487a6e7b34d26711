import { LANGUAGES } from '@voltfleet/domain/i18n';
import {
  type OperationFilter,
  type OperationQuery,
  type OperationRecord,
  type RecordObjectFilter,
} from '@voltfleet/domain/records';
import type { Queryable } from '../../db/db.js';
import { deviceInScope, plantInScope } from '../../platform/scope.js';

interface RecordRow {
  id: string;
  user_id: number | null;
  username: string | null;
  ip: string;
  action: string;
  category: string;
  object_type: string;
  object_id: string | null;
  object_name: string | null;
  params: unknown;
  changes: unknown;
  refusal: unknown;
  ok: boolean;
  api_key_id: number | null;
  created_at: Date;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const isRefusal = (v: unknown): v is NonNullable<OperationRecord['refusal']> =>
  isPlainObject(v) && LANGUAGES.every((l) => typeof v[l] === 'string');

export const toRecord = (r: RecordRow): OperationRecord => ({
  id: Number(r.id),
  userId: r.user_id,
  username: r.username,
  ip: r.ip,
  action: r.action,
  category: r.category,
  objectType: r.object_type,
  objectId: r.object_id,
  objectName: r.object_name,
  // Records are stored as objects (platform/audit.ts); one written otherwise (before that rule) is shown wrapped
  // rather than failing the whole page.
  params: isPlainObject(r.params) ? r.params : { body: r.params },
  changes: isPlainObject(r.changes) ? (r.changes as OperationRecord['changes']) : null,
  ok: r.ok,
  refusal: isRefusal(r.refusal) ? r.refusal : null,
  apiKeyId: r.api_key_id,
  createdAt: r.created_at.toISOString(),
});

/**
 * The name of a record's object as it is now, for the reader ($1 their subtree pattern, `idParam` their id), resolved only
 * when the reader may see the object now by the rule its own list uses: a plant or device in scope, a user in the
 * subtree, a role the role list shows, a rule or work order of someone in the subtree. Otherwise (out of scope,
 * deleted, nameless) null, and the list names the object by its kind and number: a record of a subordinate's change
 * to something the reader cannot see says that it happened, never what the thing is called now. Firmware images and
 * upgrade notices are one catalogue everyone reads, named by version. Device records of commands and online reading
 * hold serial numbers (several, comma-separated): those in scope are named. A refused command has no serials (the
 * handler never chose its devices): the devices its request named by id are, those in scope.
 */
const objectName = (idParam: number) => `CASE
    WHEN r.object_type IN ('plant', 'plantScript') THEN
      (SELECT p.name FROM plants p WHERE p.id = k.oid AND ${plantInScope('p', 1, idParam)})
    WHEN r.object_type = 'user' THEN
      (SELECT u.username FROM users u WHERE u.id = k.oid AND u.path LIKE $1)
    WHEN r.object_type = 'role' THEN
      (SELECT ro.name FROM roles ro LEFT JOIN users rc ON rc.id = ro.creator_id WHERE ro.id = k.oid
          AND (ro.builtin_key IS NOT NULL OR rc.path LIKE $1 OR ro.id = (SELECT me.role_id FROM users me WHERE me.id = $${idParam})))
    WHEN r.object_type = 'device' AND k.oid IS NOT NULL THEN
      (SELECT d.sn FROM devices d WHERE d.id = k.oid AND ${deviceInScope('d', 1, idParam)})
    WHEN r.object_type = 'device' AND r.object_id IS NOT NULL THEN
      (SELECT string_agg(d.sn, ', ' ORDER BY d.sn) FROM devices d
        WHERE d.sn = ANY (string_to_array(r.object_id, ',')) AND ${deviceInScope('d', 1, idParam)})
    WHEN r.object_type = 'device' AND jsonb_typeof(r.params -> 'deviceIds') = 'array' THEN
      (SELECT string_agg(d.sn, ', ' ORDER BY d.sn) FROM devices d
        WHERE d.id::text IN (SELECT jsonb_array_elements_text(r.params -> 'deviceIds'))
          AND ${deviceInScope('d', 1, idParam)})
    WHEN r.object_type = 'notificationRule' THEN
      (SELECT nr.name FROM notification_rules nr JOIN users o ON o.id = nr.owner_id WHERE nr.id = k.oid AND o.path LIKE $1)
    WHEN r.object_type = 'workOrder' THEN
      (SELECT w.title FROM work_orders w JOIN users wc ON wc.id = w.creator_id
        WHERE w.id = k.oid AND (wc.path LIKE $1 OR w.assignee_id = $${idParam}))
    WHEN r.object_type = 'firmware' THEN
      (SELECT f.kind || ' ' || f.version || ' (' || f.family || ')' FROM firmware_images f WHERE f.id = k.oid)
    WHEN r.object_type = 'notice' THEN (SELECT n.version FROM upgrade_notices n WHERE n.id = k.oid)
    WHEN r.object_type = 'reportTemplate' THEN
      (SELECT t.name FROM report_templates t JOIN users o ON o.id = t.owner_id WHERE t.id = k.oid AND o.path LIKE $1)
    WHEN r.object_type = 'kioskLink' THEN
      (SELECT kl.name FROM kiosk_links kl JOIN users o ON o.id = kl.owner_id WHERE kl.id = k.oid AND o.path LIKE $1)
    WHEN r.object_type = 'webhook' THEN
      (SELECT ws.url FROM webhook_subscriptions ws JOIN users o ON o.id = ws.owner_id
        WHERE ws.id = k.oid AND o.path LIKE $1)
    WHEN r.object_type = 'apiKey' THEN
      (SELECT ak.name FROM api_keys ak JOIN users o ON o.id = ak.owner_id WHERE ak.id = k.oid AND o.path LIKE $1)
  END`;

/** The record's object id as a number when it is one (most are; commands hold serial numbers, imports a summary). */
const OBJECT_KEY = `CROSS JOIN LATERAL (SELECT CASE WHEN r.object_id ~ '^[0-9]{1,9}$' THEN r.object_id::int END AS oid) k`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Object types each filter finds: a plant's script records name the plant. */
const OBJECT_TYPES: Record<RecordObjectFilter, readonly string[]> = {
  plant: ['plant', 'plantScript'],
  device: ['device'],
  user: ['user'],
  role: ['role'],
  alarm: ['alarm'],
  notificationRule: ['notificationRule'],
  firmware: ['firmware'],
  notice: ['notice'],
  message: ['message'],
  workOrder: ['workOrder'],
};

/**
 * The WHERE of the caller's records ($1 subtree pattern) under the filters. The object filter matches
 * the object's id exactly or a part of its name as the reader may see it now (OBJECT_NAME): a name out of the
 * reader's sight is never searched, so the filter cannot tell what a hidden object is called.
 */
function recordFilter(reader: { pattern: string; callerId: number }, q: OperationFilter) {
  const params: (string | number | string[])[] = [reader.pattern];
  const where = ['r.user_path LIKE $1'];
  const add = (sql: (i: number) => string, value: string | number | string[]) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (q.category) add((i) => `r.category = $${i}`, q.category);
  if (q.userId) add((i) => `r.user_id = $${i}`, q.userId);
  if (q.username) add((i) => `r.username ILIKE $${i}`, `%${escapeLike(q.username)}%`);
  if (q.objectType) add((i) => `r.object_type = ANY($${i}::text[])`, [...OBJECT_TYPES[q.objectType]]);
  if (q.object) {
    params.push(q.object, `%${escapeLike(q.object)}%`, reader.callerId);
    const n = params.length;
    where.push(`(lower(r.object_id) = lower($${n - 2}) OR (${objectName(n)}) ILIKE $${n - 1})`);
  }
  if (q.ip) add((i) => `r.ip = $${i}`, q.ip);
  if (q.from) add((i) => `r.created_at >= $${i}`, q.from);
  if (q.to) add((i) => `r.created_at <= $${i}`, q.to);
  return { params, filter: where.join(' AND ') };
}

/** The columns of a record, its object named for the reader whose id is parameter `readerParam`. */
const recordColumns = (readerParam: number) => `r.id, r.user_id, r.username, r.ip, r.action, r.category,
  r.object_type, r.object_id, r.params, r.changes, r.refusal, r.ok, r.api_key_id, r.created_at, ${objectName(readerParam)} AS object_name`;

/**
 * One page of the operation records of the caller's subtree (`pattern`), newest first, with the total; objects are
 * named for the caller (`callerId`) as OBJECT_NAME says.
 */
export async function listOperationRecords(
  db: Queryable,
  reader: { pattern: string; callerId: number },
  q: OperationQuery,
): Promise<{ items: OperationRecord[]; total: number }> {
  const { params, filter } = recordFilter(reader, q);
  const total = await countOperationRecords(db, reader, q);
  const { rows } = await db.query<RecordRow>(
    `SELECT ${recordColumns(params.length + 1)} FROM operation_records r ${OBJECT_KEY}
      WHERE ${filter} ORDER BY r.created_at DESC, r.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    [...params, reader.callerId],
  );
  return { items: rows.map(toRecord), total };
}

/** How many records the filters select in the caller's subtree. */
export async function countOperationRecords(
  db: Queryable,
  reader: { pattern: string; callerId: number },
  q: OperationFilter,
): Promise<number> {
  const { params, filter } = recordFilter(reader, q);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM operation_records r ${OBJECT_KEY} WHERE ${filter}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/** At most `limit` of the selected records, newest first, for an export (the caller counts them first). */
export async function operationRecordsForExport(
  db: Queryable,
  reader: { pattern: string; callerId: number },
  q: OperationFilter,
  limit: number,
): Promise<OperationRecord[]> {
  const { params, filter } = recordFilter(reader, q);
  const { rows } = await db.query<RecordRow>(
    `SELECT ${recordColumns(params.length + 1)} FROM operation_records r ${OBJECT_KEY}
      WHERE ${filter} ORDER BY r.created_at DESC, r.id DESC LIMIT ${Math.floor(limit)}`,
    [...params, reader.callerId],
  );
  return rows.map(toRecord);
}
