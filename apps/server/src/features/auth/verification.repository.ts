import type { CodeChannel, CodePurpose } from '@voltfleet/domain/auth';
import type { Queryable } from '../../db/db.js';

// The verification_codes table (migration 0031): registration and password-reset codes, stored hashed. Every time is
// the caller's clock (passed in), so the rules can be tested without waiting ten minutes.

export interface NewCode {
  purpose: CodePurpose;
  channel: CodeChannel;
  address: string;
  codeHash: string;
  ip: string;
  now: Date;
  expiresAt: Date;
}

/**
 * Holds a transaction-long lock on one address's codes, so parallel requests for it are checked against the limits
 * one after another (otherwise two could both find no recent code and both send one).
 */
export async function lockAddress(db: Queryable, purpose: CodePurpose, address: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`verification:${purpose}:${address}`]);
}

export async function insertCode(db: Queryable, c: NewCode): Promise<void> {
  await db.query(
    `INSERT INTO verification_codes (purpose, channel, address, code_hash, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.purpose, c.channel, c.address, c.codeHash, c.ip, c.now, c.expiresAt],
  );
}

/** How many codes went to an address since `since`, and when the latest and the oldest of them were made. */
export async function codesToAddressSince(
  db: Queryable,
  purpose: CodePurpose,
  address: string,
  since: Date,
): Promise<{ count: number; latest: Date | null; oldest: Date | null }> {
  const { rows } = await db.query<{ n: number; latest: Date | null; oldest: Date | null }>(
    `SELECT count(*)::int AS n, max(created_at) AS latest, min(created_at) AS oldest
       FROM verification_codes WHERE purpose = $1 AND address = $2 AND created_at > $3`,
    [purpose, address, since],
  );
  return { count: rows[0]?.n ?? 0, latest: rows[0]?.latest ?? null, oldest: rows[0]?.oldest ?? null };
}

/**
 * Counts one try on the newest live code of any of the addresses, *before* it is checked, and returns it: a burst
 * of parallel guesses is then checked no more often than guesses one at a time. Undefined when there is no live code
 * (none, expired, used, or out of tries).
 */
export async function takeTry(
  db: Queryable,
  purpose: CodePurpose,
  addresses: readonly string[],
  now: Date,
  maxTries: number,
): Promise<{ id: string; address: string; codeHash: string } | undefined> {
  const { rows } = await db.query<{ id: string; address: string; code_hash: string }>(
    `UPDATE verification_codes SET tries = tries + 1
      WHERE id = (SELECT id FROM verification_codes
                   WHERE purpose = $1 AND address = ANY($2::text[]) AND used_at IS NULL AND expires_at > $3
                   ORDER BY created_at DESC, id DESC LIMIT 1)
        AND tries < $4
      RETURNING id, address, code_hash`,
    [purpose, [...addresses], now, maxTries],
  );
  const row = rows[0];
  return row && { id: String(row.id), address: row.address, codeHash: row.code_hash };
}

/** A right code gives its try back: a wrong try counts, the right one is spent instead (useCode). */
export async function giveTryBack(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE verification_codes SET tries = tries - 1 WHERE id = $1 AND tries > 0`, [id]);
}

/** Marks a code used; false when another request used it first. */
export async function markUsed(db: Queryable, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE verification_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id`,
    [id, now],
  );
  return rows.length > 0;
}

/** Ends every other live code of the addresses once one was used (an older code must not open the account again). */
export async function retireCodes(db: Queryable, purpose: CodePurpose, addresses: readonly string[], now: Date) {
  await db.query(
    `UPDATE verification_codes SET used_at = $3 WHERE purpose = $1 AND address = ANY($2::text[]) AND used_at IS NULL`,
    [purpose, [...addresses], now],
  );
}

/** Rows older than a day are no use to any limit. */
export async function deleteOldCodes(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM verification_codes WHERE created_at < now() - interval '1 day'`);
}
