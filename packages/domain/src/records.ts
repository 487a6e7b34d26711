import { z } from 'zod';

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

export const operationRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string(),
  action: z.string(),
  category: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  createdAt: z.string(),
});
export type OperationRecord = z.infer<typeof operationRecordSchema>;

export const operationQuerySchema = z.object({
  category: z.enum(OPERATION_CATEGORIES).optional(),
  username: z.string().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
});
export type OperationQuery = z.infer<typeof operationQuerySchema>;
