import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/**
 * In-app messages (R2.19, R2.12: the Alarm Center's "message management", the shell's "notifications"): what happened to
 * the user's alarms, commands, upgrades and work orders, and system notices. A message stores what it is about
 * (kind, event, parameters), never words: the page renders `inbox.<kind>.<event>` in the reader's language.
 */
export const MESSAGE_KINDS = ['alarm', 'command', 'upgrade', 'workorder', 'notice'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The events of each kind, as callers post them (the page has words for each). */
export const MESSAGE_EVENTS = {
  alarm: ['raised', 'flapping', 'recovered'],
  // `batch`: one message for a command to several devices, once all have settled (counts per final state).
  command: ['succeeded', 'failed', 'timed_out', 'expired', 'batch'],
  upgrade: ['succeeded', 'failed'],
  workorder: ['assigned', 'stateChanged', 'commented'],
  notice: ['published'],
} as const satisfies Record<MessageKind, readonly string[]>;

export const MESSAGE_READ_FILTERS = ['unread', 'read'] as const;
export type MessageReadFilter = (typeof MESSAGE_READ_FILTERS)[number];

/** Most messages one mark-read or delete names: a page of the list at its largest size. */
export const MESSAGE_IDS_MAX = 200;
/** The bell's popover shows this many of the newest unread messages. */
export const MESSAGE_BELL_LATEST = 5;

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

/** The live event that tells one user's tabs their unread count changed (sent to that user only). */
export interface UnreadLiveMessage {
  type: 'unread';
  count: number;
}
