import type { Queryable } from '../../db/db.js';

/** Failed logins allowed in the window before an account or an address is locked out for the rest of it. */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 20 };

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

async function failuresSince(db: Queryable, key: string): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ n: number; oldest: Date | null }>(
    `SELECT count(*)::int AS n, min(at) AS oldest FROM login_failures WHERE key = $1 AND at > now() - make_interval(mins => $2)`,
    [key, LOGIN_LIMITS.windowMinutes],
  );
  return { count: rows[0]?.n ?? 0, oldest: rows[0]?.oldest ?? null };
}

/** Minutes until the caller may try again, or 0 when neither the account nor the address is locked. */
export async function lockedForMinutes(db: Queryable, username: string, ip: string): Promise<number> {
  const [account, address] = await Promise.all([failuresSince(db, accountKey(username)), failuresSince(db, ipKey(ip))]);
  const locked = [
    account.count >= LOGIN_LIMITS.perAccount ? account.oldest : null,
    address.count >= LOGIN_LIMITS.perIp ? address.oldest : null,
  ].filter((d): d is Date => d !== null);
  if (locked.length === 0) return 0;
  const until = Math.max(...locked.map((d) => d.getTime())) + LOGIN_LIMITS.windowMinutes * 60_000;
  return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
}

export async function recordFailure(db: Queryable, ip: string, username?: string): Promise<void> {
  await db.query(`INSERT INTO login_failures (key) VALUES ($1)`, [ipKey(ip)]);
  if (username) await db.query(`INSERT INTO login_failures (key) VALUES ($1)`, [accountKey(username)]);
}

export async function clearAccountFailures(db: Queryable, username: string): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE key = $1`, [accountKey(username)]);
}

export async function deleteOldFailures(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE at < now() - make_interval(mins => $1)`, [
    LOGIN_LIMITS.windowMinutes,
  ]);
}
