// The schemas of messages-inbox.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { pageQuerySchema } from './envelope-schemas.js';
import { MESSAGE_KINDS, MESSAGE_READ_FILTERS, MESSAGE_IDS_MAX } from './messages-inbox.js';

export const messageParamValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export type MessageParams = Record<string, z.infer<typeof messageParamValueSchema>>;

/** One message as the API returns it: times are ISO strings in UTC. */
export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  event: z.string(),
  params: z.record(z.string(), messageParamValueSchema),
  /** A path inside the app the message leads to, or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

export type Message = z.infer<typeof messageSchema>;

const instant = z.iso.datetime({ offset: true, error: 'inbox.time' });

/** GET /api/messages: newest first; `from` inclusive, `to` exclusive (ISO instants the page picks in its zone). */
export const messageListQuerySchema = pageQuerySchema
  .extend({
    kind: z.enum(MESSAGE_KINDS, 'validation.invalidValue').optional(),
    read: z.enum(MESSAGE_READ_FILTERS, 'validation.invalidValue').optional(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'inbox.range',
    path: ['to'],
  });

export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

// Message ids are bigserial; JavaScript numbers hold them exactly up to 2^53.
const messageIdSchema = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

/** POST /api/messages/read and /api/messages/delete: the caller's own messages, 1 to MESSAGE_IDS_MAX of them. */
export const messageIdsSchema = z.strictObject(
  {
    ids: z.array(messageIdSchema, 'validation.required').min(1, 'inbox.ids').max(MESSAGE_IDS_MAX, 'inbox.ids'),
  },
  { error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? 'validation.required' : undefined) },
);

export type MessageIds = z.infer<typeof messageIdsSchema>;

/** POST /api/messages/read-all: every unread message of the caller, or of one kind. */
export const messageReadAllSchema = z.strictObject(
  { kind: z.enum(MESSAGE_KINDS, 'validation.invalidValue').optional() },
  { error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? 'validation.required' : undefined) },
);

export type MessageReadAll = z.infer<typeof messageReadAllSchema>;

export const messageCountSchema = z.object({ count: z.number().int() });

export const messageChangedSchema = z.object({ changed: z.number().int() });
