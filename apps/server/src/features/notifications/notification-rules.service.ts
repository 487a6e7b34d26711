import {
  type DeliveryListQuery,
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RULES_PER_OWNER,
  severityRank,
  type AlarmGroup,
  type NotificationChannel,
  type NotificationRule,
  type NotificationRuleInput,
  type NotificationRuleListQuery,
  type NotificationRuleOptions,
} from '@voltfleet/domain/alarms';
import { joinPhone, splitPhone } from '@voltfleet/domain/validation';
import { listDeliveries } from './notification-digest.repository.js';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { plantIdsInScope } from '../plants/index.js';
import {
  countOwnedRules,
  deleteRule,
  findRuleInScope,
  insertRule,
  listRulesInScope,
  replaceRuleTargets,
  scopeOptions,
  setRuleEnabled,
  updateRule,
  usersInScope,
  type NotificationRuleFields,
  type NotificationRuleRow,
  type ScopeOwner,
} from './notification-rules.repository.js';

/** Another branch's rule answers exactly like a missing one. */
export const ruleNotFound = () => new AppError('not_found', 'notificationRule.notFound');

const scopeOf = (caller: Caller): ScopeOwner => ({ pattern: subtreePattern(caller), userId: caller.id });

// Stored values are written only through the domain schema; unknown ones (a hand-edited row) are dropped on read
// rather than failing the whole list.
const known = <T extends string>(list: readonly T[], stored: readonly string[]): T[] =>
  stored.filter((v): v is T => (list as readonly string[]).includes(v));

/** The API shape of a stored rule. */
export function toRule(row: NotificationRuleRow): NotificationRule {
  return {
    id: row.id,
    name: row.name,
    allPlants: row.all_plants,
    plants: row.plants,
    groups: known<AlarmGroup>(ALARM_GROUPS, row.alarm_groups),
    codes: row.alarm_codes,
    minSeverity: ALARM_SEVERITIES[row.min_severity_rank] ?? 'warning',
    users: row.users,
    emails: row.emails,
    phones: row.phones.map((p) => splitPhone(p)),
    channels: known<NotificationChannel>(NOTIFICATION_CHANNELS, row.channels),
    hourlyLimit: row.hourly_limit,
    dailyLimit: row.daily_limit,
    recoveryNotices: row.recovery_notices,
    enabled: row.enabled,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listNotificationRules(db: Db, caller: Caller, q: NotificationRuleListQuery) {
  const { rows, total } = await listRulesInScope(db, {
    pattern: subtreePattern(caller),
    userId: caller.id,
    name: q.name || undefined,
    enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: rows.map(toRule), total, page: q.page, pageSize: q.pageSize };
}

async function ruleRow(db: Queryable, caller: Caller, id: number): Promise<NotificationRuleRow> {
  const row = await findRuleInScope(db, id, scopeOf(caller));
  if (!row) throw ruleNotFound();
  return row;
}

export async function getNotificationRule(db: Db, caller: Caller, id: number): Promise<NotificationRule> {
  return toRule(await ruleRow(db, caller, id));
}

/** A rule's delivery log (what its notices became), for a caller who may see the rule. */
export async function notificationRuleDeliveries(db: Db, caller: Caller, id: number, q: DeliveryListQuery) {
  await ruleRow(db, caller, id);
  const { items, total } = await listDeliveries(db, id, q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** What the form may offer: plants and users in the caller's scope. */
export const notificationRuleOptions = (db: Db, caller: Caller): Promise<NotificationRuleOptions> =>
  scopeOptions(db, scopeOf(caller));

/**
 * A rule names only plants and users in scope: the caller's, and on another account's rule that account's too, so
 * a rule never shows its owner a plant or user they could not see. 400 with the field, nothing is written.
 */
async function checkTargets(db: Queryable, scopes: readonly ScopeOwner[], input: NotificationRuleInput) {
  for (const scope of scopes) {
    const plants = input.allPlants ? [] : input.plantIds;
    if ((await plantIdsInScope(db, scope.pattern, scope.userId, plants)).length !== plants.length) {
      throw invalid('plantIds', 'notificationRule.plantOutOfScope');
    }
    if ((await usersInScope(db, input.userIds, scope.pattern)).length !== input.userIds.length) {
      throw invalid('userIds', 'notificationRule.userOutOfScope');
    }
  }
}

function fieldsOf(input: NotificationRuleInput): NotificationRuleFields {
  return {
    name: input.name,
    allPlants: input.allPlants,
    groups: input.groups,
    codes: input.codes,
    minSeverityRank: severityRank(input.minSeverity),
    emails: input.emails,
    phones: input.phones.map((p) => joinPhone(p.prePhoneCode, p.phone)),
    channels: input.channels,
    hourlyLimit: input.hourlyLimit,
    dailyLimit: input.dailyLimit,
    recoveryNotices: input.recoveryNotices,
    enabled: input.enabled,
  };
}

/** Creates a rule owned by the caller. */
export async function createNotificationRule(
  db: Db,
  caller: Caller,
  input: NotificationRuleInput,
): Promise<NotificationRule> {
  await checkTargets(db, [scopeOf(caller)], input);
  const id = await db.transaction(async (tx) => {
    if ((await countOwnedRules(tx, caller.id)) >= NOTIFICATION_RULES_PER_OWNER)
      throw new AppError('conflict', 'notificationRule.ownerLimit', { max: NOTIFICATION_RULES_PER_OWNER });
    const ruleId = await insertRule(tx, caller.id, fieldsOf(input));
    await replaceRuleTargets(tx, ruleId, input.allPlants ? [] : input.plantIds, input.userIds);
    return ruleId;
  });
  return getNotificationRule(db, caller, id);
}

/** Replaces every field of a rule in scope; the owner stays. */
export async function updateNotificationRule(
  db: Db,
  caller: Caller,
  id: number,
  input: NotificationRuleInput,
): Promise<NotificationRule> {
  const current = await ruleRow(db, caller, id);
  const scopes = [scopeOf(caller)];
  if (current.owner_id !== caller.id) scopes.push({ pattern: `${current.owner_path}%`, userId: current.owner_id });
  await checkTargets(db, scopes, input);
  await db.transaction(async (tx) => {
    // Deleted or moved out of scope since it was read: nothing is written, and its targets are not touched.
    if (!(await updateRule(tx, id, subtreePattern(caller), fieldsOf(input)))) throw ruleNotFound();
    await replaceRuleTargets(tx, id, input.allPlants ? [] : input.plantIds, input.userIds);
  });
  return getNotificationRule(db, caller, id);
}

/** Switches a rule in scope on or off (the list's switch); everything else stays. */
export async function setNotificationRuleEnabled(
  db: Db,
  caller: Caller,
  id: number,
  enabled: boolean,
): Promise<NotificationRule> {
  if (!(await setRuleEnabled(db, id, subtreePattern(caller), enabled))) throw ruleNotFound();
  return getNotificationRule(db, caller, id);
}

export async function deleteNotificationRule(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await deleteRule(db, id, subtreePattern(caller)))) throw ruleNotFound();
}
