import type { Queryable } from '../../db/db.js';

export interface ExportRow {
  id: number;
  owner_id: number;
  format: 'xlsx' | 'csv';
  lang: string;
  query: unknown;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress_pct: number;
  file_name: string;
  error_key: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
}

const COLUMNS = `id, owner_id, format, lang, query, state, progress_pct, file_name, error_key, created_at, finished_at,
  expires_at`;

export async function insertExport(
  db: Queryable,
  e: { ownerId: number; format: string; lang: string; query: unknown; fileName: string },
): Promise<ExportRow> {
  const { rows } = await db.query<ExportRow>(
    `INSERT INTO report_exports (owner_id, format, lang, query, file_name) VALUES ($1, $2, $3, $4::jsonb, $5)
     RETURNING ${COLUMNS}`,
    [e.ownerId, e.format, e.lang, JSON.stringify(e.query), e.fileName],
  );
  return rows[0]!;
}

/** The owner's exports that have not expired, newest first (the page finds its running job again after a reload). */
export async function exportsOf(db: Queryable, ownerId: number, limit: number): Promise<ExportRow[]> {
  const { rows } = await db.query<ExportRow>(
    `SELECT ${COLUMNS} FROM report_exports
      WHERE owner_id = $1 AND (expires_at IS NULL OR expires_at > now())
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [ownerId, limit],
  );
  return rows;
}

/** One export of its owner, not expired; another user's answers like a missing one. */
export async function exportOf(db: Queryable, ownerId: number, id: number): Promise<ExportRow | undefined> {
  const { rows } = await db.query<ExportRow>(
    `SELECT ${COLUMNS} FROM report_exports
      WHERE id = $1 AND owner_id = $2 AND (expires_at IS NULL OR expires_at > now())`,
    [id, ownerId],
  );
  return rows[0];
}

/** The finished file of an owner's export. */
export async function exportFile(db: Queryable, ownerId: number, id: number): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ file: Buffer | Uint8Array | null }>(
    `SELECT file FROM report_exports
      WHERE id = $1 AND owner_id = $2 AND state = 'done' AND expires_at > now()`,
    [id, ownerId],
  );
  const file = rows[0]?.file;
  return file ? Buffer.from(file) : undefined;
}

/**
 * Claims the oldest export waiting (or one whose worker died: its claim ran out) for `claimSeconds`, so several job
 * processes never build the same file.
 */
export async function claimExport(
  db: Queryable,
  claimSeconds: number,
): Promise<(ExportRow & { owner_path: string }) | undefined> {
  const { rows } = await db.query<ExportRow & { owner_path: string }>(
    `WITH next AS (
       SELECT id FROM report_exports
        WHERE state = 'queued' OR (state = 'running' AND claimed_until < now())
        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
     )
     UPDATE report_exports e SET state = 'running', progress_pct = 0,
            claimed_until = now() + make_interval(secs => $1)
       FROM next, users u
      WHERE e.id = next.id AND u.id = e.owner_id
     RETURNING e.id, e.owner_id, e.format, e.lang, e.query, e.state, e.progress_pct, e.file_name, e.error_key,
               e.created_at, e.finished_at, e.expires_at, u.path AS owner_path`,
    [claimSeconds],
  );
  return rows[0];
}

export async function setExportProgress(db: Queryable, id: number, pct: number): Promise<void> {
  await db.query(`UPDATE report_exports SET progress_pct = $2 WHERE id = $1 AND state = 'running'`, [id, pct]);
}

export async function finishExport(db: Queryable, id: number, file: Buffer, keepHours: number): Promise<void> {
  await db.query(
    `UPDATE report_exports SET state = 'done', progress_pct = 100, file = $2, finished_at = now(),
            expires_at = now() + make_interval(hours => $3), claimed_until = NULL
      WHERE id = $1`,
    [id, file, keepHours],
  );
}

export async function failExport(db: Queryable, id: number, errorKey: string, keepHours: number): Promise<void> {
  await db.query(
    `UPDATE report_exports SET state = 'failed', error_key = $2, finished_at = now(),
            expires_at = now() + make_interval(hours => $3), claimed_until = NULL
      WHERE id = $1`,
    [id, errorKey, keepHours],
  );
}

/** Deletes expired exports, files and all; returns how many. */
export async function deleteExpiredExports(db: Queryable): Promise<number> {
  const { rows } = await db.query(`DELETE FROM report_exports WHERE expires_at <= now() RETURNING id`);
  return rows.length;
}
