import { z } from 'zod';
import { pageQuerySchema, paged } from '../envelope.js';
import { safeText } from '../hostile-input.js';
import { checkPhone, emailSchema, phonePrefixSchema } from '../validation.js';
import { ALARM_GROUPS, ALARM_SEVERITIES, severityRank, type AlarmGroup, type AlarmSeverity } from './alarm-types.js';
import { alarmByCode } from './catalogue.js';

/**
 * Alarm NOTIFICATION rules (R3.10 "Alarm rule", page /alarmCenter/alarmRules, C/C): who is told about which alarms
 * of which plants, over which channels, and how often at most. Not to be confused with alarm-rules.ts, the engine's
 * debounce and hysteresis. Delivery (outbox, mail, SMS) reads these rules; this file is the contract the server
 * validates with and the page's form checks with, so both refuse the same values with the same words.
 */

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Bounds of one rule: lists stay small enough to show in a form and to fan out per alarm. */
export const NOTIFICATION_RULE_LIMITS = {
  name: 64,
  plants: 500,
  codes: 200,
  users: 20,
  emails: 20,
  phones: 20,
} as const;
/** R9.16 names hourly and daily push limits without values; 1..1000 per rule is this platform's choice. */
/** Rules one account may own: each alarm is matched against the rules of its plant's owners, so they stay few. */
export const NOTIFICATION_RULES_PER_OWNER = 100;
export const NOTIFICATION_LIMIT_MIN = 1;
export const NOTIFICATION_LIMIT_MAX = 1000;

const id = z.number('validation.invalidValue').int('validation.invalidValue').positive('validation.invalidValue');
const dbId = id.max(2_147_483_647, 'validation.invalidValue');

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

const emailReceiver = emailSchema.transform((e) => e.toLowerCase());

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

/** The rule's alarm filter: whether an alarm of this group, code and severity notifies (plants checked apart). */
export function notificationRuleMatches(
  rule: Pick<NotificationRule, 'groups' | 'codes' | 'minSeverity'>,
  alarm: { group: AlarmGroup; code: string; severity: AlarmSeverity },
): boolean {
  if (severityRank(alarm.severity) > severityRank(rule.minSeverity)) return false;
  if (rule.groups.length === 0 && rule.codes.length === 0) return true;
  return rule.groups.includes(alarm.group) || rule.codes.includes(alarm.code);
}
