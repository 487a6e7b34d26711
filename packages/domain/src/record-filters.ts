import { z } from 'zod';
import { COMMAND_STATUSES } from './command-lifecycle.js';
import { COMMAND_CATEGORIES, COMMAND_KINDS } from './commands.js';
import { timeZoneSchema } from './calendar-date.js';
import { OPERATION_CATEGORIES } from './records.js';

/**
 * The filters of the two record lists (issue 16): operation records (D/D) and control records (D/C), the same
 * filters for the page and for its export. Texts are trimmed and short; an address must be an IPv4 or IPv6 address;
 * times are ISO instants the page picks in its zone, `from` inclusive, `to` inclusive, never `from` after `to`.
 * NUL bytes and lone surrogates never reach here (the server refuses them in every query, hostile-input.ts).
 */

const instant = z.iso.datetime({ offset: true, error: 'records.time' });
const text = (max: number) => z.string('validation.invalidValue').trim().max(max, 'validation.tooLong');
/** An exact client address as the server records it (`request.ip`). */
const ipAddress = z.union([z.ipv4(), z.ipv6()], 'records.ip');
const userId = z.coerce
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(1, 'validation.invalidValue')
  .max(2_147_483_647, 'validation.invalidValue');

const page = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
};

const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const RANGE_ISSUE = { message: 'records.range', path: ['to'] };

/**
 * The kinds of object an operation record may be filtered by ("Plant" also finds the records of a plant's script:
 * the table names both the plant).
 */
export const RECORD_OBJECT_FILTERS = [
  'plant',
  'device',
  'user',
  'role',
  'alarm',
  'notificationRule',
  'firmware',
  'notice',
  'message',
  'workOrder',
] as const;
export type RecordObjectFilter = (typeof RECORD_OBJECT_FILTERS)[number];

const operationFilterShape = {
  category: z.enum(OPERATION_CATEGORIES, 'validation.invalidValue').optional(),
  /** The acting user, one of the caller's subtree (the picker lists them). */
  userId: userId.optional(),
  /** Part of the acting user's name (older links and the API). */
  username: text(64).optional(),
  objectType: z.enum(RECORD_OBJECT_FILTERS, 'validation.invalidValue').optional(),
  /** The object's id exactly, or part of its name as the reader may see it now. */
  object: text(64).optional(),
  ip: ipAddress.optional(),
  from: instant.optional(),
  to: instant.optional(),
};

export const operationQuerySchema = z.object({ ...operationFilterShape, ...page }).refine(rangeInOrder, RANGE_ISSUE);
export type OperationQuery = z.infer<typeof operationQuerySchema>;
export type OperationFilter = Omit<OperationQuery, 'page' | 'pageSize'>;

/** The kinds of object a control record may be filtered by: the device commanded, or its plant. */
export const CONTROL_OBJECT_FILTERS = ['device', 'plant'] as const;
export type ControlObjectFilter = (typeof CONTROL_OBJECT_FILTERS)[number];

const controlFilterShape = {
  userId: userId.optional(),
  /** Part of the sending user's name (older links and the API). */
  user: text(64).optional(),
  category: z.enum(COMMAND_CATEGORIES, 'validation.invalidValue').optional(),
  kind: z.enum(COMMAND_KINDS, 'validation.invalidValue').optional(),
  status: z.enum(COMMAND_STATUSES, 'validation.invalidValue').optional(),
  objectType: z.enum(CONTROL_OBJECT_FILTERS, 'validation.invalidValue').optional(),
  /** The device's serial number or id, or its plant's name or id (part of a name or serial number finds it). */
  object: text(64).optional(),
  ip: ipAddress.optional(),
  from: instant.optional(),
  to: instant.optional(),
};

export const controlRecordQuerySchema = z.object({ ...controlFilterShape, ...page }).refine(rangeInOrder, RANGE_ISSUE);
export type ControlRecordQuery = z.infer<typeof controlRecordQuerySchema>;
export type ControlRecordFilter = Omit<ControlRecordQuery, 'page' | 'pageSize'>;

export const RECORD_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type RecordExportFormat = (typeof RECORD_EXPORT_FORMATS)[number];
/** Most rows one export of either record list may hold; a larger selection is refused with a message to narrow it. */
export const RECORD_EXPORT_MAX_ROWS = 50_000;

const exportShape = {
  format: z.enum(RECORD_EXPORT_FORMATS, 'validation.invalidValue').default('xlsx'),
  /** The viewer's zone: the file's times are its wall clock, the offset in the time column's header. */
  timeZone: timeZoneSchema.default('UTC'),
};

export const operationExportQuerySchema = z
  .object({ ...operationFilterShape, ...exportShape })
  .refine(rangeInOrder, RANGE_ISSUE);
export type OperationExportQuery = z.infer<typeof operationExportQuerySchema>;

export const controlExportQuerySchema = z
  .object({ ...controlFilterShape, ...exportShape })
  .refine(rangeInOrder, RANGE_ISSUE);
export type ControlExportQuery = z.infer<typeof controlExportQuerySchema>;

/** A user the record filters offer: the caller and everyone below them. */
export const recordUserSchema = z.object({ id: z.number().int(), username: z.string() });
export type RecordUser = z.infer<typeof recordUserSchema>;
