import {
  REPORT_EXPORT_KEEP_HOURS,
  reportQuerySchema,
  type ReportExportInput,
  type ReportExportJob,
} from '@voltfleet/domain/reports';
import { normaliseLang, translate, type Lang } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { buildReport, checkReportQuery } from './report-data.service.js';
import { reportFile } from './report-file.js';
import {
  claimExport,
  deleteExpiredExports,
  exportFile,
  exportOf,
  exportsOf,
  failExport,
  finishExport,
  insertExport,
  setExportProgress,
  type ExportRow,
} from './report-exports.repository.js';

/** How long a worker holds a claimed export before another may take it over (it died). */
const CLAIM_SECONDS = 300;
/** How many of a user's exports the page lists. */
const LIST_LIMIT = 10;

export const exportNotFound = () => new AppError('not_found', 'report.exportNotFound');

function toJob(row: ExportRow, lang: Lang): ReportExportJob {
  return {
    id: row.id,
    format: row.format,
    state: row.state,
    progressPct: row.progress_pct,
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    error: row.error_key ? translate(row.error_key, lang) : null,
  };
}

/**
 * Queues an export of what data selection shows. The selection is checked now (template and devices in scope,
 * indices fit the period), so a mistake is a 400/404 at once rather than a failed job later.
 */
export async function createExport(
  db: Queryable,
  caller: Caller,
  input: ReportExportInput,
  lang: Lang,
): Promise<ReportExportJob> {
  await checkReportQuery(db, caller, input.query);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const row = await insertExport(db, {
    ownerId: caller.id,
    format: input.format,
    lang,
    query: input.query,
    fileName: `report-${stamp}.${input.format}`,
  });
  return toJob(row, lang);
}

/** The caller's own exports that have not expired, newest first. */
export async function listExports(db: Queryable, caller: Caller, lang: Lang): Promise<ReportExportJob[]> {
  return (await exportsOf(db, caller.id, LIST_LIMIT)).map((row) => toJob(row, lang));
}

export async function getExport(db: Queryable, caller: Caller, id: number, lang: Lang): Promise<ReportExportJob> {
  const row = await exportOf(db, caller.id, id);
  if (!row) throw exportNotFound();
  return toJob(row, lang);
}

/** The finished file, for its owner only; anyone else (or an expired file) gets "not found". */
export async function downloadExport(db: Queryable, caller: Caller, id: number) {
  const row = await exportOf(db, caller.id, id);
  if (!row) throw exportNotFound();
  if (row.state !== 'done') throw new AppError('conflict', 'report.exportNotReady');
  const file = await exportFile(db, caller.id, id);
  if (!file) throw exportNotFound();
  return { file, fileName: row.file_name, format: row.format };
}

/**
 * One round of the export worker: deletes expired files, then builds every waiting export one by one, in the owner's
 * scope as it is now, reporting progress per device. Returns how many it finished.
 */
export async function runExportRound(db: Queryable, log?: { error(obj: object, msg: string): void }): Promise<number> {
  await deleteExpiredExports(db);
  let done = 0;
  for (let row = await claimExport(db, CLAIM_SECONDS); row; row = await claimExport(db, CLAIM_SECONDS)) {
    const lang: Lang = normaliseLang(row.lang) ?? 'en';
    const owner = { id: row.owner_id, path: row.owner_path };
    try {
      const query = reportQuerySchema.parse(row.query);
      const report = await buildReport(db, owner, query, Date.now(), (pct) => setExportProgress(db, row.id, pct));
      await finishExport(db, row.id, await reportFile(report, row.format, lang), REPORT_EXPORT_KEEP_HOURS);
      done += 1;
    } catch (err) {
      // A selection that no longer holds (a device left the scope) or a broken row: the owner sees it failed.
      log?.error({ err, exportId: row.id }, 'report export failed');
      const key =
        err instanceof AppError && err.messageKey !== 'error.validation' ? err.messageKey : 'report.exportFailed';
      await failExport(db, row.id, key, REPORT_EXPORT_KEEP_HOURS);
    }
  }
  return done;
}
