// The schemas of notification-rules.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { paged, pageQuerySchema } from '../envelope-schemas.js';
import { safeText } from '../hostile-input.js';
import { checkPhone } from '../validation.js';
import { emailSchema, phonePrefixSchema } from '../validation-schemas.js';
import { ALARM_GROUPS, ALARM_SEVERITIES } from './alarm-types.js';
import { alarmByCode } from './catalogue.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RULE_LIMITS,
  NOTIFICATION_LIMIT_MIN,
  NOTIFICATION_LIMIT_MAX,
} from './notification-rules.js';

/** A limited list whose entries must differ (`key` says when two are the same). */
function list<T extends z.ZodType>(item: T, max: number, key: (v: z.output<T>) => string = String) {
  return z
    .array(item, 'validation.invalidValue')
    .max(max, 'notificationRule.tooMany')
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.forEach((v, i) => {
        const k = key(v);
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: 'notificationRule.duplicate' });
        seen.add(k);
      });
    });
}

const emailReceiver = emailSchema.transform((e) => e.toLowerCase());

const id = z.number('validation.invalidValue').int('validation.invalidValue').positive('validation.invalidValue');

const dbId = id.max(2_147_483_647, 'validation.invalidValue');

const limit = z
  .number('notificationRule.limitRange')
  .int('notificationRule.limitRange')
  .min(NOTIFICATION_LIMIT_MIN, 'notificationRule.limitRange')
  .max(NOTIFICATION_LIMIT_MAX, 'notificationRule.limitRange');

/** A rule's name: trimmed, 1–64 characters, and the shared hostile-text rule. */
export const notificationRuleNameSchema = safeText(
  z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(NOTIFICATION_RULE_LIMITS.name, 'validation.tooLong'),
);

/** A catalogue code ("grid.voltageHigh"); "unknown code N" entries are covered by choosing their group `other`. */
export const notificationAlarmCodeSchema = z
  .string('validation.invalidValue')
  .max(64, 'notificationRule.unknownCode')
  .refine((code) => alarmByCode(code) !== undefined, 'notificationRule.unknownCode');

/** A phone receiver: a calling code of R9.7 and a mobile number valid for it (the users' own phone rule). */
export const notificationPhoneSchema = z
  .strictObject(
    { prePhoneCode: phonePrefixSchema, phone: z.string('validation.required').max(20, 'validation.phone') },
    'validation.invalidValue',
  )
  .superRefine((value, ctx) => {
    if (value.phone === '') ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.required' });
    else checkPhone(value, ctx);
  });

export type NotificationPhone = z.infer<typeof notificationPhoneSchema>;

/** Fields of a rule as the form sends them. */
export const notificationRuleInputSchema = z
  .strictObject(
    {
      name: notificationRuleNameSchema,
      /** true: every plant in the owner's scope, now and later; `plantIds` must then be empty. */
      allPlants: z.boolean('validation.invalidValue'),
      plantIds: list(dbId, NOTIFICATION_RULE_LIMITS.plants).default([]),
      /** Groups and codes of alarms that notify; both empty: every alarm. An alarm in either notifies. */
      groups: list(z.enum(ALARM_GROUPS, 'validation.invalidValue'), ALARM_GROUPS.length).default([]),
      codes: list(notificationAlarmCodeSchema, NOTIFICATION_RULE_LIMITS.codes).default([]),
      /** The least severe alarm that notifies (`warning`: all). */
      minSeverity: z.enum(ALARM_SEVERITIES, 'validation.invalidValue'),
      userIds: list(dbId, NOTIFICATION_RULE_LIMITS.users).default([]),
      emails: list(emailReceiver, NOTIFICATION_RULE_LIMITS.emails).default([]),
      phones: list(
        notificationPhoneSchema,
        NOTIFICATION_RULE_LIMITS.phones,
        (p) => `${p.prePhoneCode}-${p.phone}`,
      ).default([]),
      channels: list(z.enum(NOTIFICATION_CHANNELS, 'validation.invalidValue'), NOTIFICATION_CHANNELS.length).refine(
        (c) => c.length > 0,
        'notificationRule.channelRequired',
      ),
      hourlyLimit: limit,
      dailyLimit: limit,
      /** Also tell the receivers when a matching alarm recovers. */
      recoveryNotices: z.boolean('validation.invalidValue'),
      enabled: z.boolean('validation.invalidValue'),
    },
    'validation.invalidValue',
  )
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!rule.allPlants && rule.plantIds.length === 0) issue('plantIds', 'notificationRule.plantsRequired');
    if (rule.allPlants && rule.plantIds.length > 0) issue('plantIds', 'notificationRule.plantsWithAll');
    const users = rule.userIds.length > 0;
    if (!users && rule.emails.length === 0 && rule.phones.length === 0) {
      issue('userIds', 'notificationRule.receiverRequired');
    } else {
      // A receiving user is reached on every channel through the e-mail and phone of their account.
      if (rule.channels.includes('sms') && !users && rule.phones.length === 0)
        issue('phones', 'notificationRule.smsNeedsPhone');
      if (rule.channels.includes('email') && !users && rule.emails.length === 0)
        issue('emails', 'notificationRule.emailNeedsAddress');
      // Push reaches accounts' browsers only: a bare address has none.
      if (rule.channels.includes('push') && !users) issue('userIds', 'notificationRule.pushNeedsUser');
    }
    if (rule.hourlyLimit > rule.dailyLimit) issue('hourlyLimit', 'notificationRule.hourlyAboveDaily');
  });

export type NotificationRuleInput = z.infer<typeof notificationRuleInputSchema>;

/** What the form holds before parsing (defaults not yet applied). */
export type NotificationRuleDraft = z.input<typeof notificationRuleInputSchema>;

/** Switching a rule on or off from the list. */
export const notificationRuleEnabledSchema = z.strictObject({ enabled: z.boolean('validation.invalidValue') });

export const notificationRuleListQuerySchema = z.object({
  /** Part of the name, any case. */
  name: z.string().trim().max(NOTIFICATION_RULE_LIMITS.name, 'validation.tooLong').optional(),
  enabled: z.enum(['true', 'false'], 'validation.invalidValue').optional(),
  ...pageQuerySchema.shape,
});

export type NotificationRuleListQuery = z.infer<typeof notificationRuleListQuerySchema>;

const namedPlant = z.object({ plantId: z.number().int(), name: z.string() });

const namedUser = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

/** A stored rule as the list and the form read it. */
export const notificationRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  allPlants: z.boolean(),
  plants: z.array(namedPlant),
  groups: z.array(z.enum(ALARM_GROUPS)),
  codes: z.array(z.string()),
  minSeverity: z.enum(ALARM_SEVERITIES),
  users: z.array(namedUser),
  emails: z.array(z.string()),
  phones: z.array(z.object({ prePhoneCode: z.string(), phone: z.string() })),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  hourlyLimit: z.number().int(),
  dailyLimit: z.number().int(),
  recoveryNotices: z.boolean(),
  enabled: z.boolean(),
  /** Whose rule it is: scope follows the owner (the caller and their superiors see and change it). */
  ownerId: z.number().int(),
  ownerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type NotificationRule = z.infer<typeof notificationRuleSchema>;

export const notificationRulePageSchema = paged(notificationRuleSchema);

/** What the form may offer: the plants and users in the caller's scope. */
export const notificationRuleOptionsSchema = z.object({ plants: z.array(namedPlant), users: z.array(namedUser) });

export type NotificationRuleOptions = z.infer<typeof notificationRuleOptionsSchema>;
