import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';

/** A stored rule with its owner, chosen plants and receiving users (names as the list shows them). */
export interface NotificationRuleRow {
  id: number;
  name: string;
  all_plants: boolean;
  alarm_groups: string[];
  alarm_codes: string[];
  min_severity_rank: number;
  emails: string[];
  phones: string[];
  channels: string[];
  hourly_limit: number;
  daily_limit: number;
  recovery_notices: boolean;
  enabled: boolean;
  owner_id: number;
  owner_name: string;
  /** The owner's place in the tree: plants and users a rule names must be in the owner's scope too. */
  owner_path: string;
  created_at: Date;
  updated_at: Date;
  plants: { plantId: number; name: string }[];
  users: { id: number; username: string; name: string }[];
}

/** The fields a create or edit writes (already checked and normalised by the service). */
export interface NotificationRuleFields {
  name: string;
  allPlants: boolean;
  groups: readonly string[];
  codes: readonly string[];
  minSeverityRank: number;
  emails: readonly string[];
  phones: readonly string[];
  channels: readonly string[];
  hourlyLimit: number;
  dailyLimit: number;
  recoveryNotices: boolean;
  enabled: boolean;
}

// Plants and users come as JSON arrays from correlated subqueries: one row per rule, whatever the list lengths. Only
// those in the reader's scope ($patternParam: subtree pattern, $userParam: account) are shown: a plant affiliated to
// the owner alone, or a user moved out of the reader's subtree since, is not the reader's to see.
const selectRule = (patternParam: number, userParam: number) => `
  SELECT r.id, r.name, r.all_plants, r.alarm_groups, r.alarm_codes, r.min_severity_rank, r.emails, r.phones,
         r.channels, r.hourly_limit, r.daily_limit, r.recovery_notices, r.enabled, r.owner_id,
         o.name AS owner_name, o.path AS owner_path, r.created_at, r.updated_at,
         COALESCE((SELECT json_agg(json_build_object('plantId', p.id, 'name', p.name) ORDER BY p.name, p.id)
                     FROM notification_rule_plants rp JOIN plants p ON p.id = rp.plant_id
                    WHERE rp.rule_id = r.id AND ${plantInScope('p', patternParam, userParam)}), '[]'::json) AS plants,
         COALESCE((SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name)
                                   ORDER BY u.username, u.id)
                     FROM notification_rule_users ru JOIN users u ON u.id = ru.user_id
                    WHERE ru.rule_id = r.id AND u.path LIKE $${patternParam}), '[]'::json) AS users
    FROM notification_rules r JOIN users o ON o.id = r.owner_id`;

/** A rule's owner lies in the subtree of the pattern in parameter `$n`. */
const ownedIn = (n: number) => `owner_id IN (SELECT id FROM users WHERE path LIKE $${n})`;

export interface RuleListFilter {
  /** subtreePattern of the caller: rules whose owner lies in it. */
  pattern: string;
  /** The caller's account (plants affiliated to it are in its scope). */
  userId: number;
  name?: string | undefined;
  enabled?: boolean | undefined;
  limit: number;
  offset: number;
}

/** One page of the rules owned within the caller's subtree, by name, and how many there are. */
export async function listRulesInScope(
  db: Queryable,
  f: RuleListFilter,
): Promise<{ rows: NotificationRuleRow[]; total: number }> {
  const params: (string | number | boolean)[] = [f.pattern];
  const where = ['o.path LIKE $1'];
  // strpos instead of ILIKE: the typed text is matched literally, `%` and `_` included.
  if (f.name) where.push(`strpos(lower(r.name), lower($${params.push(f.name)})) > 0`);
  if (f.enabled !== undefined) where.push(`r.enabled = $${params.push(f.enabled)}`);
  const filter = where.join(' AND ');
  const counted = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notification_rules r JOIN users o ON o.id = r.owner_id WHERE ${filter}`,
    params,
  );
  const { rows } = await db.query<NotificationRuleRow>(
    `${selectRule(1, params.length + 1)} WHERE ${filter} ORDER BY lower(r.name), r.id LIMIT ${f.limit} OFFSET ${f.offset}`,
    [...params, f.userId],
  );
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

/** A rule owned within the caller's subtree, or undefined: another branch's rule looks like a missing one. */
export async function findRuleInScope(
  db: Queryable,
  id: number,
  scope: ScopeOwner,
): Promise<NotificationRuleRow | undefined> {
  const { rows } = await db.query<NotificationRuleRow>(`${selectRule(2, 3)} WHERE r.id = $1 AND o.path LIKE $2`, [
    id,
    scope.pattern,
    scope.userId,
  ]);
  return rows[0];
}

const values = (f: NotificationRuleFields) => [
  f.name,
  f.allPlants,
  [...f.groups],
  [...f.codes],
  f.minSeverityRank,
  [...f.emails],
  [...f.phones],
  [...f.channels],
  f.hourlyLimit,
  f.dailyLimit,
  f.recoveryNotices,
  f.enabled,
];

/** How many rules an account owns (checked before it makes another). */
export async function countOwnedRules(db: Queryable, ownerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notification_rules WHERE owner_id = $1`,
    [ownerId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertRule(db: Queryable, ownerId: number, f: NotificationRuleFields): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO notification_rules (name, all_plants, alarm_groups, alarm_codes, min_severity_rank, emails, phones,
                                     channels, hourly_limit, daily_limit, recovery_notices, enabled, owner_id)
     VALUES ($1, $2, $3::text[], $4::text[], $5, $6::text[], $7::text[], $8::text[], $9, $10, $11, $12, $13)
     RETURNING id`,
    [...values(f), ownerId],
  );
  return rows[0]!.id;
}

/**
 * Writes a rule owned within the subtree of `pattern`; false when there is none (deleted or moved meanwhile). The
 * row stays locked to the end of the transaction, so its plants and users can be replaced after it.
 */
export async function updateRule(
  db: Queryable,
  id: number,
  pattern: string,
  f: NotificationRuleFields,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE notification_rules
        SET name = $1, all_plants = $2, alarm_groups = $3::text[], alarm_codes = $4::text[], min_severity_rank = $5,
            emails = $6::text[], phones = $7::text[], channels = $8::text[], hourly_limit = $9, daily_limit = $10,
            recovery_notices = $11, enabled = $12, updated_at = now()
      WHERE id = $13 AND ${ownedIn(14)} RETURNING id`,
    [...values(f), id, pattern],
  );
  return rows.length > 0;
}

/** Replaces the rule's chosen plants and receiving users (inside the caller's transaction). */
export async function replaceRuleTargets(
  db: Queryable,
  id: number,
  plantIds: readonly number[],
  userIds: readonly number[],
): Promise<void> {
  await db.query(`DELETE FROM notification_rule_plants WHERE rule_id = $1`, [id]);
  await db.query(`DELETE FROM notification_rule_users WHERE rule_id = $1`, [id]);
  if (plantIds.length > 0) {
    await db.query(
      `INSERT INTO notification_rule_plants (rule_id, plant_id) SELECT $1, unnest($2::int4[]) ON CONFLICT DO NOTHING`,
      [id, [...plantIds]],
    );
  }
  if (userIds.length > 0) {
    await db.query(
      `INSERT INTO notification_rule_users (rule_id, user_id) SELECT $1, unnest($2::int4[]) ON CONFLICT DO NOTHING`,
      [id, [...userIds]],
    );
  }
}

/** Switches a rule owned within the subtree of `pattern`; false when there is none. */
export async function setRuleEnabled(db: Queryable, id: number, pattern: string, enabled: boolean): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE notification_rules SET enabled = $2, updated_at = now() WHERE id = $1 AND ${ownedIn(3)} RETURNING id`,
    [id, enabled, pattern],
  );
  return rows.length > 0;
}

/** Deletes a rule owned within the subtree of `pattern` (its plants and users cascade); false when there is none. */
export async function deleteRule(db: Queryable, id: number, pattern: string): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM notification_rules WHERE id = $1 AND ${ownedIn(2)} RETURNING id`, [
    id,
    pattern,
  ]);
  return rows.length > 0;
}

/** Who a scope belongs to: the subtree pattern and the account (plants it is affiliated to count). */
export interface ScopeOwner {
  pattern: string;
  userId: number;
}

/** The ids among `ids` of users in the subtree of `pattern` (its top account included). */
export async function usersInScope(db: Queryable, ids: readonly number[], pattern: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE id = ANY($1::int4[]) AND path LIKE $2`, [
    [...ids],
    pattern,
  ]);
  return rows.map((r) => r.id);
}

// Bounds of the form's choices: far beyond a dealer's fleet, yet a bounded answer.
const OPTION_PLANTS = 5000;
const OPTION_USERS = 2000;

/** The plants and users the form may offer a caller, by name. */
export async function scopeOptions(db: Queryable, scope: ScopeOwner) {
  const plants = await db.query<{ plantId: number; name: string }>(
    `SELECT p.id AS "plantId", p.name FROM plants p WHERE ${plantInScope('p', 1, 2)}
      ORDER BY p.name, p.id LIMIT ${OPTION_PLANTS}`,
    [scope.pattern, scope.userId],
  );
  const users = await db.query<{ id: number; username: string; name: string }>(
    `SELECT id, username, name FROM users WHERE path LIKE $1 ORDER BY path, id LIMIT ${OPTION_USERS}`,
    [scope.pattern],
  );
  return { plants: plants.rows, users: users.rows };
}
