import type { Queryable } from '../../db/db.js';
import { postMessages } from '../messages/index.js';
import { enqueueAccountMails } from './notification-outbox.repository.js';
import {
  administratorIds,
  claimSmsBudgetAlert,
  deleteSmsBudgetBefore,
  insertSmsSend,
  lockSmsBudget,
  smsCounts,
  type SmsBudgetName,
  type SmsPurpose,
} from './sms-budget.repository.js';

export type { SmsBudgetName };

/**
 * How many text messages may leave (issue 38: SMS cost abuse): to one number in 24 hours, asked for by one client
 * address in an hour (code requests), and by the whole platform in an hour. Every SMS the platform sends, codes and
 * alarm notices alike, is counted here first (the SMS_BUDGET_* settings, docs/configuration.md).
 */
export interface SmsBudgetLimits {
  perNumberPerDay: number;
  perClientPerHour: number;
  platformPerHour: number;
}

export const DEFAULT_SMS_BUDGET: SmsBudgetLimits = { perNumberPerDay: 10, perClientPerHour: 5, platformPerHour: 300 };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const limitOf = (limits: SmsBudgetLimits, budget: SmsBudgetName): number =>
  budget === 'number' ? limits.perNumberPerDay : budget === 'client' ? limits.perClientPerHour : limits.platformPerHour;

/** The window an alert belongs to: the UTC day of the per-number budget, the UTC hour of the others. */
function windowStart(budget: SmsBudgetName, now: Date): Date {
  const start = new Date(now);
  if (budget === 'number') start.setUTCHours(0, 0, 0, 0);
  else start.setUTCMinutes(0, 0, 0);
  return start;
}

/**
 * Spends one SMS of the budget inside the caller's transaction, before the message leaves: null when it may be sent
 * (the send is counted), else the budget it would exceed (nothing is counted; the caller sends nothing). The
 * administrators are told the first time a budget is reached in its window, by an in-app message and a mail,
 * written in the same transaction. All processes take the same lock, so the count and the send are one step.
 */
export async function spendSms(
  tx: Queryable,
  limits: SmsBudgetLimits,
  sms: { destination: string; client: string | null; purpose: SmsPurpose },
  now: Date,
): Promise<SmsBudgetName | null> {
  await lockSmsBudget(tx);
  const counts = await smsCounts(tx, {
    destination: sms.destination,
    client: sms.client,
    daySince: new Date(now.getTime() - DAY_MS),
    hourSince: new Date(now.getTime() - HOUR_MS),
  });
  // Codes, which anyone may ask for, spend at most half the platform's hour: strangers asking for codes can never
  // use up what the owners' alarm notices need (a rate limit slows the attacker, never the owner).
  const codesFull = sms.purpose === 'code' && counts.codes >= Math.ceil(limits.platformPerHour / 2);
  const over = (['number', 'client', 'platform'] as const).find(
    (budget) =>
      (budget !== 'client' || sms.client !== null) &&
      (counts[budget] >= limitOf(limits, budget) || (budget === 'platform' && codesFull)),
  );
  if (over === undefined) {
    await insertSmsSend(tx, { ...sms, at: now });
    await deleteSmsBudgetBefore(tx, new Date(now.getTime() - 2 * DAY_MS));
    return null;
  }
  const window = windowStart(over, now);
  if (await claimSmsBudgetAlert(tx, over, window)) await tellAdministrators(tx, over, limitOf(limits, over), window);
  return over;
}

async function tellAdministrators(tx: Queryable, budget: SmsBudgetName, limit: number, window: Date): Promise<void> {
  const ids = await administratorIds(tx);
  await postMessages(
    tx,
    ids.map((userId) => ({
      userId,
      kind: 'system' as const,
      event: 'smsBudget',
      params: { budget, limit },
      link: null,
    })),
  );
  await enqueueAccountMails(
    tx,
    ids.map((userId) => ({
      userId,
      kind: 'smsBudget' as const,
      payload: { budget, limit, windowStart: window.toISOString() },
    })),
  );
}
