import type { Queryable } from '../../db/db.js';
import {
  deleteFailureRows,
  deleteFailures,
  deleteFailuresBefore,
  failuresSince,
  insertFailures,
} from './auth.repository.js';

/**
 * Failed logins allowed in the window (OWASP ASVS 2.2.1). Throttling is per account *and* client address, plus per
 * address across accounts; there is no lock of an account from everywhere, so no anonymous party can deny a user
 * their login by failing against it from elsewhere. The per-account brake is the captcha every attempt must solve
 * (single use), and the encrypted, single-use password blob.
 *
 * Failures per account from all addresses are deliberately not counted here: every login attempt, with the claimed
 * username and the address, is already an operation record (platform/audit.ts), which is where an alert on an
 * account under attack belongs.
 *
 * A password change counts wrong old passwords per session: the `perSessionPasswordChange`-th in the window ends
 * that session (a stolen session must not become an oracle for the password). Per session rather than per user, so
 * a thief's guesses never end the owner's own sessions or keep the owner from changing the password after logging
 * in again; a thief cannot open new sessions without the password.
 */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccountAndAddress: 5, perIp: 20, perSessionPasswordChange: 5 };

const pairKey = (username: string, ip: string) => `pair:${username.toLowerCase()}|${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;
const passwordChangeKey = (tokenHash: string) => `pwchange:${tokenHash}`;

const failuresInWindow = (db: Queryable, key: string) => failuresSince(db, key, LOGIN_LIMITS.windowMinutes);

const minutesLeft = (oldest: Date) =>
  Math.max(1, Math.ceil((oldest.getTime() + LOGIN_LIMITS.windowMinutes * 60_000 - Date.now()) / 60_000));

/** Minutes until this address may try this account again, or 0 when neither the pair nor the address is throttled. */
export async function lockedForMinutes(db: Queryable, username: string, ip: string): Promise<number> {
  const [pair, address] = await Promise.all([
    failuresInWindow(db, pairKey(username, ip)),
    failuresInWindow(db, ipKey(ip)),
  ]);
  const locked = [
    pair.count >= LOGIN_LIMITS.perAccountAndAddress ? pair.oldest : null,
    address.count >= LOGIN_LIMITS.perIp ? address.oldest : null,
  ].filter((d): d is Date => d !== null);
  return locked.length === 0 ? 0 : Math.max(...locked.map(minutesLeft));
}

/** Counts a failed login for the address and, when a username was given, for that account from that address. */
export async function recordFailure(db: Queryable, ip: string, username?: string): Promise<void> {
  await insertFailures(db, username ? [ipKey(ip), pairKey(username, ip)] : [ipKey(ip)]);
}

/**
 * Counts a password check for this account from this address *before* it is made, and says whether it may be made:
 * like a password change, a burst of parallel guesses is then checked no more often than guesses one at a time
 * (each attempt's count includes every attempt stored before it). The attempt counts as a failure unless
 * `loginSucceeded` takes it back. `lockedMinutes` > 0: over a limit, refuse without checking.
 */
export async function startLoginAttempt(
  db: Queryable,
  username: string,
  ip: string,
): Promise<{ rows: string[]; lockedMinutes: number }> {
  const rows = await insertFailures(db, [ipKey(ip), pairKey(username, ip)]);
  const [pair, address] = await Promise.all([
    failuresInWindow(db, pairKey(username, ip)),
    failuresInWindow(db, ipKey(ip)),
  ]);
  const over = [
    pair.count > LOGIN_LIMITS.perAccountAndAddress ? pair.oldest : null,
    address.count > LOGIN_LIMITS.perIp ? address.oldest : null,
  ].filter((d): d is Date => d !== null);
  return { rows, lockedMinutes: over.length === 0 ? 0 : Math.max(...over.map(minutesLeft)) };
}

/** The password was right: the attempt is taken back and the account's failures from this address are cleared. */
export async function loginSucceeded(db: Queryable, username: string, ip: string, attempt: string[]): Promise<void> {
  await deleteFailureRows(db, attempt);
  await deleteFailures(db, pairKey(username, ip));
}

/**
 * Counts a password-change attempt on a session *before* its old password is checked, and returns how many there
 * were in the window, this one included. Counting first is what makes the limit hold for parallel requests: were
 * only wrong answers counted, after the (slow) check, a burst of guesses would all be checked before any was
 * counted. Each attempt's count includes every attempt stored before it, so at most the limit ever get checked.
 * A right answer takes the session's count back (`clearPasswordChangeAttempts`).
 */
export async function countPasswordChangeAttempt(db: Queryable, tokenHash: string): Promise<number> {
  await insertFailures(db, [passwordChangeKey(tokenHash)]);
  return (await failuresInWindow(db, passwordChangeKey(tokenHash))).count;
}

export async function clearPasswordChangeAttempts(db: Queryable, tokenHash: string): Promise<void> {
  await deleteFailures(db, passwordChangeKey(tokenHash));
}

export async function deleteOldFailures(db: Queryable): Promise<void> {
  await deleteFailuresBefore(db, LOGIN_LIMITS.windowMinutes);
}
