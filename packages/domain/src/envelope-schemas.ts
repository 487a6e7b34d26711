// The schemas of envelope.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { RESPONSE_CODES } from './envelope.js';

/** Wraps a data schema in the envelope, for response schemas. */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.enum(RESPONSE_CODES), msg: z.string(), data });
}

/** A page of a list: the items plus the total count across pages. */
export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
});
