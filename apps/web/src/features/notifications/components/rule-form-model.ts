import { DEFAULT_PHONE_PREFIX, type PhonePrefix } from '@voltfleet/domain/validation';
import {
  notificationRuleInputSchema,
  type AlarmGroup,
  type AlarmSeverity,
  type NotificationChannel,
  type NotificationRule,
  type NotificationRuleInput,
} from '@voltfleet/domain/alarms';
import { localiseIssues } from '@/lib/i18n';

/** What the form holds: the rule's fields, with the e-mail and phone lists as editable rows. */
export interface RuleFormValues {
  name: string;
  allPlants: boolean;
  plantIds: number[];
  groups: AlarmGroup[];
  codes: string[];
  minSeverity: AlarmSeverity;
  userIds: number[];
  emails: string[];
  phones: { prePhoneCode: PhonePrefix; phone: string }[];
  channels: NotificationChannel[];
  hourlyLimit: number | null;
  dailyLimit: number | null;
  recoveryNotices: boolean;
  enabled: boolean;
}

/** A form field, as Ant Design names it: ['name'], ['emails', 2], ['phones', 0, 'phone']. */
export type FieldName = (string | number)[];

export interface FieldError {
  name: FieldName;
  message: string;
}

// A new rule: every plant, every alarm, by e-mail, within limits a small fleet rarely reaches.
const NEW_RULE: RuleFormValues = {
  name: '',
  allPlants: true,
  plantIds: [],
  groups: [],
  codes: [],
  minSeverity: 'warning',
  userIds: [],
  emails: [],
  phones: [],
  channels: ['email'],
  hourlyLimit: 10,
  dailyLimit: 50,
  recoveryNotices: true,
  enabled: true,
};

/** The form's starting values: a new rule's defaults, or the stored rule. */
export function initialRuleValues(rule: NotificationRule | null): RuleFormValues {
  if (!rule) return { ...NEW_RULE, channels: [...NEW_RULE.channels] };
  return {
    name: rule.name,
    allPlants: rule.allPlants,
    plantIds: rule.plants.map((p) => p.plantId),
    groups: [...rule.groups],
    codes: [...rule.codes],
    minSeverity: rule.minSeverity,
    userIds: rule.users.map((u) => u.id),
    emails: [...rule.emails],
    phones: rule.phones.map((p) => ({ prePhoneCode: p.prePhoneCode as PhonePrefix, phone: p.phone })),
    channels: [...rule.channels],
    hourlyLimit: rule.hourlyLimit,
    dailyLimit: rule.dailyLimit,
    recoveryNotices: rule.recoveryNotices,
    enabled: rule.enabled,
  };
}

/** An empty phone row (the form's "add" button). */
export const newPhoneRow = () => ({ prePhoneCode: DEFAULT_PHONE_PREFIX, phone: '' });

const emailText = (e: string | undefined) => (e ?? '').trim();
const phoneRow = (p: Partial<RuleFormValues['phones'][number]> | undefined) => ({
  prePhoneCode: p?.prePhoneCode ?? DEFAULT_PHONE_PREFIX,
  phone: (p?.phone ?? '').trim(),
});

/** The form rows that are sent: the indexes of e-mail and phone rows that hold something. */
export function sentRows(values: RuleFormValues) {
  const filled = <T>(rows: readonly T[] | undefined, has: (row: T) => boolean) =>
    (rows ?? []).flatMap((row, i) => (has(row) ? [i] : []));
  return {
    emails: filled(values.emails, (e) => emailText(e) !== ''),
    phones: filled(values.phones, (p) => phoneRow(p).phone !== ''),
  };
}

/**
 * The request body from the form: e-mail and phone rows left empty are dropped (an "add" clicked by mistake is not a
 * receiver), texts trimmed, and single plants dropped when the rule covers all plants (the switch hides them).
 */
export function toRuleDraft(values: RuleFormValues): Record<string, unknown> {
  const rows = sentRows(values);
  return {
    ...values,
    plantIds: values.allPlants ? [] : (values.plantIds ?? []),
    emails: rows.emails.map((i) => emailText(values.emails[i])),
    phones: rows.phones.map((i) => phoneRow(values.phones[i])),
  };
}

/**
 * Where an issue of the domain schema (or of the server, same paths) is shown on the form. `rows` maps an index of
 * the sent e-mail and phone lists back to the form row it came from (empty rows are not sent).
 */
export function fieldNameOf(path: string, rows?: { emails: number[]; phones: number[] }): FieldName {
  const parts = path.split('.').filter((p) => p !== '');
  const sent = Number(parts[1]);
  // The two row lists show errors on their rows; every other list is one select, which shows its entries' errors.
  if ((parts[0] === 'emails' || parts[0] === 'phones') && Number.isInteger(sent)) {
    const row = rows ? (rows[parts[0]][sent] ?? sent) : sent;
    return parts[0] === 'emails' ? ['emails', row] : ['phones', row, parts[2] ?? 'phone'];
  }
  return [parts[0] ?? 'name'];
}

/**
 * Checks the whole form with the domain schema the server uses: the rule-level conditions (a receiver, SMS with a
 * phone or user, hourly ≤ daily, plants or "all") and the field rules, with the server's words. The first problem
 * of each field is kept (two messages under one field say less than one).
 */
export function checkRuleForm(
  values: RuleFormValues,
): { input: NotificationRuleInput; errors: [] } | { input: null; errors: FieldError[] } {
  const result = notificationRuleInputSchema.safeParse(toRuleDraft(values));
  if (result.success) return { input: result.data, errors: [] };
  const rows = sentRows(values);
  const errors: FieldError[] = [];
  for (const issue of localiseIssues(result.error.issues)) {
    const name = fieldNameOf(issue.path, rows);
    if (!errors.some((e) => e.name.join('.') === name.join('.'))) errors.push({ name, message: issue.message });
  }
  return { input: null, errors };
}
