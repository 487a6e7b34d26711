import type { OperationCategory } from './records.js';
import type { MessageKey } from './i18n/catalogue.js';

/**
 * The words of the two record lists' filters and exports, as catalogue keys (the `recordLabels` namespace): one owner for the page (which loads
 * them with its own chunk, never with the shell) and the server's files.
 */

/** The categories of operation records, as the list, its filter and its export name them. */
export const OPERATION_CATEGORY_NAMES = {
  auth: 'recordCategory.auth',
  user: 'recordCategory.user',
  role: 'recordCategory.role',
  plant: 'recordCategory.plant',
  device: 'recordCategory.device',
  command: 'recordCategory.command',
  alarm: 'recordCategory.alarm',
  report: 'recordCategory.report',
  system: 'recordCategory.system',
} as const satisfies { readonly [C in OperationCategory]: MessageKey };

/** Filter labels and the export's words of both record pages. */
export const RECORD_FILTER_WORDS = {
  user: 'recordFilter.user',
  allUsers: 'recordFilter.allUsers',
  category: 'recordFilter.category',
  allCategories: 'recordFilter.allCategories',
  objectType: 'recordFilter.objectType',
  allObjectTypes: 'recordFilter.allObjectTypes',
  object: 'recordFilter.object',
  ip: 'recordFilter.ip',
  timeRange: 'recordFilter.timeRange',
  exportXlsx: 'recordFilter.exportXlsx',
  exportCsv: 'recordFilter.exportCsv',
  exportCap: 'recordFilter.exportCap',
} as const satisfies Record<string, MessageKey>;

type Column<K extends string> = { key: K; label: MessageKey };

/** Columns of the operation records export, in sheet order. */
export const OPERATION_EXPORT_COLUMNS = [
  { key: 'time', label: 'recordExport.operation.time' },
  { key: 'user', label: 'recordFilter.user' },
  { key: 'ip', label: 'recordFilter.ip' },
  { key: 'action', label: 'recordExport.operation.action' },
  { key: 'category', label: 'recordFilter.category' },
  { key: 'objectType', label: 'recordFilter.objectType' },
  { key: 'object', label: 'recordExport.operation.object' },
  { key: 'objectId', label: 'recordExport.operation.objectId' },
  { key: 'result', label: 'recordExport.operation.result' },
  { key: 'details', label: 'recordExport.operation.details' },
] as const satisfies readonly Column<string>[];
export type OperationExportColumn = (typeof OPERATION_EXPORT_COLUMNS)[number]['key'];

/** Columns of the control records export, in sheet order. */
export const CONTROL_EXPORT_COLUMNS = [
  { key: 'time', label: 'recordExport.control.time' },
  { key: 'user', label: 'recordFilter.user' },
  { key: 'ip', label: 'recordFilter.ip' },
  { key: 'kind', label: 'recordExport.control.kind' },
  { key: 'category', label: 'recordFilter.category' },
  { key: 'device', label: 'recordExport.control.device' },
  { key: 'plant', label: 'recordExport.control.plant' },
  { key: 'parameters', label: 'recordExport.control.parameters' },
  { key: 'status', label: 'recordExport.control.status' },
  { key: 'reason', label: 'recordExport.control.reason' },
  { key: 'finished', label: 'recordExport.control.finished' },
] as const satisfies readonly Column<string>[];
export type ControlExportColumn = (typeof CONTROL_EXPORT_COLUMNS)[number]['key'];

/** The sheet of each export. */
export const OPERATION_EXPORT_SHEET = 'recordExport.operationSheet';
export const CONTROL_EXPORT_SHEET = 'recordExport.controlSheet';

/** Outcome words of an operation record in the export (the page shows them as tags). */
export const RECORD_RESULT_NAMES = {
  ok: 'recordResult.ok',
  failed: 'recordResult.failed',
} as const satisfies Record<string, MessageKey>;

/** The statuses of a command in every language (the page and the export). */
export const COMMAND_STATUS_NAMES = {
  queued: 'commandStatus.queued',
  sent: 'commandStatus.sent',
  acknowledged: 'commandStatus.acknowledged',
  succeeded: 'commandStatus.succeeded',
  failed: 'commandStatus.failed',
  timed_out: 'commandStatus.timed_out',
  expired: 'commandStatus.expired',
} as const satisfies Record<string, MessageKey>;

/** The categories of commands (the control records, their filter and export, the command form). */
export const COMMAND_CATEGORY_NAMES = {
  remote: 'commandCategory.remote',
  parameter: 'commandCategory.parameter',
  firmware: 'commandCategory.firmware',
} as const satisfies Record<string, MessageKey>;
