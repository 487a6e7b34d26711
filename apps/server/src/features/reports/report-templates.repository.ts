import type { ReportTemplateInput } from '@voltfleet/domain/reports';
import type { Queryable } from '../../db/db.js';

export interface TemplateRow {
  id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  description: string;
  device_ids: number[];
  indices: string[];
  saved_at: Date;
}

const SELECT = `SELECT t.id, t.owner_id, o.username AS owner_name, t.name, t.description, t.device_ids, t.indices,
                       t.saved_at
                  FROM report_templates t JOIN users o ON o.id = t.owner_id`;

/** Templates saved by the caller or anyone below them (`$1` the subtree pattern), newest first. */
export async function templatesInScope(db: Queryable, pattern: string): Promise<TemplateRow[]> {
  return (await db.query<TemplateRow>(`${SELECT} WHERE o.path LIKE $1 ORDER BY t.saved_at DESC, t.id DESC`, [pattern]))
    .rows;
}

/** One template in the subtree, or undefined (another branch's looks exactly like a missing one). */
export async function templateInScope(db: Queryable, pattern: string, id: number): Promise<TemplateRow | undefined> {
  return (await db.query<TemplateRow>(`${SELECT} WHERE o.path LIKE $1 AND t.id = $2`, [pattern, id])).rows[0];
}

export async function insertTemplate(db: Queryable, ownerId: number, t: ReportTemplateInput): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO report_templates (owner_id, name, description, device_ids, indices)
     VALUES ($1, $2, $3, $4::int4[], $5::text[]) RETURNING id`,
    [ownerId, t.name, t.description, [...t.deviceIds], [...t.indices]],
  );
  return rows[0]!.id;
}

/** Replaces the saver's own template; false when it is not theirs (or gone). */
export async function updateTemplate(
  db: Queryable,
  ownerId: number,
  id: number,
  t: ReportTemplateInput,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE report_templates SET name = $3, description = $4, device_ids = $5::int4[], indices = $6::text[],
            saved_at = now()
      WHERE id = $1 AND owner_id = $2 RETURNING id`,
    [id, ownerId, t.name, t.description, [...t.deviceIds], [...t.indices]],
  );
  return rows.length > 0;
}

/** Deletes the saver's own template; false when it is not theirs (or gone). */
export async function deleteTemplate(db: Queryable, ownerId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM report_templates WHERE id = $1 AND owner_id = $2 RETURNING id`, [
    id,
    ownerId,
  ]);
  return rows.length > 0;
}
