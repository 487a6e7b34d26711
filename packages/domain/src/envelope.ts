import { z } from 'zod';

/** Stable machine words of the response envelope `{ code, msg, data }`. */
export const RESPONSE_CODES = [
  'ok',
  'unauthorized',
  'forbidden',
  'not_found',
  'validation',
  'conflict',
  'rate_limited',
  'error',
  'unavailable',
] as const;
export type ResponseCode = (typeof RESPONSE_CODES)[number];

export const HTTP_STATUS: Record<ResponseCode, number> = {
  ok: 200,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  validation: 400,
  conflict: 409,
  rate_limited: 429,
  error: 500,
  unavailable: 503,
};

/** Wraps a data schema in the envelope, for response schemas. */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.enum(RESPONSE_CODES), msg: z.string(), data });
}

export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
});

/** A page of a list: the items plus the total count across pages. */
export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
