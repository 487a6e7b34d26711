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
