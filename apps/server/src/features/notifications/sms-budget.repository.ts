import type { Queryable } from '../../db/db.js';

export type SmsPurpose = 'code' | 'alarm';
export type SmsBudgetName = 'number' | 'client' | 'platform';

/** Every SMS budget decision takes this lock first: counting and recording a send are one step for all processes. */
export async function lockSmsBudget(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('voltfleet:sms-budget'))`);
}

/**
 * SMS counted since each window's start: to this number, asked by this client (when given), by everyone, and the
 * verification codes among everyone's.
 */
export async function smsCounts(
  tx: Queryable,
  q: { destination: string; client: string | null; daySince: Date; hourSince: Date },
): Promise<Record<SmsBudgetName, number> & { codes: number }> {
  const { rows } = await tx.query<{ number: string; client: string; platform: string; codes: string }>(
    `SELECT (SELECT count(*) FROM sms_sends WHERE destination = $1 AND at > $3) AS number,
            (SELECT count(*) FROM sms_sends WHERE client = $2 AND at > $4) AS client,
            (SELECT count(*) FROM sms_sends WHERE at > $4) AS platform,
            (SELECT count(*) FROM sms_sends WHERE purpose = 'code' AND at > $4) AS codes`,
    [q.destination, q.client, q.daySince, q.hourSince],
  );
  const row = rows[0];
  return {
    number: Number(row?.number ?? 0),
    client: Number(row?.client ?? 0),
    platform: Number(row?.platform ?? 0),
    codes: Number(row?.codes ?? 0),
  };
}

export async function insertSmsSend(
  tx: Queryable,
  s: { destination: string; client: string | null; purpose: SmsPurpose; at: Date },
): Promise<void> {
  await tx.query(`INSERT INTO sms_sends (destination, client, purpose, at) VALUES ($1, $2, $3, $4)`, [
    s.destination,
    s.client,
    s.purpose,
    s.at,
  ]);
}

/** Forgets sends and alerts older than every window. */
export async function deleteSmsBudgetBefore(tx: Queryable, before: Date): Promise<void> {
  await tx.query(`DELETE FROM sms_sends WHERE at < $1`, [before]);
  await tx.query(`DELETE FROM sms_budget_alerts WHERE window_start < $1`, [before]);
}

/** Records that the administrators are told of this budget in this window; false when they already were. */
export async function claimSmsBudgetAlert(tx: Queryable, budget: SmsBudgetName, windowStart: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO sms_budget_alerts (budget, window_start) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING budget`,
    [budget, windowStart],
  );
  return rows.length > 0;
}

/** The enabled accounts of the top level (the platform's administrators). */
export async function administratorIds(tx: Queryable): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(`SELECT id FROM users WHERE level = 0 AND enabled ORDER BY id`);
  return rows.map((r) => r.id);
}
