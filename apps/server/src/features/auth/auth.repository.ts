import type { Queryable } from '../../db/db.js';

// The auth feature's tables other than sessions (session.repository.ts): used password-blob nonces, captchas, login
// failures, the server's login key, and a role's views for the caller's profile.

/** Remembers a password blob's nonce until it could no longer be accepted anyway; false when it was used before. */
export async function rememberNonce(db: Queryable, nonce: string, forSeconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO used_nonces (nonce, expires_at) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [nonce, forSeconds],
  );
  return rows.length > 0;
}

export async function deleteExpiredNonces(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM used_nonces WHERE expires_at < now()`);
}

/** The views a role grants (its menu), empty for a missing role. */
export async function roleViews(db: Queryable, roleId: number): Promise<string[]> {
  const { rows } = await db.query<{ views: string[] }>(`SELECT views FROM roles WHERE id = $1`, [roleId]);
  return rows[0]?.views ?? [];
}

export async function insertCaptcha(db: Queryable, id: string, answerHash: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [id, answerHash, ttlSeconds],
  );
}

/** Deletes a captcha and returns its answer's hash and whether it was still live (undefined when there was none). */
export async function takeCaptcha(
  db: Queryable,
  id: string,
): Promise<{ answer_hash: string; live: boolean } | undefined> {
  const { rows } = await db.query<{ answer_hash: string; live: boolean }>(
    `DELETE FROM captchas WHERE id = $1 RETURNING answer_hash, expires_at > now() AS live`,
    [id],
  );
  return rows[0];
}

export async function deleteExpiredCaptchas(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM captchas WHERE expires_at < now()`);
}

/** How many failures a key has in the last `windowMinutes`, and when the oldest of them was. */
export async function failuresSince(
  db: Queryable,
  key: string,
  windowMinutes: number,
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ n: number; oldest: Date | null }>(
    `SELECT count(*)::int AS n, min(at) AS oldest FROM login_failures WHERE key = $1 AND at > now() - make_interval(mins => $2)`,
    [key, windowMinutes],
  );
  return { count: rows[0]?.n ?? 0, oldest: rows[0]?.oldest ?? null };
}

/** Counts one failure (or attempt) per key; returns the rows' ids, so an attempt that succeeds can be taken back. */
export async function insertFailures(db: Queryable, keys: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO login_failures (key) SELECT unnest($1::text[]) RETURNING id`,
    [[...keys]],
  );
  return rows.map((r) => String(r.id));
}

export async function deleteFailureRows(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`DELETE FROM login_failures WHERE id = ANY($1::int8[])`, [[...ids]]);
}

export async function deleteFailures(db: Queryable, key: string): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE key = $1`, [key]);
}

export async function deleteFailuresBefore(db: Queryable, windowMinutes: number): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE at < now() - make_interval(mins => $1)`, [windowMinutes]);
}

/** A server-wide secret by name (the login key), shared by every process. */
export async function serverSecret(db: Queryable, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = $1`, [name]);
  return rows[0]?.value;
}

/** Stores a secret unless another process stored one first; returns the one stored (theirs or this). */
export async function storeServerSecretOnce(db: Queryable, name: string, value: string): Promise<string> {
  await db.query(`INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    value,
  ]);
  return (await serverSecret(db, name)) ?? value;
}
