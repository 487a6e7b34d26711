// The schemas of api-keys.ts: what a user sends to make a key and what the list shows.
import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date.js';
import { ALL_PERMISSION_CODES } from '../permissions.js';
import { trimmedText } from '../validation-schemas.js';
import { API_KEY_ACCESS, API_KEY_MAX_PLANTS } from './api-keys.js';

const plantId = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .positive('validation.invalidValue')
  // A plant id is a database int4: a larger number names no plant and must not reach a query.
  .max(2_147_483_647, 'validation.invalidValue');

export const apiKeyCreateSchema = z.strictObject({
  name: trimmedText(64).pipe(z.string().min(1, 'validation.required')),
  /** The last calendar day the key works (UTC, to its end); at most API_KEY_MAX_DAYS ahead. */
  expiresOn: calendarDateSchema,
  access: z.enum(API_KEY_ACCESS, 'validation.invalidValue'),
  /** Function permissions of the owner the key may use (page and function codes; their parents are implied). */
  permissions: z
    .array(z.enum(ALL_PERMISSION_CODES as [string, ...string[]], 'validation.invalidValue'))
    .min(1, 'validation.required')
    .max(ALL_PERMISSION_CODES.length, 'validation.exceedsLimit'),
  /** null: every plant of the owner's scope, also plants added later; otherwise these plants (each in scope). */
  plantIds: z
    .array(plantId)
    .min(1, 'validation.required')
    .max(API_KEY_MAX_PLANTS, 'validation.exceedsLimit')
    .nullable(),
});

export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as its owner's list shows it; the key itself is shown once, at creation. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`vf_` and a few more), to tell keys apart. */
  shown: z.string(),
  access: z.enum(API_KEY_ACCESS),
  permissions: z.array(z.string()),
  plantIds: z.array(z.number().int()).nullable(),
  /** The plants' names, of those still in the owner's scope. */
  plantNames: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The address of the last call (at most a minute old when the key is in use). */
  lastUsedFrom: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});

export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreatedSchema = apiKeySchema.extend({
  /** The secret, shown once: the server keeps only its hash. */
  key: z.string(),
});

export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
