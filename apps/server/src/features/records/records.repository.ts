import type { OperationQuery, OperationRecord } from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';

interface RecordRow {
  id: string;
  user_id: number | null;
  username: string | null;
  ip: string;
  action: string;
  category: string;
  object_type: string;
  object_id: string | null;
  params: unknown;
  ok: boolean;
  created_at: Date;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export const toRecord = (r: RecordRow): OperationRecord => ({
  id: Number(r.id),
  userId: r.user_id,
  username: r.username,
  ip: r.ip,
  action: r.action,
  category: r.category,
  objectType: r.object_type,
  objectId: r.object_id,
  // Records are stored as objects (platform/audit.ts); one written otherwise (before that rule) is shown wrapped
  // rather than failing the whole page.
  params: isPlainObject(r.params) ? r.params : { body: r.params },
  ok: r.ok,
  createdAt: r.created_at.toISOString(),
});

/** One page of the operation records under `pattern` (the caller's subtree), newest first, with the total. */
export async function listOperationRecords(
  db: Queryable,
  pattern: string,
  q: OperationQuery,
): Promise<{ items: OperationRecord[]; total: number }> {
  const params: (string | number)[] = [pattern];
  const where = ['user_path LIKE $1'];
  const add = (sql: string, value: string | number) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.category) add('category = ?', q.category);
  if (q.username) add('username ILIKE ?', `%${q.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.from) add('created_at >= ?', q.from);
  if (q.to) add('created_at <= ?', q.to);
  const filter = where.join(' AND ');
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operation_records WHERE ${filter}`, params)).rows[0]
      ?.n ?? 0;
  const { rows } = await db.query<RecordRow>(
    `SELECT id, user_id, username, ip, action, category, object_type, object_id, params, ok, created_at
       FROM operation_records WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    params,
  );
  return { items: rows.map(toRecord), total };
}
