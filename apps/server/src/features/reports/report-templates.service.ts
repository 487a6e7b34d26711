import type { ReportTemplate, ReportTemplateInput } from '@voltfleet/domain/reports';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { devicesInScope } from './report-devices.repository.js';
import {
  deleteTemplate,
  insertTemplate,
  templateInScope,
  templatesInScope,
  updateTemplate,
  type TemplateRow,
} from './report-templates.repository.js';

export const templateNotFound = () => new AppError('not_found', 'report.templateNotFound');

/** The rows as the list shows them: each template's devices that are still in the caller's scope. */
async function toTemplates(db: Queryable, caller: Caller, rows: readonly TemplateRow[]): Promise<ReportTemplate[]> {
  const ids = [...new Set(rows.flatMap((r) => r.device_ids))];
  const devices = new Map(
    (await devicesInScope(db, subtreePattern(caller), caller.id, ids)).map((d) => [
      d.id,
      { id: d.id, sn: d.sn, plantName: d.plant_name, timeZone: d.time_zone },
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    devices: r.device_ids.flatMap((id) => devices.get(id) ?? []),
    indices: r.indices,
    saverId: r.owner_id,
    saverName: r.owner_name,
    savedAt: r.saved_at.toISOString(),
    mine: r.owner_id === caller.id,
  }));
}

/** Templates saved by the caller and their subordinates, newest first. */
export async function listTemplates(db: Queryable, caller: Caller): Promise<ReportTemplate[]> {
  return toTemplates(db, caller, await templatesInScope(db, subtreePattern(caller)));
}

/** One template of the subtree; another branch's answers like a missing one. */
export async function getTemplate(db: Queryable, caller: Caller, id: number): Promise<ReportTemplate> {
  const row = await templateInScope(db, subtreePattern(caller), id);
  if (!row) throw templateNotFound();
  return (await toTemplates(db, caller, [row]))[0]!;
}

/** Every device of a template must be the caller's to name: one outside the scope is "not found", nothing saved. */
async function requireDevices(db: Queryable, caller: Caller, input: ReportTemplateInput): Promise<void> {
  const found = await devicesInScope(db, subtreePattern(caller), caller.id, input.deviceIds);
  if (found.length !== input.deviceIds.length) throw new AppError('not_found', 'report.deviceNotFound');
}

export async function createTemplate(db: Queryable, caller: Caller, input: ReportTemplateInput) {
  await requireDevices(db, caller, input);
  return getTemplate(db, caller, await insertTemplate(db, caller.id, input));
}

/**
 * Replaces a template the caller saved. A subordinate's template is visible but not the caller's to change: it
 * answers "not found" like one of another branch, so nothing tells the two apart.
 */
export async function editTemplate(db: Queryable, caller: Caller, id: number, input: ReportTemplateInput) {
  await requireDevices(db, caller, input);
  if (!(await updateTemplate(db, caller.id, id, input))) throw templateNotFound();
  return getTemplate(db, caller, id);
}

export async function removeTemplate(db: Queryable, caller: Caller, id: number): Promise<void> {
  if (!(await deleteTemplate(db, caller.id, id))) throw templateNotFound();
}
