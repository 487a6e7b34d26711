import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  VERIFICATION_CODE,
  renderCodeMessage,
  type CodeChannel,
  type CodeMessage,
  type CodePurpose,
  type CodeSent,
} from '@voltfleet/domain/auth';
import { type Lang, type MessageKey } from '@voltfleet/domain/i18n';
import type { Db, Queryable } from '../../db/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { spendSms, type Sender, type SmsBudgetLimits } from '../notifications/index.js';
import {
  codesToAddressSince,
  giveTryBack,
  insertCode,
  lockAddress,
  markUsed,
  retireCodes,
  takeTry,
} from './verification.repository.js';

interface Log {
  warn(obj: object, msg: string): void;
}

/** What the code rules need: the database, the senders of the notifications feature, a clock tests can move. */
export interface CodeDeps {
  db: Db;
  senders: { email: Sender; sms: Sender };
  /** Where users reach the portal (PUBLIC_URL): the reset link in messages. */
  publicUrl: string;
  log: Log;
  clock: () => Date;
  /** The platform's SMS budget (notifications feature), which a code by SMS is counted against. */
  smsBudget: SmsBudgetLimits;
}

const HOUR_MS = 3_600_000;

/** A salted SHA-256 of the code ("salt:hash"): the table never holds a code that could be read off and used. */
function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt = '', hash = ''] = stored.split(':');
  const given = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(hash, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A uniformly random code of VERIFICATION_CODE.digits digits (leading zeros kept). */
const newCode = () => String(randomInt(0, 10 ** VERIFICATION_CODE.digits)).padStart(VERIFICATION_CODE.digits, '0');

/** Refuses a new code to an address within the resend wait, or past its hourly limit. */
async function checkAddressLimits(db: Queryable, purpose: CodePurpose, address: string, now: Date): Promise<void> {
  const recent = await codesToAddressSince(db, purpose, address, new Date(now.getTime() - HOUR_MS));
  const waitMs = recent.latest ? recent.latest.getTime() + VERIFICATION_CODE.resendSeconds * 1000 - now.getTime() : 0;
  if (waitMs > 0) throw new AppError('rate_limited', 'verification.resendWait', { seconds: Math.ceil(waitMs / 1000) });
  if (recent.count >= VERIFICATION_CODE.perAddressPerHour && recent.oldest)
    throw new AppError('rate_limited', 'verification.tooManyCodes', {
      minutes: Math.max(1, Math.ceil((recent.oldest.getTime() + HOUR_MS - now.getTime()) / 60_000)),
    });
}

/**
 * Makes a code for an address and sends `message(code)` by the channel, or nothing when it gives null. The row is
 * written either way, so the resend wait and the limits, and the answer, are the same whoever owns the address. The
 * message leaves after the answer (not through the outbox, which would keep the code in clear text): a lost one is
 * asked for again after the resend wait. A code by SMS is counted against the SMS budget first, sent or not (the
 * answer must not tell whether a number has an account); over the budget nothing is written or sent and the caller
 * gets a 429 that names no budget.
 */
export async function issueCode(
  deps: CodeDeps,
  to: { purpose: CodePurpose; channel: CodeChannel; address: string; ip: string; lang: Lang },
  message: (code: string) => CodeMessage | null,
): Promise<CodeSent> {
  const now = deps.clock();
  const code = newCode();
  // Over the budget the transaction still commits: the administrators' alert is written in it.
  const overBudget = await deps.db.transaction(async (tx) => {
    await lockAddress(tx, to.purpose, to.address);
    await checkAddressLimits(tx, to.purpose, to.address, now);
    if (to.channel === 'sms') {
      const sms = { destination: to.address, client: to.ip, purpose: 'code' as const };
      if ((await spendSms(tx, deps.smsBudget, sms, now)) !== null) return true;
    }
    await insertCode(tx, {
      purpose: to.purpose,
      channel: to.channel,
      address: to.address,
      codeHash: hashCode(code),
      ip: to.ip,
      now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE.ttlSeconds * 1000),
    });
    return false;
  });
  if (overBudget) throw new AppError('rate_limited', 'verification.smsUnavailable');
  const words = message(code);
  if (words) {
    const sent = deps.senders[to.channel].send({
      messageId: randomUUID(),
      to: to.address,
      ...renderCodeMessage(words, to.lang, deps.publicUrl),
    });
    sent.catch((err: unknown) => deps.log.warn({ err, channel: to.channel }, 'verification code not sent'));
  }
  return { resendSeconds: VERIFICATION_CODE.resendSeconds, expiresInSeconds: VERIFICATION_CODE.ttlSeconds };
}

const codeExpired = () => invalid('verificationCode', 'verification.codeExpired');

/**
 * Checks a code for any of the addresses and, when right, spends it, then runs `work` in a transaction that retires
 * every other code of its address. A try is counted before the check; the fifth wrong one leaves the code dead. The
 * code is spent before `work` and stays spent when `work` refuses (a taken username, an unknown client code): one
 * code is one attempt past the check, so it cannot probe any number of usernames or client codes. `work`'s refusals
 * should say so on the code's field (codeSpent).
 */
export async function useCode<T>(
  deps: Pick<CodeDeps, 'db' | 'clock'>,
  purpose: CodePurpose,
  addresses: readonly string[],
  code: string,
  work: (tx: Queryable, address: string) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  const row = await takeTry(deps.db, purpose, addresses, now, VERIFICATION_CODE.maxWrongTries);
  if (!row) throw codeExpired();
  if (!codeMatches(row.codeHash, code)) throw invalid('verificationCode', 'verification.codeWrong');
  await giveTryBack(deps.db, row.id);
  // Committed on its own: a refusal of `work` rolls its transaction back, not the spending of the code.
  if (!(await markUsed(deps.db, row.id, now))) throw codeExpired();
  return deps.db.transaction(async (tx) => {
    const result = await work(tx, row.address);
    await retireCodes(tx, purpose, [row.address], now);
    return result;
  });
}

/**
 * A refusal past the code check (the code is spent, useCode): the field refused and, on the code's field, that a new
 * code is needed, so the form sends the user back to both.
 */
export function refusedWithCodeSpent(path: string, key: MessageKey): AppError {
  return new AppError(
    'validation',
    'error.validation',
    {},
    {
      issues: [
        { path, key, params: {} },
        { path: 'verificationCode', key: 'verification.codeSpent', params: {} },
      ],
    },
  );
}
