import { z } from 'zod';
import { IMAGE_TYPES, type ImageType } from '../images.js';
import { paged, pageQuerySchema } from '../envelope-schemas.js';
import { safeText } from '../hostile-input.js';
import { isNoticeDate } from '../notices.js';
import { WORK_ORDER_LIMITS } from './work-order-limits.js';
import { WORK_ORDER_STATES, WORK_ORDER_TRANSITIONS } from './work-order-states.js';

/**
 * Work orders (R1.2, shell entry "work orders"): a job on a plant, device or alarm, assigned to a user in scope,
 * followed through its life cycle (work-order-states.ts) with comments, images and a full history. This file is the
 * contract: the server validates with it, the page's form checks with it.
 */
export const WORK_ORDER_TYPES = ['faultRepair', 'maintenance', 'installation', 'other'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];
export const WORK_ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** What an accepted image is stored and served as: its own format, re-encoded. */
export const WORK_ORDER_IMAGE_TYPES = IMAGE_TYPES;
export type WorkOrderImageType = ImageType;

// Serial ids are int4; alarm ids are bigserial, bounded by the platform's largest safe number.
const dbId = z.number('validation.invalidValue').int('validation.invalidValue').positive('validation.invalidValue');
const intId = dbId.max(2_147_483_647, 'validation.invalidValue');
const alarmId = dbId.max(1e15, 'validation.invalidValue');

/** One-line title: trimmed, 1–120 characters. */
export const workOrderTitleSchema = safeText(
  z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(WORK_ORDER_LIMITS.title, 'validation.tooLong')
    .refine((s) => !/[\r\n]/.test(s), 'validation.invalidValue'),
);

/** Free text (description, comment): trimmed, line breaks kept, shown as text and never as HTML. */
const freeText = (max: number) => safeText(z.string('validation.invalidValue').trim().max(max, 'validation.tooLong'));

/** A due day "YYYY-MM-DD" (2000–2099, a real calendar day), or null for none. */
export const workOrderDueDateSchema = z
  .string('validation.invalidValue')
  .max(10, 'validation.invalidValue')
  .refine(isNoticeDate, 'validation.invalidValue')
  .nullable();

const editableFields = {
  title: workOrderTitleSchema,
  type: z.enum(WORK_ORDER_TYPES, 'validation.invalidValue'),
  priority: z.enum(WORK_ORDER_PRIORITIES, 'validation.invalidValue'),
  description: freeText(WORK_ORDER_LIMITS.description).default(''),
  dueDate: workOrderDueDateSchema.default(null),
};

/**
 * POST /api/work-orders. From an alarm, `alarmId` is enough: the server takes plant and device from the alarm (the
 * page sends them too, prefilled; they must match). By hand, plant and device are optional. An assignee given here
 * assigns at once.
 */
export const workOrderInputSchema = z.strictObject(
  {
    ...editableFields,
    plantId: intId.nullable().default(null),
    deviceId: intId.nullable().default(null),
    alarmId: alarmId.nullable().default(null),
    assigneeId: intId.nullable().default(null),
  },
  'validation.invalidValue',
);
export type WorkOrderInput = z.infer<typeof workOrderInputSchema>;
export type WorkOrderDraft = z.input<typeof workOrderInputSchema>;

/** PUT /api/work-orders/:id: the words, type, priority and due day (what it is about stays). */
export const workOrderEditSchema = z.strictObject(editableFields, 'validation.invalidValue');
export type WorkOrderEdit = z.infer<typeof workOrderEditSchema>;

/** POST /api/work-orders/:id/assign */
export const workOrderAssignSchema = z.strictObject(
  { assigneeId: intId, comment: freeText(WORK_ORDER_LIMITS.comment).default('') },
  'validation.invalidValue',
);
export type WorkOrderAssign = z.infer<typeof workOrderAssignSchema>;

/** POST /api/work-orders/:id/transition: a step of the life cycle with an optional note. */
export const workOrderTransitionSchema = z.strictObject(
  {
    action: z.enum(WORK_ORDER_TRANSITIONS, 'validation.invalidValue'),
    comment: freeText(WORK_ORDER_LIMITS.comment).default(''),
  },
  'validation.invalidValue',
);
export type WorkOrderTransitionInput = z.infer<typeof workOrderTransitionSchema>;

/** POST /api/work-orders/:id/comments */
export const workOrderCommentSchema = z.strictObject(
  { text: freeText(WORK_ORDER_LIMITS.comment).refine((s) => s.length > 0, 'validation.required') },
  'validation.invalidValue',
);
export type WorkOrderCommentInput = z.infer<typeof workOrderCommentSchema>;

const queryId = z.coerce.number('validation.invalidValue').int('validation.invalidValue').positive().max(2_147_483_647);

/** GET /api/work-orders: filters, and the page. The counts by state answer the same filters without the state. */
export const workOrderListQuerySchema = z.object({
  state: z.enum(WORK_ORDER_STATES, 'validation.invalidValue').optional(),
  type: z.enum(WORK_ORDER_TYPES, 'validation.invalidValue').optional(),
  priority: z.enum(WORK_ORDER_PRIORITIES, 'validation.invalidValue').optional(),
  assigneeId: queryId.optional(),
  plantId: queryId.optional(),
  overdue: z.enum(['true', 'false'], 'validation.invalidValue').optional(),
  /** Part of the title or description, any case. */
  text: z.string().trim().max(WORK_ORDER_LIMITS.title, 'validation.tooLong').optional(),
  ...pageQuerySchema.shape,
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

export const workOrderIdParamsSchema = z.object({ id: queryId });
export const workOrderImageParamsSchema = z.object({ id: queryId, imageId: queryId });

const named = z.object({ id: z.number().int(), name: z.string() });

/** A work order as the list shows it. */
export const workOrderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(WORK_ORDER_TYPES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  description: z.string(),
  state: z.enum(WORK_ORDER_STATES),
  plant: named.nullable(),
  device: z.object({ id: z.number().int(), sn: z.string() }).nullable(),
  alarm: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  creator: named,
  assignee: named.nullable(),
  /** "YYYY-MM-DD" or null. */
  dueDate: z.string().nullable(),
  /** Not resolved or closed, and the due day is over in the plant's time zone (UTC without a plant). */
  overdue: z.boolean(),
  /** The caller is the assignee or a superior of theirs (start and resolve are theirs). */
  actsForAssignee: z.boolean(),
  /** The caller created it (they close it once resolved). */
  isCreator: z.boolean(),
  /** The caller is a superior of the assignee, not the assignee (they close it once resolved). */
  aboveAssignee: z.boolean(),
  /** The caller is the creator or a superior of theirs (they edit its text). */
  actsForCreator: z.boolean(),
  imageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const WORK_ORDER_EVENT_KINDS = [
  'created',
  'edited',
  'assigned',
  'stateChanged',
  'commented',
  'imageAdded',
  'imageRemoved',
] as const;
export type WorkOrderEventKind = (typeof WORK_ORDER_EVENT_KINDS)[number];

/** One line of the history: who did what when; the fields a kind does not use are null or empty. */
export const workOrderEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_ORDER_EVENT_KINDS),
  at: z.string(),
  actor: named.nullable(),
  fromState: z.enum(WORK_ORDER_STATES).nullable(),
  toState: z.enum(WORK_ORDER_STATES).nullable(),
  assignee: named.nullable(),
  comment: z.string().nullable(),
  /** Names of the fields an edit changed. */
  fields: z.array(z.string()),
});
export type WorkOrderEvent = z.infer<typeof workOrderEventSchema>;

export const workOrderImageSchema = z.object({
  id: z.number().int(),
  contentType: z.enum(WORK_ORDER_IMAGE_TYPES),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type WorkOrderImage = z.infer<typeof workOrderImageSchema>;

/** One work order with its images and history (oldest first). */
export const workOrderDetailSchema = workOrderSchema.extend({
  images: z.array(workOrderImageSchema),
  events: z.array(workOrderEventSchema),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

const stateCounts = z.object({
  open: z.number().int(),
  assigned: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
});
export type WorkOrderStateCounts = z.infer<typeof stateCounts>;

export const workOrderPageSchema = paged(workOrderSchema).extend({ counts: stateCounts });
export type WorkOrderPage = z.infer<typeof workOrderPageSchema>;

/** What the form may offer: the plants in the caller's scope and the users they may assign. */
export const workOrderOptionsSchema = z.object({
  plants: z.array(named),
  users: z.array(z.object({ id: z.number().int(), username: z.string(), name: z.string() })),
});
export type WorkOrderOptions = z.infer<typeof workOrderOptionsSchema>;
